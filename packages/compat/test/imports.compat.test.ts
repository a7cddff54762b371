// Import runs through GitBook's client. No website answers here (`.invalid` never resolves, RFC 2606): a run is
// queued (201) and then fails with its reason; the run, the list and a cancel answer GitBook's ContentImportRun.
// A website served by the test runs to its end: the run lists the pages it created.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
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

it("getImportRun answers the pages a run created (GitBook's `pages`)", async () => {
  // A website of two pages on 127.0.0.1 (the suite's server may fetch from it).
  const site = createServer((request, response) => {
    const body = request.url === "/" ? `<title>Home</title><a href="/setup">Setup</a>` : "<title>Setup</title><p>Run it.</p>";
    response.writeHead(200, { "Content-Type": "text/html" }).end(`<html><head>${body}</head></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  try {
    const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    const space = await newSpace();
    const { data: started } = await api.org.startImportRun(server.organizationId, { source: { type: "website", url: `${base}/` }, target: { space } });
    let run = started;
    // The run's job is the server's: asked again until it has ended.
    while (run.status === "pending" || run.status === "in-progress") {
      await sleep(100);
      run = (await api.org.getImportRun(server.organizationId, started.id)).data;
    }
    expect(run.status).toBe("completed");
    const { data } = await api.spaces.listPages(space);
    expect(run.pages).toEqual([
      { id: data.pages[0]!.id, sourceURL: `${base}/`, type: "page", status: "complete" },
      { id: data.pages[1]!.id, sourceURL: `${base}/setup`, type: "page", status: "complete" },
    ]);
  } finally {
    site.close();
  }
});
