// The one place published sites read content: the renderer's SiteContentReader over the
// server's content reads (content/reads/reads.ts, content/search/search.ts), which the API's own
// content operations use too. A faster read path there is a faster site here.
import type { Schemas } from "@docstack/contract";
import type { SearchHit, SiteContentReader, SiteFile, SitePage, SpaceRevision } from "@docstack/sites";
import type { Config } from "../config";
import { HeadingAnchors, mapTargets } from "../content/format/markdown";
import type { ContentDeps } from "../content/reads/deps";
import { type ContentSource, readFile, readPage, readRevision } from "../content/reads/reads";
import { serveDownload } from "../content/reads/serve-download";
import { searchSpace } from "../content/search/search";

/** What the published sites' reads need: the content layer's dependencies but the base URL, which the configuration gives. */
export type ReaderDeps = Omit<ContentDeps, "baseUrl"> & { config: Config };

/** The dependencies of reads made on behalf of anonymous readers (reads.ts checks no permission). */
function readerContext(services: ReaderDeps): ContentDeps {
  const { prisma, contentCache, cursors, downloads, renderPool } = services;
  return { prisma, contentCache, cursors, downloads, renderPool, baseUrl: services.config.publicUrl ?? "http://localhost" };
}

export function contentReader(services: ReaderDeps): SiteContentReader {
  const source = (revision: SpaceRevision): ContentSource => ({ ctx: readerContext(services), ...revision });
  return {
    async revision(revision) {
      const read = await readRevision(source(revision));
      const pages: SitePage[] = [];
      const visit = (page: Schemas["Page"], parentId: string | null) => {
        pages.push({
          id: page.id,
          title: page.title,
          path: page.path ?? "",
          parentId,
          type: page.type === "computed" ? "document" : page.type,
          ...(page.href ? { href: page.href } : {}),
          ...(page.emoji ? { emoji: page.emoji } : {}),
          ...(page.description ? { description: page.description } : {}),
          hidden: Boolean(page.hidden),
          // A published page asks robots not to index it when it is kept out of search too (GitBook's `noIndex`).
          noIndex: Boolean(page.noIndex || page.noRobotsIndex),
          ...(page.condition ? { condition: page.condition } : {}),
        });
        for (const child of page.pages ?? []) visit(child, page.id);
      };
      for (const page of read.pages) visit(page, null);
      const files: SiteFile[] = read.files.map((file) => ({ id: file.id, name: file.name, contentType: file.contentType }));
      return { pages, files };
    },

    async markdown(revision, pageId) {
      return (await readPage(source(revision), pageId, "markdown")).markdown;
    },

    async file(revision, fileId) {
      const ctx = readerContext(services);
      const file = await readFile({ ctx, ...revision }, fileId).catch(() => undefined);
      // The file's signed download names its bytes; serve them from here rather than redirect.
      const download = file && ctx.downloads.verify(file.downloadURL.slice(file.downloadURL.lastIndexOf("/") + 1));
      if (!file || download?.kind !== "file") return undefined;
      const { raw } = await serveDownload(ctx, download);
      return { id: file.id, name: file.name, contentType: file.contentType, data: raw.data, hash: download.blob };
    },

    async search(spaces, query, limit) {
      const ctx = readerContext(services);
      const perSpace = await Promise.all(spaces.map((space) => searchSpace(ctx, { id: space.spaceId }, query, { limit }, `site-search:${space.spaceId}`)));
      return perSpace.flatMap((found, index) =>
        found.items.map(
          (page): SearchHit => ({
            spaceId: spaces[index]!.spaceId,
            pageId: page.id,
            title: page.title,
            sections: page.sections.map((section) => ({ title: section.title, anchor: section.path.split("#")[1] ?? "", snippet: section.body })),
          }),
        ),
      );
    },

    headingAnchors: () => new HeadingAnchors(),
    rewriteTargets: (markdown, map) => mapTargets(markdown, ({ target }) => map(target)),
  };
}
