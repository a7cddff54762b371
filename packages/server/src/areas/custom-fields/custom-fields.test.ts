import type { Schemas } from "@docstack/contract";
import { type ApiClient, answered, refused, untyped, useHarness } from "../../../test/support/harness";

const h = useHarness();

const FIELDS = "/v1/orgs/{organizationId}/custom-fields";
const FIELD = "/v1/orgs/{organizationId}/custom-fields/{fieldName}";
const VALUES = "/v1/spaces/{spaceId}/custom-fields";

/** The paths' parameters of an organization's fields, of one of them, of a space's values. */
const inOrg = (organizationId: string) => ({ params: { path: { organizationId } } });
const field = (organizationId: string, fieldName: string) => ({ params: { path: { organizationId, fieldName } } });
const ofSpace = (spaceId: string) => ({ params: { path: { spaceId } } });

const newSpace = (client: ApiClient, organizationId: string, title: string) =>
  answered(client.POST("/v1/orgs/{organizationId}/spaces", { ...inOrg(organizationId), body: { title } }), 201);

/** An organization with a space and one field of each type. */
async function setUp() {
  const org = await h.organization();
  const admin = h.as(org.admin);
  const space = await newSpace(admin, org.id, "Docs");
  const definitions: Schemas["CreateCustomFieldRequest"][] = [
    { name: "notes", type: "text" },
    { name: "score", type: "number" },
    { name: "reviewed", type: "boolean" },
    { name: "area", type: "select", options: ["Billing", "Editor"] },
    { name: "tags", type: "multi-select", options: ["a", "b", "c"] },
  ];
  for (const definition of definitions) await answered(admin.POST(FIELDS, { ...inOrg(org.id), body: definition }), 201);
  const values = ofSpace(space.id);
  const stored = async () => {
    const entries = await answered(admin.GET(VALUES, values), 200);
    return Object.fromEntries(entries.filter((entry) => "value" in entry).map((entry) => [entry.customField.name, entry.value]));
  };
  return { org, admin, space, values, stored };
}

