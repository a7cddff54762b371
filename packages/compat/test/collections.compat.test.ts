// Collections through GitBook's client.
import { docstack, gitbook, server, unique } from "./gitbook";

const api = gitbook();
const orgId = () => server.organizationId;

async function newCollection(parent?: string): Promise<string> {
  const collection = await docstack<{ id: string }>("POST", `/orgs/${orgId()}/collections`, { title: unique("Collection"), ...(parent ? { parent } : {}) });
  return collection.id;
}

it("createCollection", async () => {
  const { data } = await api.orgs.createCollection(orgId(), { title: unique("Collection") });
  expect(data.object).toBe("collection");
});

it("listCollectionsInOrganizationById", async () => {
  const id = await newCollection();
  const { data } = await api.orgs.listCollectionsInOrganizationById(orgId());
  expect(data.items.map((collection) => collection.id)).toContain(id);
});

it("getCollectionById", async () => {
  const id = await newCollection();
  const { data } = await api.collections.getCollectionById(id);
  expect(data.id).toBe(id);
});

it("updateCollectionById", async () => {
  const id = await newCollection();
  const { data } = await api.collections.updateCollectionById(id, { title: "Renamed", description: "Guides" });
  expect(data).toMatchObject({ title: "Renamed", description: "Guides" });
});

it("deleteCollectionById", async () => {
  const id = await newCollection();
  expect((await api.collections.deleteCollectionById(id)).status).toBe(205);
});

it("listSpacesInCollectionById", async () => {
  const id = await newCollection();
  const space = await docstack<{ id: string }>("POST", `/orgs/${orgId()}/spaces`, { title: unique("In"), parent: id });
  const { data } = await api.collections.listSpacesInCollectionById(id);
  expect(data.items.map((item) => item.id)).toEqual([space.id]);
});

it("moveCollection", async () => {
  const [parent, id] = await Promise.all([newCollection(), newCollection()]);
  const { data } = await api.collections.moveCollection(id, { parent });
  expect(data.parent).toBe(parent);
});

it("transferCollection", async () => {
  const id = await newCollection();
  const org = await docstack<{ id: string }>("POST", "/orgs", { title: unique("Target") });
  const { data } = await api.collections.transferCollection(id, { organization: org.id });
  expect(data.organization).toBe(org.id);
});
