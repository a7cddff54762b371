// The audit gate: every write operation of the contract (any method but GET) records exactly one
// audit event, in its transaction. The router records it for every route it marks as a write
// (http/routes.ts), so the gate checks that the contract's writes are all marked, then that real
// writes (with and without a transaction of their own, and one that fails) leave exactly one event
// per successful request, and none for a refused one.
import { loadOpenapiDocument } from "@docstack/contract";
import { answered, at, contractRoutes, refused, useHarness } from "@docstack/server/testing";

const h = useHarness();

test("every write operation of the contract records an audit event", () => {
  const routes = contractRoutes(loadOpenapiDocument());
  const unrecorded = routes.filter((route) => route.method !== "get" && !route.audit).map((route) => route.operationId);
  expect(unrecorded).toEqual([]);
  expect(routes.filter((route) => route.method === "get" && route.audit)).toEqual([]);
});

test("exactly one event per successful write, in its organization, with its request ID; none for a refused one", async () => {
  const org = await h.organization();
  const admin = h.as(org.admin);
  const inOrg = at({ organizationId: org.id });
  const requestId = (id: string) => ({ headers: { "X-Request-Id": id } });
  const events = async (id: string) => h.services.prisma.auditEvent.findMany({ where: { requestId: id } });

  // A write with a transaction of its own (createSpace), one without (updateTeam), and a refused one.
  const space = await answered(admin.POST("/v1/orgs/{organizationId}/spaces", { ...inOrg, body: { title: "Audited" }, ...requestId("audit-gate-1") }), 201);
  expect(await events("audit-gate-1")).toMatchObject([{ organizationId: org.id, action: "createSpace", actorId: org.admin.id }]);
  const team = await answered(admin.PUT("/v1/orgs/{organizationId}/teams", { ...inOrg, body: { title: "T" }, ...requestId("audit-gate-2") }), 201);
  const inTeam = at({ organizationId: org.id, teamId: team.id });
  await answered(admin.PATCH("/v1/orgs/{organizationId}/teams/{teamId}", { ...inTeam, body: { title: "U" }, ...requestId("audit-gate-3") }), 200);
  expect(await events("audit-gate-3")).toMatchObject([{ action: "updateTeamInOrganizationById", targetType: "team", targetId: team.id }]);
  const reader = h.as(await h.member(org.id, "read"));
  await refused(reader.DELETE("/v1/spaces/{spaceId}", { ...at({ spaceId: space.id }), ...requestId("audit-gate-4") }), 403);
  expect(await events("audit-gate-4")).toEqual([]);

  // What the API answers: GitBook's shapes, newest first, filtered.
  const list = await answered(
    admin.GET("/v1/orgs/{organizationId}/audit-events", { params: { path: { organizationId: org.id }, query: { target: team.id } } }),
    200,
  );
  expect(list.items.map((e) => e.action)).toEqual(["updateTeamInOrganizationById"]);
  const all = await answered(admin.GET("/v1/orgs/{organizationId}/audit-events", inOrg), 200);
  const newest = all.items[0]!;
  expect(newest).toMatchObject({
    object: "audit-event",
    action: "updateTeamInOrganizationById",
    actor: { type: "user", id: org.admin.id },
    source: "api",
  });
  const one = await answered(admin.GET("/v1/orgs/{organizationId}/audit-events/{auditEventId}", at({ organizationId: org.id, auditEventId: newest.id })), 200);
  expect(one).toMatchObject({ executionId: "audit-gate-3", schemaVersion: 1, payload: { operationId: "updateTeamInOrganizationById" } });
  const actions = await answered(admin.GET("/v1/orgs/{organizationId}/audit-event-actions", inOrg), 200);
  expect(actions.items).toEqual(expect.arrayContaining([{ object: "audit-event-action", id: "webhook.created", label: "Create a webhook" }]));
  await refused(reader.GET("/v1/orgs/{organizationId}/audit-events", inOrg), 403);
});
