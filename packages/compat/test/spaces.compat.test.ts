// Spaces through GitBook's client.
import { docstack, gitbook, server, statusOf, unique } from "./gitbook";

const api = gitbook();

it("deleteSpaceById answers 205, and the space is gone", async () => {
  const { id, revision } = await docstack<{ id: string; revision: string }>("POST", `/orgs/${server.organizationId}/spaces`, { title: unique("Doomed") });
  expect((await api.spaces.getRevisionById(id, revision)).data.id).toBe(revision);
  const response = await api.spaces.deleteSpaceById(id);
  expect(response.status).toBe(205);
  expect(await statusOf(api.spaces.getRevisionById(id, revision))).toBe(404);
});
