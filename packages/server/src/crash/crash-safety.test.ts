// Crash safety: the server as its own process takes concurrent writes, is killed with
// SIGKILL in the middle, and is started again on the same database. Every write it
// acknowledged (2xx) must be there and readable, and nothing half-written may show:
// every space has its content, every change request its number and revision.
// Runs on the embedded database, and on PostgreSQL when DATABASE_URL is set.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { answered, at, clientAt } from "../../test/support/client";
import { testDatabaseUrl } from "../../test/support/postgres";
import { serveProcess } from "../../test/support/server-process";

const cli = path.join(__dirname, "..", "..", "dist", "cli", "main.js");

let env: NodeJS.ProcessEnv;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    const { url, drop } = await testDatabaseUrl(process.env.DATABASE_URL);
    env = { ...process.env, NODE_OPTIONS: "", LOG_LEVEL: "silent", DATABASE_URL: url, DOCSTACK_RATE_LIMIT: "0" };
    cleanup = drop;
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-crash-"));
    env = { ...process.env, NODE_OPTIONS: "", LOG_LEVEL: "silent", DATABASE_URL: "", DOCSTACK_DATA_DIR: path.join(dir, "db"), DOCSTACK_RATE_LIMIT: "0" };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
});
afterAll(() => cleanup());

it("keeps every acknowledged write, and nothing half-written, across a SIGKILL", async () => {
  const bootstrap = spawnSync(process.execPath, [cli, "bootstrap", "--json"], { env, encoding: "utf8" });
  expect(bootstrap.status).toBe(0);
  const { token, organizationId } = JSON.parse(bootstrap.stdout.trim());
  const first = await serveProcess(env);
  const before = clientAt(first.url, token);
  const inOrg = at({ organizationId });
  const SPACES = "/v1/orgs/{organizationId}/spaces";
  const CHANGE_REQUESTS = "/v1/spaces/{spaceId}/change-requests";
  const changes = (await answered(before.POST(SPACES, { ...inOrg, body: { title: "Changes" } }), 201)).id;

  const acknowledgedSpaces: string[] = [];
  const acknowledgedChangeRequests: { id: string; number: number }[] = [];
  let stop = false;
  const writer = async (worker: number) => {
    for (let i = 0; !stop; i++) {
      try {
        const space = await before.POST(SPACES, { ...inOrg, body: { title: `W${worker}-${i}` } });
        if (space.response.status === 201 && space.data) acknowledgedSpaces.push(space.data.id);
        const cr = await before.POST(CHANGE_REQUESTS, { ...at({ spaceId: changes }), body: { subject: `W${worker}-${i}` } });
        if (cr.response.status === 201 && cr.data) {
          const write = await before.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content", {
            ...at({ spaceId: changes, changeRequestId: cr.data.id }),
            body: { changes: [{ operation: "insert_page", title: `Page ${worker}-${i}`, document: { markdown: `Written by ${worker} at ${i}.` } }] },
          });
          acknowledgedChangeRequests.push({ id: cr.data.id, number: cr.data.number });
          if (write.response.status !== 200) break;
        }
      } catch {
        return; // the server is gone
      }
    }
  };
  const writers = [0, 1, 2, 3].map(writer);
  // Kill it mid-load: once enough writes were acknowledged (however slow the machine), with more under way.
  for (let waited = 0; acknowledgedChangeRequests.length < 20 && waited < 60_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const killed = new Promise((resolve) => first.process.once("exit", resolve));
  first.process.kill("SIGKILL");
  stop = true;
  await Promise.all([killed, ...writers]);
  expect(acknowledgedChangeRequests.length).toBeGreaterThanOrEqual(20);

  const second = await serveProcess(env);
  const after = clientAt(second.url, token);
  // A request the restarted server cannot answer names why it stopped.
  const status = async (request: Promise<{ response: Response }>) =>
    (
      await request.catch((error: Error) => {
        throw new Error(`the restarted server did not answer (${error.message}); it wrote: ${second.errors()}`);
      })
    ).response.status;
  try {
    for (const id of acknowledgedSpaces) {
      expect([id, await status(after.GET("/v1/spaces/{spaceId}", at({ spaceId: id })))]).toEqual([id, 200]);
    }
    // Nothing half-written: every space that exists (acknowledged or not) has its content.
    const all = await answered(after.GET(SPACES, { params: { path: { organizationId }, query: { limit: 1000 } } }), 200);
    for (const space of all.items) {
      expect([space.id, await status(after.GET("/v1/spaces/{spaceId}/content", at({ spaceId: space.id })))]).toEqual([space.id, 200]);
    }
    // Change requests: acknowledged ones are there under their number; numbers have no gaps.
    const listed = await answered(after.GET(CHANGE_REQUESTS, { params: { path: { spaceId: changes }, query: { status: "draft", limit: 1000 } } }), 200);
    const numbers = listed.items.map((cr) => cr.number).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    for (const cr of acknowledgedChangeRequests) {
      const read = await after.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}", at({ spaceId: changes, changeRequestId: String(cr.number) }));
      expect([cr.number, read.response.status, read.data?.id]).toEqual([cr.number, 200, cr.id]);
      const pages = after.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages", at({ spaceId: changes, changeRequestId: cr.id }));
      expect(await status(pages)).toBe(200);
    }
  } finally {
    await second.stop();
  }
});
