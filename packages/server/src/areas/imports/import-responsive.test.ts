// Issue 40: an import of thousands of pages runs on the thread that serves every request (the embedded database
// too), so its long steps must let the event loop turn. A request sent as a repository's second batch starts is
// answered before its third starts: ordered by the import's own events, not by time, so a loaded machine cannot
// make it fail or pass by chance.
import type { Readable } from "node:stream";
import { ZipFile } from "yazl";
import { contentHelpers } from "../../../test/support/content";
import { requestsAs, useHarness } from "../../../test/support/harness";
import { REPOSITORY_BATCH_PAGES } from "../../commands/import-repository";
import type { ImportRunDeps } from "../../imports/types";

const h = useHarness();
const c = contentHelpers(h);

async function zipOf(files: ReadonlyMap<string, Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [path, data] of files) zip.addBuffer(data, path);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Three batches of pages, each linking to the next (links are resolved as their targets arrive). */
function repository(): Map<string, Buffer> {
  const pages = 2 * REPOSITORY_BATCH_PAGES + 1;
  const name = (i: number) => `page-${String(i).padStart(4, "0")}.md`;
  const files = new Map([["README.md", Buffer.from("# Home\n\nThe manual.\n")]]);
  for (let i = 1; i < pages; i++) {
    const body = `# Page ${i}\n\nA paragraph about page ${i}, then [the next one](${name((i % (pages - 1)) + 1)}).\n\n## Details\n\nMore words.\n`;
    files.set(name(i), Buffer.from(body));
  }
  return files;
}

describe("an import of thousands of pages", () => {
  it("lets a request through while a batch is written, before the import ends", async () => {
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    const as = requestsAs(h, org.admin);
    const runs = `/v1/org/${org.id}/imports`;
    const events: string[] = [];
    let answered: Promise<unknown> | undefined;
    const deps = h.services as ImportRunDeps;
    // Asked before each batch after the first: the second batch's start sends the request.
    deps.beforeRepositoryBatch = async () => {
      const batch = events.filter((event) => event.startsWith("batch")).length + 2;
      events.push(`batch ${batch}`);
      if (batch === 2) answered = h.api.get("/healthz").then((response) => events.push(`/healthz ${response.status}`));
    };
    try {
      const started = await as.post(runs, { source: { type: "zip", data: (await zipOf(repository())).toString("base64") }, target: { space: space.id } });
      expect(started.status).toBe(201);
      await h.services.jobs.settled();
      events.push("import ended");
      await answered;
      expect(events).toEqual(["batch 2", "/healthz 200", "batch 3", "import ended"]);
      expect((await as.get(`${runs}/${started.body.id}`).expect(200)).body).toMatchObject({
        status: "completed",
        importedPages: 2 * REPOSITORY_BATCH_PAGES + 1,
      });
    } finally {
      delete deps.beforeRepositoryBatch;
    }
  }, 240_000);
});
