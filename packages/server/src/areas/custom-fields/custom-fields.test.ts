import { type TestUser, useHarness } from "../../../test/support/harness";

const h = useHarness();

const get = (user: TestUser, url: string) => h.api.get(url).set("Authorization", user.auth);
const post = (user: TestUser, url: string, body: object) => h.api.post(url).set("Authorization", user.auth).send(body);
const patch = (user: TestUser, url: string, body: object) => h.api.patch(url).set("Authorization", user.auth).send(body);
const del = (user: TestUser, url: string) => h.api.delete(url).set("Authorization", user.auth);

/** An organization with a space and one field of each type. */
async function setUp() {
  const org = await h.organization();
  const fields = `/v1/orgs/${org.id}/custom-fields`;
  const space = (await post(org.admin, `/v1/orgs/${org.id}/spaces`, { title: "Docs" }).expect(201)).body as { id: string };
  const definitions = [
    { name: "notes", type: "text" },
    { name: "score", type: "number" },
    { name: "reviewed", type: "boolean" },
    { name: "area", type: "select", options: ["Billing", "Editor"] },
    { name: "tags", type: "multi-select", options: ["a", "b", "c"] },
  ];
  for (const definition of definitions) await post(org.admin, fields, definition).expect(201);
  const values = `/v1/spaces/${space.id}/custom-fields`;
  const stored = async () => {
    const entries = (await get(org.admin, values).expect(200)).body as { customField: { name: string }; value?: unknown }[];
    return Object.fromEntries(entries.filter((entry) => "value" in entry).map((entry) => [entry.customField.name, entry.value]));
  };
  return { org, fields, space, values, stored };
}

