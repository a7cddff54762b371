// Import runs through GitBook's client. No website answers here (`.invalid` never resolves, RFC 2606): a run is
// queued (201) and then fails with its reason; the run, the list and a cancel answer GitBook's ContentImportRun.
// A zip sent with the request (Docstack's source) runs to its end: the run lists the pages it created.
import type { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { ZipFile } from "yazl";
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

/** A zip of Markdown files, in base64. */
async function zipOf(files: Record<string, string>): Promise<string> {
  const zip = new ZipFile();
  for (const [path, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), path);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("base64");
}

it(
  "getImportRun answers the pages a run created (GitBook's `pages`)",
  async () => {
    const space = await newSpace();
    const data = await zipOf({ "README.md": "# Home\n", "guide/README.md": "# Guide\n", "guide/setup.md": "# Setup\n" });
    const { data: started } = await api.org.startImportRun(server.organizationId, { source: { type: "zip", data } as never, target: { space } });
    let run = started;
    // The run's job is the server's: asked again until it has ended.
    while (run.status === "pending" || run.status === "in-progress") {
      await sleep(100);
      run = (await api.org.getImportRun(server.organizationId, started.id)).data;
    }
    expect(run.status).toBe("completed");
    const { data: pages } = await api.spaces.listPages(space);
    const ids = (list: typeof pages.pages): string[] => list.flatMap((page) => [page.id, ...("pages" in page ? ids(page.pages) : [])]);
    expect(run.pages).toEqual(
      ["README.md", "guide/README.md", "guide/setup.md"].map((file, i) => ({ id: ids(pages.pages)[i], sourceURL: file, type: "page", status: "complete" })),
    );
  },
  60_000,
);
