// The audit log's filters, each alone and together, and its refusals of a bad value. Events are made by real
// writes of the API; their times are then set in the database, so that a time range has something to exclude.
import { answered, at, refused, useHarness } from "../../../test/support/harness";

const h = useHarness();
const EVENTS = "/v1/orgs/{organizationId}/audit-events";

/** An organization where the admin created a space and a team, and an editor created a space, an hour apart each. */
async function setUp() {
  const org = await h.organization();
  const editor = await h.member(org.id, "create");
  const inOrg = at({ organizationId: org.id });
  const admin = h.as(org.admin);
  const adminSpace = await answered(admin.POST("/v1/orgs/{organizationId}/spaces", { ...inOrg, body: { title: "Admin's" } }), 201);
  const team = await answered(admin.PUT("/v1/orgs/{organizationId}/teams", { ...inOrg, body: { title: "Team" } }), 201);
  const editorSpace = await answered(h.as(editor).POST("/v1/orgs/{organizationId}/spaces", { ...inOrg, body: { title: "Editor's" } }), 201);
  const events = await h.services.prisma.auditEvent.findMany({ where: { organizationId: org.id }, orderBy: [{ occurredAt: "asc" }, { id: "asc" }] });
  expect(events).toHaveLength(3);
  const hours = ["2026-11-01T09:00:00.000Z", "2026-11-01T10:00:00.000Z", "2026-11-01T11:00:00.000Z"];
  await h.direct((prisma) =>
    Promise.all(events.map((event, i) => prisma.auditEvent.update({ where: { id: event.id }, data: { occurredAt: new Date(hours[i]!) } }))),
  );
  /** The actions and targets of the listed events, newest first. */
  const list = async (query: Record<string, string>) => {
    const body = await answered(admin.GET(EVENTS, { params: { path: { organizationId: org.id }, query } }), 200);
    return body.items.map((event) => `${event.actor.id === editor.id ? "editor" : "admin"} ${event.action} ${event.target.type}`);
  };
  return { org, admin, editor, adminSpace, team, editorSpace, list };
}

describe("listing the audit log, filtered", () => {
  it("filters by person, action, target type and target, alone and together", async () => {
    const { editor, org, team, list } = await setUp();
    expect(await list({})).toEqual(["editor createSpace organization", "admin createOrganizationTeam organization", "admin createSpace organization"]);
    expect(await list({ actor: editor.id })).toEqual(["editor createSpace organization"]);
    expect(await list({ actor: org.admin.id, action: "createSpace" })).toEqual(["admin createSpace organization"]);
    expect(await list({ action: "createOrganizationTeam" })).toEqual(["admin createOrganizationTeam organization"]);
    expect(await list({ targetType: "organization", target: org.id, actor: org.admin.id })).toHaveLength(2);
    expect(await list({ targetType: "space" })).toEqual([]);
    expect(await list({ target: team.id })).toEqual([]);
  });

  it("filters by time, bounds included", async () => {
    const { list } = await setUp();
    expect(await list({ from: "2026-11-01T10:00:00.000Z" })).toEqual(["editor createSpace organization", "admin createOrganizationTeam organization"]);
    expect(await list({ to: "2026-11-01T10:00:00.000Z" })).toEqual(["admin createOrganizationTeam organization", "admin createSpace organization"]);
    expect(await list({ from: "2026-11-01T10:00:00Z", to: "2026-11-01T10:00:00Z" })).toEqual(["admin createOrganizationTeam organization"]);
    // With an offset: 11:30 in Paris is 10:30 UTC.
    expect(await list({ from: "2026-11-01T11:30:00+01:00" })).toEqual(["editor createSpace organization"]);
    expect(await list({ from: "2026-11-02T00:00:00Z" })).toEqual([]);
  });

  it("pages through a filtered log, the cursor keeping the filters", async () => {
    const { admin, org, list } = await setUp();
    expect(await list({ actor: org.admin.id })).toHaveLength(2);
    const path = { organizationId: org.id };
    const first = await answered(admin.GET(EVENTS, { params: { path, query: { actor: org.admin.id, limit: 1 } } }), 200);
    expect(first).toMatchObject({ count: 2, items: [{ action: "createOrganizationTeam" }] });
    const second = await answered(admin.GET(EVENTS, { params: { path, query: { actor: org.admin.id, limit: 1, page: first.next!.page } } }), 200);
    expect(second.items.map((event) => event.action)).toEqual(["createSpace"]);
    expect(second.next).toBeUndefined();
    // The cursor under other filters is refused, not answered with another list's page.
    const replayed = await refused(admin.GET(EVENTS, { params: { path, query: { action: "createOrganizationTeam", limit: 1, page: first.next!.page } } }), 400);
    expect(replayed.error.reason).toBe("invalid_cursor");
  });

  it("refuses a range whose end is before its start, a malformed date and an empty target type (400)", async () => {
    const { admin, org } = await setUp();
    const path = { organizationId: org.id };
    const swapped = await refused(admin.GET(EVENTS, { params: { path, query: { from: "2026-11-01T11:00:00Z", to: "2026-11-01T10:00:00Z" } } }), 400);
    expect(swapped.error).toMatchObject({ reason: "invalid_request", message: expect.stringContaining("request/query/to") });
    // With a cursor that is not one, the cursor is named first.
    const both = await refused(
      admin.GET(EVENTS, { params: { path, query: { from: "2026-11-01T11:00:00Z", to: "2026-11-01T10:00:00Z", page: "not-a-cursor" } } }),
      400,
    );
    expect(both.error.reason).toBe("invalid_cursor");
    for (const query of [{ from: "yesterday" }, { to: "2026-13-01T00:00:00Z" }, { to: "2026-11-01" }, { targetType: "" }, { targetType: "x".repeat(101) }]) {
      const refusal = await refused(admin.GET(EVENTS, { params: { path, query } }), 400);
      expect(refusal.error.reason).toBe("invalid_request");
    }
  });

  it("is for admins only, and another organization's events are not listed", async () => {
    const { org, editor, list } = await setUp();
    await refused(h.as(editor).GET(EVENTS, at({ organizationId: org.id })), 403);
    const other = await h.organization();
    await answered(h.as(other.admin).PUT("/v1/orgs/{organizationId}/teams", { ...at({ organizationId: other.id }), body: { title: "Elsewhere" } }), 201);
    expect(await list({ action: "createOrganizationTeam" })).toHaveLength(1);
  });
});
