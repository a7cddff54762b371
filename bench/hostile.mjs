// A hostile page's figures (part of `npm run bench`, `BENCH_ONLY=hostile`): a second client's `GET /healthz`
// latency (one request every 10 ms) while a page of a million hostile characters (the tests' own, test/support/hostile-markdown.ts) is
// written, merged, published and read every way (API Markdown and document, site page and its `.md`). Goal:
// p99 under 100 ms (issue 22), against the same client's figures on the idle server. Writes results/hostile.json.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { client } from "./content.mjs";
import { prober } from "./healthz-prober.mjs";
import { percentile, phaseFigures, startTarget } from "./lib.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const GOAL_P99_MS = 100;
const LENGTH = 1_000_000;

/** The tests' generator of hostile Markdown (TypeScript), compiled here: one source for both. */
function hostileMarkdown(length) {
  const server = path.join(here, "..", "packages", "server");
  const ts = createRequire(path.join(server, "package.json"))("typescript");
  const source = fs.readFileSync(path.join(server, "test", "support", "hostile-markdown.ts"), "utf8");
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
  const module = { exports: {} };
  new Function("module", "exports", outputText)(module, module.exports);
  return module.exports.hostileMarkdown(length);
}

async function main() {
  const markdown = hostileMarkdown(LENGTH);
  const { child, info } = await startTarget({ BENCH_CONTENT_SIZES: "10", DOCSTACK_BODY_LIMIT: String(8 * 1024 * 1024) });
  try {
    const call = client(info.full, info.token);
    const read = async (url) => {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    };
    const { spaceId } = info.contentSpaces[0];
    const phases = [
      [
        "written and merged",
        async () => {
          const cr = await call("POST", `/v1/spaces/${spaceId}/change-requests`, { subject: "Hostile" });
          await call("POST", `/v1/spaces/${spaceId}/change-requests/${cr.id}/content`, {
            changes: [{ operation: "insert_page", title: "Hostile", slug: "hostile", document: { markdown } }],
          });
          const merged = await call("POST", `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`);
          if (merged.result !== "merge") throw new Error(`the hostile page did not merge: ${JSON.stringify(merged)}`);
        },
      ],
      [
        "read through the API",
        async () => {
          const page = await call("GET", `/v1/spaces/${spaceId}/content/path/hostile`);
          for (const format of ["markdown", "document"]) await call("GET", `/v1/spaces/${spaceId}/content/page/${page.id}?format=${format}`);
        },
      ],
      [
        "read on the published site",
        async () => {
          const site = await call("POST", `/v1/orgs/${info.organizationId}/sites`, { title: "Hostile", spaces: [spaceId] });
          const published = new URL((await call("POST", `/v1/orgs/${info.organizationId}/sites/${site.id}/publish`)).urls.published).pathname;
          for (const suffix of ["", ".md"]) await read(`${info.full}${published}/hostile${suffix}`);
        },
      ],
    ];
    const probe = prober(info.full, ["idle", ...phases.map(([name]) => name), "after"]);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const [name, run] of phases) {
      probe.phase = name;
      await run();
    }
    probe.phase = "after";
    await new Promise((resolve) => setTimeout(resolve, 500));
    const latencies = await probe.stop();
    const { figures, busy } = phaseFigures(latencies);
    const summary = { p99ms: +percentile(busy, 99).toFixed(1), maxMs: +busy.at(-1).toFixed(1), goalP99Ms: GOAL_P99_MS };
    console.log(`\nhostile page (${LENGTH.toLocaleString("en")} characters): a second client's GET /healthz, one every 10 ms`);
    for (const [name, f] of Object.entries(figures))
      console.log(`  ${name.padEnd(28)} ${String(f.requests).padStart(6)} requests  p50 ${f.p50ms} ms  p99 ${f.p99ms} ms  max ${f.maxMs} ms`);
    console.log(`/healthz p99 while the page is written, merged and read: ${summary.p99ms} ms (max ${summary.maxMs} ms)  (goal < ${GOAL_P99_MS} ms)`);
    fs.mkdirSync(path.join(here, "results"), { recursive: true });
    fs.writeFileSync(path.join(here, "results", "hostile.json"), `${JSON.stringify({ figures, summary }, null, 2)}\n`);
  } finally {
    child.send("stop");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
