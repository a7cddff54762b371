// A space's content through GitBook's client: revisions, pages, files, search.
import { docstack, gitbook, server, unique } from "./gitbook";

const api = gitbook();
const PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** A space holding one file, merged through a change request. */
async function spaceWithFile(): Promise<{ spaceId: string; fileId: string }> {
  const space = await docstack<{ id: string }>("POST", `/orgs/${server.organizationId}/spaces`, { title: unique("Files") });
  const cr = await docstack<{ id: string }>("POST", `/spaces/${space.id}/change-requests`, { subject: "A file" });
  await docstack("POST", `/spaces/${space.id}/change-requests/${cr.id}/content`, {
    changes: [{ operation: "insert_files", files: [{ name: "pixel.png", contentType: "image/png", data: PIXEL }] }],
  });
  await docstack("POST", `/spaces/${space.id}/change-requests/${cr.id}/merge`);
  const files = await docstack<{ items: { id: string }[] }>("GET", `/spaces/${space.id}/content/files`);
  return { spaceId: space.id, fileId: (files.items[0] as { id: string }).id };
}

it("listFiles", async () => {
  const { spaceId, fileId } = await spaceWithFile();
  const { data } = await api.spaces.listFiles(spaceId);
  expect(data.items.map((file) => [file.id, file.name])).toEqual([[fileId, "pixel.png"]]);
});

it("getFileById", async () => {
  const { spaceId, fileId } = await spaceWithFile();
  const { data: file } = await api.spaces.getFileById(spaceId, fileId);
  expect(file).toMatchObject({ id: fileId, name: "pixel.png", contentType: "image/png" });
});
