// Spaces through GitBook's client.
import { SpaceEditMode } from "@gitbook/api";
import { docstack, gitbook, server, statusOf, unique } from "./gitbook";

const api = gitbook();

it("deleteSpaceById answers 205, and the space is gone", async () => {
  const { id, revision } = await docstack<{ id: string; revision: string }>("POST", `/orgs/${server.organizationId}/spaces`, { title: unique("Doomed") });
  expect((await api.spaces.getRevisionById(id, revision)).data.id).toBe(revision);
  const response = await api.spaces.deleteSpaceById(id);
  expect(response.status).toBe(205);
  expect(await statusOf(api.spaces.getRevisionById(id, revision))).toBe(404);
});

it("createSpace answers the space with GitBook's mergeRules", async () => {
  const created = await api.orgs.createSpace(server.organizationId, { title: unique("Guide"), emoji: "1f4d8" });
  expect(created.status).toBe(201);
  expect(created.data).toMatchObject({ emoji: "1f4d8", mergeRules: { type: "inherit" } });
});

it("getSpaceById reads a space as it was made", async () => {
  const { data: space } = await api.orgs.createSpace(server.organizationId, { title: unique("Read") });
  expect((await api.spaces.getSpaceById(space.id)).data).toMatchObject({ id: space.id, title: space.title });
});

it("updateSpaceById changes the title and the edit mode", async () => {
  const { data: space } = await api.orgs.createSpace(server.organizationId, { title: unique("Before") });
  const updated = await api.spaces.updateSpaceById(space.id, { title: unique("After"), editMode: SpaceEditMode.Locked });
  expect(updated.data.editMode).toBe("locked");
  expect((await api.spaces.getSpaceById(space.id)).data.title).toBe(updated.data.title);
});

it("updateSpaceById with emoji: null or icon: null removes the icon", async () => {
  const { data: space } = await api.orgs.createSpace(server.organizationId, { title: unique("Iconic"), emoji: "1f4d8" });
  expect((await api.spaces.updateSpaceById(space.id, { emoji: null })).data.emoji).toBe("");
  await api.spaces.updateSpaceById(space.id, { emoji: "1f600" });
  expect((await api.spaces.updateSpaceById(space.id, { icon: null })).data.emoji).toBe("");
});

it("listSpacesInOrganizationById lists a space just made", async () => {
  const { data: space } = await api.orgs.createSpace(server.organizationId, { title: unique("Listed") });
  const seen: string[] = [];
  for (let page: string | undefined, n = 0; n < 50; n++) {
    const { data } = await api.orgs.listSpacesInOrganizationById(server.organizationId, { page, limit: 100 });
    seen.push(...data.items.map((item) => item.id));
    page = data.next?.page;
    if (!page) break;
  }
  expect(seen).toContain(space.id);
});

it("duplicateSpace answers a new space with the same title", async () => {
  const { data: space } = await api.orgs.createSpace(server.organizationId, { title: unique("Original") });
  const copy = await api.spaces.duplicateSpace(space.id);
  expect(copy.data.id).not.toBe(space.id);
  expect(copy.data.title).toContain(space.title);
});

it("moveSpace into a collection", async () => {
  const { data: space } = await api.orgs.createSpace(server.organizationId, { title: unique("Mover") });
  const collection = await docstack<{ id: string }>("POST", `/orgs/${server.organizationId}/collections`, { title: unique("Shelf") });
  expect((await api.spaces.moveSpace(space.id, { parent: collection.id })).data.parent).toBe(collection.id);
});

it("restoreSpace brings a deleted space back", async () => {
  const { data: space } = await api.orgs.createSpace(server.organizationId, { title: unique("Restored") });
  await api.spaces.deleteSpaceById(space.id);
  expect(await statusOf(api.spaces.getSpaceById(space.id))).toBe(404);
  expect((await api.spaces.restoreSpace(space.id)).data.id).toBe(space.id);
  expect((await api.spaces.getSpaceById(space.id)).data.title).toBe(space.title);
});