describe("custom fields", () => {
  it("creates fields of every type, lists them in creation order and gets one by name", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const created = await answered(
      admin.POST(FIELDS, {
        ...inOrg(org.id),
        body: { name: "product-area", type: "select", title: "Product area", description: "", placeholder: "Choose", options: ["Billing", "Editor"] },
      }),
      201,
    );
    expect(created).toMatchObject({
      name: "product-area",
      type: "select",
      title: "Product area",
      description: "",
      placeholder: "Choose",
      options: ["Billing", "Editor"],
      permissions: { view: true, edit: true },
    });
    expect(created.urls.location).toMatch(new RegExp(`/v1/orgs/${org.id}/custom-fields/product-area$`));
    const plain = await answered(admin.POST(FIELDS, { ...inOrg(org.id), body: { name: "reviewed", type: "boolean" } }), 201);
    expect(plain).not.toHaveProperty("options");
    expect(plain).not.toHaveProperty("title");

    const reader = h.as(await h.member(org.id, "read"));
    const list = await answered(reader.GET(FIELDS, inOrg(org.id)), 200);
    expect(list.items.map((f) => f.name)).toEqual(["product-area", "reviewed"]);
    expect(list.items[0]?.permissions).toEqual({ view: true, edit: false });
    const page = await answered(reader.GET(FIELDS, { params: { path: { organizationId: org.id }, query: { limit: 1 } } }), 200);
    const next = await answered(reader.GET(FIELDS, { params: { path: { organizationId: org.id }, query: { limit: 1, page: page.next?.page } } }), 200);
    expect(next.items.map((f) => f.name)).toEqual(["reviewed"]);
    expect((await answered(reader.GET(FIELD, field(org.id, "reviewed")), 200)).type).toBe("boolean");
    await refused(reader.GET(FIELD, field(org.id, "unknown")), 404);
  });

  it("refuses options where the type does not take them, names in use (409), bad names (400)", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const create = (body: Schemas["CreateCustomFieldRequest"]) => admin.POST(FIELDS, { ...inOrg(org.id), body });
    expect((await refused(create({ name: "area", type: "select" }), 400)).error.message).toMatch(/request\/body\/options/);
    await refused(create({ name: "area", type: "multi-select" }), 400);
    expect((await refused(create({ name: "notes", type: "text", options: ["x"] }), 400)).error.message).toMatch(/request\/body\/options/);
    await refused(create({ name: "Upper Case", type: "text" }), 400);
    await refused(create({ name: "tags", type: "select", options: ["a", "a"] }), 400);
    await answered(create({ name: "notes", type: "text" }), 201);
    expect((await refused(create({ name: "notes", type: "number" }), 409)).error.message).toContain("notes");
    expect(await h.services.prisma.customField.count({ where: { organizationId: org.id } })).toBe(1);
  });

  it("lets only admins define fields (403) and hides them from outsiders (404)", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    await answered(admin.POST(FIELDS, { ...inOrg(org.id), body: { name: "secret-field", type: "text", title: "Secret title" } }), 201);
    const creator = h.as(await h.member(org.id, "create"));
    await refused(creator.POST(FIELDS, { ...inOrg(org.id), body: { name: "other", type: "text" } }), 403);
    await refused(creator.PATCH(FIELD, { ...field(org.id, "secret-field"), body: { title: "X" } }), 403);
    await refused(creator.DELETE(FIELD, field(org.id, "secret-field")), 403);
    const outsider = h.as((await h.organization()).admin);
    const hidden = await refused(outsider.GET(FIELD, field(org.id, "secret-field")), 404);
    expect(JSON.stringify(hidden)).not.toContain("Secret title");
    await refused(outsider.GET(FIELDS, inOrg(org.id)), 404);
    await refused(outsider.DELETE(FIELD, field(org.id, "secret-field")), 404);
    expect((await answered(admin.GET(FIELD, field(org.id, "secret-field")), 200)).title).toBe("Secret title");
  });

  it("updates the fields sent, null removes, name and type stay", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const notes = field(org.id, "notes");
    await answered(admin.POST(FIELDS, { ...inOrg(org.id), body: { name: "notes", type: "text", title: "Notes", placeholder: "Write" } }), 201);
    const updated = await answered(admin.PATCH(FIELD, { ...notes, body: { title: null, description: "What is left to do" } }), 200);
    expect(updated).toMatchObject({ name: "notes", type: "text", description: "What is left to do", placeholder: "Write" });
    expect(updated).not.toHaveProperty("title");
    expect((await refused(admin.PATCH(FIELD, { ...notes, body: { options: ["a"] } }), 400)).error.message).toMatch(/request\/body\/options/);
    await refused(admin.PATCH(FIELD, { ...notes, body: untyped({ name: "renamed" }) }), 400);
    await refused(admin.PATCH(FIELD, { ...notes, body: untyped({ type: "number" }) }), 400);
    await refused(admin.PATCH(FIELD, { ...field(org.id, "unknown"), body: { title: "X" } }), 404);
  });

  it("sets, replaces and removes a space's values, each checked against its field's type", async () => {
    const { org, admin, values, stored } = await setUp();
    expect(await stored()).toEqual({});
    const all = await answered(admin.GET(VALUES, values), 200);
    expect(all.map((entry) => entry.customField.name)).toEqual(["notes", "score", "reviewed", "area", "tags"]);

    const editor = h.as(await h.member(org.id, "edit"));
    await answered(
      editor.PATCH(VALUES, {
        ...values,
        body: {
          values: {
            notes: { value: "x".repeat(256) },
            score: { value: 2.5 },
            reviewed: { value: false },
            area: { value: "Editor" },
            tags: { value: ["c", "a"] },
          },
        },
      }),
      204,
    );
    expect(await stored()).toEqual({ notes: "x".repeat(256), score: 2.5, reviewed: false, area: "Editor", tags: ["c", "a"] });
    // Fields not named keep their value; null removes one.
    await answered(editor.PATCH(VALUES, { ...values, body: { values: { score: { value: null }, tags: { value: [] } } } }), 204);
    expect(await stored()).toEqual({ notes: "x".repeat(256), reviewed: false, area: "Editor", tags: [] });
  });

  it("refuses values that do not fit and unknown fields with 400 naming them, changing nothing", async () => {
    const { admin, values, stored } = await setUp();
    await answered(admin.PATCH(VALUES, { ...values, body: { values: { notes: { value: "kept" } } } }), 204);
    const cases: [string, unknown][] = [
      ["notes", 3],
      ["notes", "x".repeat(257)],
      ["score", "3"],
      ["reviewed", "true"],
      ["area", "Search"],
      ["area", ["Editor"]],
      ["tags", ["a", "z"]],
      ["tags", "a"],
      ["tags", ["a", "a"]],
    ];
    for (const [name, value] of cases) {
      const failure = await refused(admin.PATCH(VALUES, { ...values, body: { values: { score: { value: 1 }, [name]: { value: untyped(value) } } } }), 400);
      expect(failure.error.message).toContain(name);
    }
    const unknown = await refused(admin.PATCH(VALUES, { ...values, body: { values: { score: { value: 1 }, nope: { value: "x" } } } }), 400);
    expect(unknown.error.message).toContain("request/body/values/nope");
    expect(await stored()).toEqual({ notes: "kept" });
  });

  it("needs edit on the space to set values (403), refuses a locked space (409), hides it from outsiders (404)", async () => {
    const { org, admin, space, values, stored } = await setUp();
    const commenter = h.as(await h.member(org.id, "comment"));
    expect(await answered(commenter.GET(VALUES, values), 200)).toHaveLength(5);
    await refused(commenter.PATCH(VALUES, { ...values, body: { values: { reviewed: { value: true } } } }), 403);
    await answered(admin.PATCH("/v1/spaces/{spaceId}", { ...ofSpace(space.id), body: { editMode: "locked" } }), 200);
    await refused(admin.PATCH(VALUES, { ...values, body: { values: { reviewed: { value: true } } } }), 409);
    const outsider = h.as((await h.organization()).admin);
    await refused(outsider.GET(VALUES, values), 404);
    await refused(outsider.PATCH(VALUES, { ...values, body: { values: { reviewed: { value: true } } } }), 404);
    expect(await stored()).toEqual({});
  });

  it("removes values no longer among a field's options when the options change", async () => {
    const { org, admin, values, stored } = await setUp();
    const second = ofSpace((await newSpace(admin, org.id, "Other")).id);
    await answered(admin.PATCH(VALUES, { ...values, body: { values: { area: { value: "Billing" }, tags: { value: ["a", "b", "c"] } } } }), 204);
    await answered(admin.PATCH(VALUES, { ...second, body: { values: { area: { value: "Editor" } } } }), 204);
    const area = await answered(admin.PATCH(FIELD, { ...field(org.id, "area"), body: { options: ["Editor", "Search"] } }), 200);
    expect(area.options).toEqual(["Editor", "Search"]);
    await answered(admin.PATCH(FIELD, { ...field(org.id, "tags"), body: { options: ["b", "d"] } }), 200);
    expect(await stored()).toEqual({ tags: ["b"] });
    const other = await answered(admin.GET(VALUES, second), 200);
    expect(other.find((entry) => entry.customField.name === "area")?.value).toBe("Editor");
  });

  it("deletes a field with every space's value, and its name can be used again", async () => {
    const { org, admin, values, stored } = await setUp();
    await answered(admin.PATCH(VALUES, { ...values, body: { values: { area: { value: "Billing" }, notes: { value: "n" } } } }), 204);
    await answered(admin.DELETE(FIELD, field(org.id, "area")), 204);
    expect(await stored()).toEqual({ notes: "n" });
    await refused(admin.DELETE(FIELD, field(org.id, "area")), 404);
    const again = await answered(admin.POST(FIELDS, { ...inOrg(org.id), body: { name: "area", type: "text" } }), 201);
    expect(again.type).toBe("text");
    expect(await stored()).toEqual({ notes: "n" });
  });
});
