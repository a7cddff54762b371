// Git import and export through GitBook's client. No Git server answers here (the host does not resolve): the
// operations are queued (204) and the info tells how the last one went, in GitBook's GitSyncState shape.
import { docstack, gitbook, server, unique } from "./gitbook";

const api = gitbook();
// A host named gitlab answers GitBook's `gitlab` provider; `.invalid` never resolves (RFC 2606).
const url = "https://gitlab.invalid/acme/docs.git";

const newSpace = async () => (await docstack<{ id: string }>("POST", `/orgs/${server.organizationId}/spaces`, { title: unique("Git") })).id;

it("importGitRepository queues an import (204)", async () => {
  const response = await api.spaces.importGitRepository(await newSpace(), { url, ref: "refs/heads/main" });
  expect(response.status).toBe(204);
});

it("exportToGitRepository queues an export (204)", async () => {
  const response = await api.spaces.exportToGitRepository(await newSpace(), { url, ref: "refs/heads/main", commitMessage: "Export" });
  expect(response.status).toBe(204);
});

it("getSpaceGitInfo answers the last operation", async () => {
  const spaceId = await newSpace();
  await api.spaces.importGitRepository(spaceId, { url, ref: "refs/heads/main", repoTreeURL: "https://gitlab.invalid/acme/docs/-/tree/main/" });
  const { data } = await api.spaces.getSpaceGitInfo(spaceId);
  expect(data).toMatchObject({
    installationId: spaceId,
    installationProvider: "gitlab",
    repoName: "acme/docs",
    url: "https://gitlab.invalid/acme/docs/-/tree/main/",
  });
  expect(data.operation?.direction).toBe("import");
});
