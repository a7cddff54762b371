// The render pool's worker (./render-pool): parses and renders the Markdown of long pages
// off the request thread. Each message is one job; the answer carries its id.
import { parentPort } from "node:worker_threads";
import { Highlighter, renderOffloaded, targetResolver } from "@docstack/sites";
import { markdownToDocument } from "./document-format";
import { HeadingAnchors } from "./markdown";
import type { RenderJob } from "./render-pool";

/** Highlighted code kept by the worker: small, the pool's pages are few and each is cached once rendered. */
const highlighter = new Highlighter(4 * 1024 * 1024);
/** Targets a page's table does not hold (autolinks): resolved without the site's pages and files (URLs, anchors; the rest broken). */
const fallback = targetResolver([], [], { base: "", canonicalBase: "", fileUrl: () => "" });

function run(job: RenderJob): unknown {
  if (job.kind === "site") return renderOffloaded(job.render, new HeadingAnchors(), highlighter, fallback);
  const references = new Map(job.references);
  return markdownToDocument(job.markdown, (target) => references.get(target));
}

parentPort?.on("message", ({ id, job }: { id: number; job: RenderJob }) => {
  try {
    parentPort!.postMessage({ id, result: run(job) });
  } catch (error) {
    parentPort!.postMessage({ id, error: (error as Error).message });
  }
});
