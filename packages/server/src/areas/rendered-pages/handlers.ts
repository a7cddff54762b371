// A page's body rendered by the published sites' renderer (@docstack/sites), for the app: the app
// shows a page as its site shows it without shipping the renderer (markdown-it, highlighting,
// sanitizing) to the browser.
import type { Schemas } from "@docstack/contract";
import { Highlighter, renderOffloaded } from "@docstack/sites";
import { HeadingAnchors } from "../../content/format/markdown";
import { listFiles, readPage, readPageTree } from "../../content/reads/reads";
import type { RequestContext } from "../../http/context";
import { type AreaOperations, defineOperation } from "../../http/operation";
import { appUrl } from "../../http/urls";

const highlighter = new Highlighter(1024 * 1024);

/** Every page of the tree by its path, lower-cased (as the sites look links up). */
function pagesByPath(pages: Schemas["PageTree"]["pages"], found = new Map<string, string>()): Map<string, string> {
  for (const page of pages) {
    if ("path" in page && page.path) found.set(page.path.toLowerCase(), page.id);
    if ("pages" in page && page.pages) pagesByPath(page.pages as Schemas["PageTree"]["pages"], found);
  }
  return found;
}

interface RenderSource {
  ctx: RequestContext;
  space: { id: string; organizationId: string };
  revisionId: string;
  /** The app's path of a page of this revision (links to other pages lead there). */
  appPathOf: (pageId: string) => string;
}

/** A page of a revision rendered as its site renders it, with its outline. */
async function renderPage({ ctx, space, revisionId, appPathOf }: RenderSource, pageId: string): Promise<Schemas["RenderedPage"]> {
  const source = { ctx, organizationId: space.organizationId, spaceId: space.id, revisionId };
  const page = await readPage(source, pageId);
  const markdown = "markdown" in page && typeof page.markdown === "string" ? page.markdown : "";
  const [tree, files] = await Promise.all([readPageTree(source), listFiles(source, { limit: 1000 })]);
  const byPath = pagesByPath(tree.pages);
  const byName = new Map(files.items.map((file) => [file.name, file.downloadURL]));
  const resolve = (target: string, image: boolean) => {
    if (/^https?:\/\//i.test(target)) return { kind: "external" as const, href: target };
    if (image && /^data:image\//i.test(target)) return { kind: "file" as const, href: target };
    if (target.startsWith("#")) return { kind: "internal" as const, href: target };
    if (target.startsWith("/")) {
      const [path = "", anchor] = target.split("#", 2);
      const id = byPath.get(path.replace(/^\/+|\/+$/g, "").toLowerCase());
      return id ? { kind: "internal" as const, href: `${appUrl(ctx, appPathOf(id))}${anchor ? `#${anchor}` : ""}` } : { kind: "broken" as const };
    }
    const file = byName.get(target);
    return file ? { kind: "file" as const, href: file } : { kind: "broken" as const };
  };
  // Every target resolved as it is met (the sites' offloaded render, with no table made beforehand).
  const rendered = renderOffloaded({ markdown, targets: [], externalInNewTab: true }, new HeadingAnchors(), highlighter, resolve);
  return {
    object: "rendered-page",
    pageId: page.id,
    title: page.title,
    ...("description" in page && page.description ? { description: page.description } : {}),
    html: rendered.html,
    headings: rendered.headings.map(({ level, anchor, text }) => ({ level, anchor, text })),
  };
}

export const renderedPageOperations = {
  getRenderedPageById: defineOperation("getRenderedPageById", {
    handle: async ({ ctx, params }, { space }) => ({
      status: 200,
      body: await renderPage({ ctx, space, revisionId: space.revisionId, appPathOf: (id) => `/spaces/${space.id}/pages/${id}` }, params.pageId),
    }),
  }),

  // A change request's preview: its revision's page, its links to the other pages' previews.
  getChangeRequestRenderedPageById: defineOperation("getChangeRequestRenderedPageById", {
    handle: async ({ ctx, params }, { space, changeRequest }) => ({
      status: 200,
      body: await renderPage(
        {
          ctx,
          space,
          revisionId: changeRequest.revisionId,
          appPathOf: (id) => `/spaces/${space.id}/change-requests/${changeRequest.number}/preview/${id}`,
        },
        params.pageId,
      ),
    }),
  }),
} satisfies AreaOperations;