describe("custom fields", () => {
  it("creates fields of every type, lists them in creation order and gets one by name", async () => {
    const org = await h.organization();
    const fields = `/v1/orgs/${org.id}/custom-fields`;
    const created = await post(org.admin, fields, {
      name: "product-area",
      type: "select",
      title: "Product area",
      description: "",
      placeholder: "Choose",
      options: ["Billing", "Editor"],
    }).expect(201);
    expect(created.body).toMatchObject({
      name: "product-area",
      type: "select",
      title: "Product area",
      description: "",
      placeholder: "Choose",
      options: ["Billing", "Editor"],
      permissions: { view: true, edit: true },
    });
    expect(created.body.urls.location).toMatch(new RegExp(`/v1/orgs/${org.id}/custom-fields/product-area$`));
    const plain = await post(org.admin, fields, { name: "reviewed", type: "boolean" }).expect(201);
    expect(plain.body).not.toHaveProperty("options");
    expect(plain.body).not.toHaveProperty("title");

    const reader = await h.member(org.id, "read");
    const list = await get(reader, fields).expect(200);
    expect(list.body.items.map((f: { name: string }) => f.name)).toEqual(["product-area", "reviewed"]);
    expect(list.body.items[0].permissions).toEqual({ view: true, edit: false });
    const page = await get(reader, `${fields}?limit=1`).expect(200);
    const next = await get(reader, `${fields}?limit=1&page=${page.body.next.page}`).expect(200);
    expect(next.body.items.map((f: { name: string }) => f.name)).toEqual(["reviewed"]);
    expect((await get(reader, `${fields}/reviewed`).expect(200)).body.type).toBe("boolean");
    await get(reader, `${fields}/unknown`).expect(404);
  });

  it("refuses options where the type does not take them, names in use (409), bad names (400)", async () => {
    const org = await h.organization();
    const fields = `/v1/orgs/${org.id}/custom-fields`;
    expect((await post(org.admin, fields, { name: "area", type: "select" }).expect(400)).body.error.message).toMatch(/request\/body\/options/);
    await post(org.admin, fields, { name: "area", type: "multi-select" }).expect(400);
    expect((await post(org.admin, fields, { name: "notes", type: "text", options: ["x"] }).expect(400)).body.error.message).toMatch(/request\/body\/options/);
    await post(org.admin, fields, { name: "Upper Case", type: "text" }).expect(400);
    await post(org.admin, fields, { name: "tags", type: "select", options: ["a", "a"] }).expect(400);
    await post(org.admin, fields, { name: "notes", type: "text" }).expect(201);
    expect((await post(org.admin, fields, { name: "notes", type: "number" }).expect(409)).body.error.message).toContain("notes");
    expect(await h.services.prisma.customField.count({ where: { organizationId: org.id } })).toBe(1);
  });

  it("lets only admins define fields (403) and hides them from outsiders (404)", async () => {
    const org = await h.organization();
    const fields = `/v1/orgs/${org.id}/custom-fields`;
    await post(org.admin, fields, { name: "secret-field", type: "text", title: "Secret title" }).expect(201);
    const creator = await h.member(org.id, "create");
    await post(creator, fields, { name: "other", type: "text" }).expect(403);
    await patch(creator, `${fields}/secret-field`, { title: "X" }).expect(403);
    await del(creator, `${fields}/secret-field`).expect(403);
    const outsider = (await h.organization()).admin;
    const hidden = await get(outsider, `${fields}/secret-field`).expect(404);
    expect(JSON.stringify(hidden.body)).not.toContain("Secret title");
    await get(outsider, fields).expect(404);
    await del(outsider, `${fields}/secret-field`).expect(404);
    expect((await get(org.admin, `${fields}/secret-field`).expect(200)).body.title).toBe("Secret title");
  });

  it("updates the fields sent, null removes, name and type stay", async () => {
    const org = await h.organization();
    const url = `/v1/orgs/${org.id}/custom-fields/notes`;
    await post(org.admin, `/v1/orgs/${org.id}/custom-fields`, { name: "notes", type: "text", title: "Notes", placeholder: "Write" }).expect(201);
    const updated = await patch(org.admin, url, { title: null, description: "What is left to do" }).expect(200);
    expect(updated.body).toMatchObject({ name: "notes", type: "text", description: "What is left to do", placeholder: "Write" });
    expect(updated.body).not.toHaveProperty("title");
    expect((await patch(org.admin, url, { options: ["a"] }).expect(400)).body.error.message).toMatch(/request\/body\/options/);
    await patch(org.admin, url, { name: "renamed" }).expect(400);
    await patch(org.admin, url, { type: "number" }).expect(400);
    await patch(org.admin, `/v1/orgs/${org.id}/custom-fields/unknown`, { title: "X" }).expect(404);
  });

  it("sets, replaces and removes a space's values, each checked against its field's type", async () => {
    const { org, values, stored } = await setUp();
    expect(await stored()).toEqual({});
    const all = (await get(org.admin, values).expect(200)).body as { customField: { name: string } }[];
    expect(all.map((entry) => entry.customField.name)).toEqual(["notes", "score", "reviewed", "area", "tags"]);

    const editor = await h.member(org.id, "edit");
    await patch(editor, values, {
      values: { notes: { value: "x".repeat(256) }, score: { value: 2.5 }, reviewed: { value: false }, area: { value: "Editor" }, tags: { value: ["c", "a"] } },
    }).expect(204);
    expect(await stored()).toEqual({ notes: "x".repeat(256), score: 2.5, reviewed: false, area: "Editor", tags: ["c", "a"] });
    // Fields not named keep their value; null removes one.
    await patch(editor, values, { values: { score: { value: null }, tags: { value: [] } } }).expect(204);
    expect(await stored()).toEqual({ notes: "x".repeat(256), reviewed: false, area: "Editor", tags: [] });
  });

  it("refuses values that do not fit and unknown fields with 400 naming them, changing nothing", async () => {
    const { org, values, stored } = await setUp();
    await patch(org.admin, values, { values: { notes: { value: "kept" } } }).expect(204);
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
      const res = await patch(org.admin, values, { values: { score: { value: 1 }, [name]: { value } } }).expect(400);
      expect(res.body.error.message).toContain(name);
    }
    const unknown = await patch(org.admin, values, { values: { score: { value: 1 }, nope: { value: "x" } } }).expect(400);
    expect(unknown.body.error.message).toContain("request/body/values/nope");
    expect(await stored()).toEqual({ notes: "kept" });
  });

  it("needs edit on the space to set values (403), refuses a locked space (409), hides it from outsiders (404)", async () => {
    const { org, space, values, stored } = await setUp();
    const commenter = await h.member(org.id, "comment");
    expect((await get(commenter, values).expect(200)).body).toHaveLength(5);
    await patch(commenter, values, { values: { reviewed: { value: true } } }).expect(403);
    await patch(org.admin, `/v1/spaces/${space.id}`, { editMode: "locked" }).expect(200);
    await patch(org.admin, values, { values: { reviewed: { value: true } } }).expect(409);
    const outsider = (await h.organization()).admin;
    await get(outsider, values).expect(404);
    await patch(outsider, values, { values: { reviewed: { value: true } } }).expect(404);
    expect(await stored()).toEqual({});
  });

  it("removes values no longer among a field's options when the options change", async () => {
    const { org, fields, values, stored } = await setUp();
    const second = (await post(org.admin, `/v1/orgs/${org.id}/spaces`, { title: "Other" }).expect(201)).body.id as string;
    await patch(org.admin, values, { values: { area: { value: "Billing" }, tags: { value: ["a", "b", "c"] } } }).expect(204);
    await patch(org.admin, `/v1/spaces/${second}/custom-fields`, { values: { area: { value: "Editor" } } }).expect(204);
    const area = await patch(org.admin, `${fields}/area`, { options: ["Editor", "Search"] }).expect(200);
    expect(area.body.options).toEqual(["Editor", "Search"]);
    await patch(org.admin, `${fields}/tags`, { options: ["b", "d"] }).expect(200);
    expect(await stored()).toEqual({ tags: ["b"] });
    const other = (await get(org.admin, `/v1/spaces/${second}/custom-fields`).expect(200)).body as { customField: { name: string }; value?: unknown }[];
    expect(other.find((entry) => entry.customField.name === "area")?.value).toBe("Editor");
  });

  it("deletes a field with every space's value, and its name can be used again", async () => {
    const { org, fields, values, stored } = await setUp();
    await patch(org.admin, values, { values: { area: { value: "Billing" }, notes: { value: "n" } } }).expect(204);
    await del(org.admin, `${fields}/area`).expect(204);
    expect(await stored()).toEqual({ notes: "n" });
    await del(org.admin, `${fields}/area`).expect(404);
    const again = await post(org.admin, fields, { name: "area", type: "text" }).expect(201);
    expect(again.body.type).toBe("text");
    expect(await stored()).toEqual({ notes: "n" });
  });
});
