// Storage figure: a 1,000-page space, then 100 change requests each editing one page
// and merged. Unchanged pages are not copied per revision: the edits should add about
// 100 page documents, not 100,000. Prints the counts; writes results/storage.json.
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const server = path.dirname(require.resolve("@docstack/server/package.json"));
const { loadConfig } = require(path.join(server, "dist/config"));
const { openServices } = require(path.join(server, "dist/wiring/services"));
const { openDatabase } = require(path.join(server, "dist/db/database"));
const { createApp } = require(path.join(server, "dist/app"));
const { bootstrap } = require(path.join(server, "dist/bootstrap"));

const PAGES = Number(process.env.BENCH_STORAGE_PAGES || 1000);
const EDITS = Number(process.env.BENCH_STORAGE_EDITS || 100);

const config = { ...loadConfig({ ...process.env, NODE_ENV: "production" }), rateLimit: { max: 0, windowMs: 60000 }, logLevel: "silent" };
const database = process.env.DATABASE_URL ? undefined : await openDatabase({ dataDir: "memory://" });
const { services, database: db } = await openServices(config, database ? { database } : {});
const { token, organizationId } = await bootstrap(services.prisma);
const listener = http.createServer(createApp(services)).listen(0, "127.0.0.1");
await new Promise((resolve) => listener.once("listening", resolve));
const base = `http://127.0.0.1:${listener.address().port}`;

async function call(method, url, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body && JSON.stringify(body),
  });
  const json = response.status === 204 || response.status === 205 ? undefined : await response.json();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}
const counts = async () => ({
  documents: await services.prisma.pageDocument.count(),
  revisions: await services.prisma.revision.count(),
  // The page tree and links: the revisions' own columns plus the chunks they point to.
  revisionBytes:
    Number((await services.prisma.$queryRaw`SELECT coalesce(sum(pg_column_size(tree) + pg_column_size(links)), 0)::bigint AS n FROM "Revision"`)[0].n) +
    Number((await services.prisma.$queryRaw`SELECT coalesce(sum(pg_column_size(data)), 0)::bigint AS n FROM "ContentChunk"`)[0].n),
});

const started = Date.now();
const space = await call("POST", `/v1/orgs/${organizationId}/spaces`, { title: "Storage" });
const setup = await call("POST", `/v1/spaces/${space.id}/change-requests`, { subject: "Initial pages" });
for (let start = 0; start < PAGES; start += 50) {
  const changes = Array.from({ length: Math.min(50, PAGES - start) }, (_, i) => ({
    operation: "insert_page",
    title: `Page ${start + i}`,
    document: { markdown: `# Page ${start + i}\n\nBody of page ${start + i}, with a [link](/page-${(start + i + 1) % PAGES}).` },
  }));
  await call("POST", `/v1/spaces/${space.id}/change-requests/${setup.id}/content`, { changes });
}
await call("POST", `/v1/spaces/${space.id}/change-requests/${setup.id}/merge`);
const before = await counts();
const pages = (await call("GET", `/v1/spaces/${space.id}/content/pages`)).pages;
const editStarted = Date.now();
for (let i = 0; i < EDITS; i++) {
  const page = pages[(i * 7) % pages.length];
  const cr = await call("POST", `/v1/spaces/${space.id}/change-requests`, { subject: `Edit ${i}` });
  await call("POST", `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, {
    changes: [{ operation: "update_page", page: page.id, document: { markdown: `# ${page.title}\n\nEdited ${i}.` } }],
  });
  const merged = await call("POST", `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
  if (merged.result !== "merge") throw new Error(`edit ${i} did not merge: ${JSON.stringify(merged)}`);
}
const after = await counts();
const figures = {
  pages: PAGES,
  edits: EDITS,
  documentsBeforeEdits: before.documents,
  documentsAddedByEdits: after.documents - before.documents,
  revisionsAddedByEdits: after.revisions - before.revisions,
  revisionMetadataBytesPerEdit: Math.round((after.revisionBytes - before.revisionBytes) / EDITS),
  secondsPerEdit: Number(((Date.now() - editStarted) / 1000 / EDITS).toFixed(3)),
  totalSeconds: Number(((Date.now() - started) / 1000).toFixed(1)),
};
console.log(`\nStorage: a ${PAGES}-page space, then ${EDITS} one-page edits merged through change requests`);
console.log(`  page documents stored before the edits: ${figures.documentsBeforeEdits}`);
console.log(`  page documents added by the edits:      ${figures.documentsAddedByEdits}  (a copy per revision would be ${PAGES * EDITS})`);
console.log(
  `  revisions added: ${figures.revisionsAddedByEdits}; page-tree and link metadata added per edit: ${figures.revisionMetadataBytesPerEdit} bytes (chunks shared between revisions)`,
);
console.log(`  ${figures.secondsPerEdit} s per edit (create, write, merge)`);
fs.mkdirSync(path.join(here, "results"), { recursive: true });
fs.writeFileSync(path.join(here, "results", "storage.json"), `${JSON.stringify(figures, null, 2)}\n`);
listener.close();
await db.close();
