// A migration as a team would run one: pages converted to Markdown, linking each other
// by path, written through one change request in batches of 50 with the linking pages
// before the pages they link to, then merged. The figure is the share of links `ok` on
// the space afterwards (goal: 100%, with no second pass). `node bench/migration.mjs`
// runs it alone (BENCH_MIGRATION_PAGES sets the size); `npm run bench` runs it with the
// content part.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { client } from "./content.mjs";
import { startTarget } from "./lib.mjs";
import { pageMarkdown } from "./pages.cjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const PAGES = Number(process.env.BENCH_MIGRATION_PAGES || 1000);
const BATCH = 50;

/** Page i's body: pages.cjs's (two links to later pages, one with an anchor, one to its own heading), and two more links. */
function migratedPage(i) {
  const part = (offset) => `part-${(i + offset) % PAGES}`;
  return `${pageMarkdown(i, part)}\nNext: [part ${i + 1}](/${part(1)}); see also [the options of another part](/${part(PAGES / 2)}#options).\n`;
}

/** Writes the pages in batches (each batch's links mostly to pages of later batches), merges, and counts the links by status. */
export async function migration(call, organizationId) {
  const space = await call("POST", `/v1/orgs/${organizationId}/spaces`, { title: "Migration" });
  const cr = await call("POST", `/v1/spaces/${space.id}/change-requests`, { subject: "Migration" });
  const started = performance.now();
  for (let first = 0; first < PAGES; first += BATCH) {
    const changes = [];
    for (let i = first; i < Math.min(PAGES, first + BATCH); i++) {
      changes.push({ operation: "insert_page", title: `Part ${i}`, document: { markdown: migratedPage(i) } });
    }
    await call("POST", `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { changes });
  }
  const writeSeconds = (performance.now() - started) / 1000;
  const merged = await call("POST", `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
  if (merged.result !== "merge") throw new Error("the migration's change request did not merge");
  const { stats } = await call("GET", `/v1/spaces/${space.id}/links?limit=1`);
  return {
    pages: PAGES,
    batch: BATCH,
    links: stats.total,
    broken: stats.broken.total,
    okShare: Number(((100 * (stats.total - stats.broken.total)) / stats.total).toFixed(2)),
    writeSeconds: Number(writeSeconds.toFixed(1)),
  };
}

export function printMigration(result) {
  console.log(
    `\nmigration: ${result.pages} pages in batches of ${result.batch}, links to later batches: ${result.okShare}% of ${result.links} links ok after the merge (goal 100%), ${result.broken} broken; written in ${result.writeSeconds} s`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { child, info } = await startTarget({ BENCH_CONTENT_SIZES: "10" });
  try {
    const result = await migration(client(info.full, info.token), info.organizationId);
    printMigration(result);
    fs.mkdirSync(path.join(here, "results"), { recursive: true });
    fs.writeFileSync(path.join(here, "results", "migration.json"), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    child.send("stop");
  }
}
