// Import runs through GitBook's client. No website answers here (`.invalid` never resolves, RFC 2606): a run is
// queued (201) and then fails with its reason; the run, the list and a cancel answer GitBook's ContentImportRun.
import { docstack, gitbook, server, unique } from "./gitbook";

const api = gitbook();
const source = { type: "website" as const, url: "https://docs.invalid/" };

const newSpace = async () => (await docstack<{ id: string }>("POST", `/orgs/${server.organizationId}/spaces`, { title: unique("Import") })).id;

/** A run queued on a new space. */
async function startRun() {
  const space = await newSpace();
  const { data: run } = await api.org.startImportRun(server.organizationId, { source, target: { space } });
  return { space, run };
}

it("startImportRun queues a run (201)", async () => {
  const { space, run } = await startRun();
  expect(run).toMatchObject({ object: "import-run", target: { space } });
  expect(["pending", "in-progress", "failed"]).toContain(run.status);
});

it("getImportRun answers the run", async () => {
  const { run } = await startRun();
  const { data } = await api.org.getImportRun(server.organizationId, run.id);
  expect(data.id).toBe(run.id);
});

it("listImportRuns answers the runs of a space", async () => {
  const { space, run } = await startRun();
  const { data } = await api.org.listImportRuns(server.organizationId, { space });
  expect(data.items.map((item) => item.id)).toEqual([run.id]);
});

it("cancelImportRun cancels a run that has not ended, and refuses one that has (400)", async () => {
  const { run } = await startRun();
  // The run may have failed already (the host does not resolve): then there is nothing to cancel.
  const status = await api.org.cancelImportRun(server.organizationId, run.id).then(
    (response) => response.status,
    (error: { response?: Response }) => error.response?.status,
  );
  expect([200, 400]).toContain(status);
  const { data: after } = await api.org.getImportRun(server.organizationId, run.id);
  expect(after.status).toBe(status === 200 ? "cancelled" : "failed");
});
