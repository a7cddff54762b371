// A page's Markdown rendered away from the request thread (the server's worker pool): a
// page of a million characters takes seconds to parse, and must not hold every other
// request meanwhile. What a render needs from the site (where each link and image
// target leads) is resolved here first and travels with the Markdown as plain data.
import type { Highlighter } from "./highlight";
import { type RenderedContent, type ResolvedTarget, renderMarkdown } from "./markdown";
import type { HeadingAnchors } from "./model";

/** A page's link and image targets as the site resolves them, keyed by `targetKey`. */
export interface OffloadedRender {
  markdown: string;
  targets: [string, ResolvedTarget][];
  externalInNewTab: boolean;
}

/** Where pages too long to render inline are rendered. */
export interface MarkdownOffload {
  /** Pages of at least this many characters go to `render`; shorter ones render inline. */
  minLength: number;
  /** Rejects with a `reason` when the render could not finish (such as past its time budget). */
  render(job: OffloadedRender): Promise<RenderedContent>;
}

export const targetKey = (target: string, image: boolean) => `${image ? "i" : "l"}${target}`;

/** Renders an offloaded page (in the worker): targets from the table, the others (autolinks, URLs) by `fallback`. */
export function renderOffloaded(
  job: OffloadedRender,
  anchors: HeadingAnchors,
  highlighter: Highlighter,
  fallback: (target: string, image: boolean) => ResolvedTarget,
): RenderedContent {
  const table = new Map(job.targets);
  return renderMarkdown(job.markdown, {
    anchors,
    highlighter,
    externalInNewTab: job.externalInNewTab,
    resolve: (target, image) => table.get(targetKey(target, image)) ?? fallback(target, image),
  });
}
