// Content as the contract shows it: revisions, page trees, pages with their body,
// files with a signed download URL, links with their pages.
import type { Schemas } from "@docstack/contract";
import type { Revision } from "../generated/prisma/client";
import type { RequestContext } from "../http/context";
import { appUrl } from "../http/urls";
import { markdownToDocument } from "./document-format";
import { contentIndex, toReadableMarkdown } from "./references";
import { childrenIndex, pagePaths, type StoredFile, type StoredPage } from "./tree";
import type { StoredLink } from "./links";

export interface SerializationContext {
  ctx: RequestContext;
  spaceId: string;
  pages: readonly StoredPage[];
  files: readonly StoredFile[];
}

function pageSchema(s: SerializationContext, page: StoredPage, paths: Map<string, string>, children: Map<string, StoredPage[]>): Schemas["Page"] {
  return {
    id: page.id,
    title: page.title,
    ...(page.emoji ? { emoji: page.emoji } : {}),
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    type: page.type,
    ...(page.href ? { href: page.href } : {}),
    urls: { app: appUrl(s.ctx, `/spaces/${s.spaceId}/pages/${page.id}`) },
    slug: page.slug,
    path: paths.get(page.id)!,
    ...(page.description ? { description: page.description } : {}),
    ...(page.document ? { documentId: page.document } : {}),
    pages: (children.get(page.id) ?? []).map((child) => pageSchema(s, child, paths, children)),
    hidden: Boolean(page.hidden),
    noIndex: Boolean(page.noIndex),
    noRobotsIndex: Boolean(page.noIndex),
  };
}

/** The page tree: top-level pages with their sub-pages, without bodies. */
export function pageTree(s: SerializationContext): Schemas["Page"][] {
  const paths = pagePaths(s.pages);
  const children = childrenIndex(s.pages);
  return (children.get("") ?? []).map((page) => pageSchema(s, page, paths, children));
}

/** One page with its sub-pages and its body (markdown as written, or the structured document). */
export function pageWithBody(s: SerializationContext, page: StoredPage, storedMarkdown: string | undefined, format: "markdown" | "document"): Schemas["Page"] {
  const schema = pageSchema(s, page, pagePaths(s.pages), childrenIndex(s.pages));
  if (page.type !== "document") return schema;
  const markdown = toReadableMarkdown(storedMarkdown ?? "", contentIndex(s.pages, s.files));
  return format === "document" ? { ...schema, document: markdownToDocument(markdown) } : { ...schema, markdown };
}

export function serializeFile(ctx: RequestContext, file: StoredFile): Schemas["File"] {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: ctx.downloads.fileUrl(ctx.baseUrl, file),
    size: file.size,
    ...(file.width && file.height ? { dimensions: { width: file.width, height: file.height } } : {}),
  };
}

export function serializeRevision(s: SerializationContext, revision: Revision): Schemas["Revision"] {
  return {
    object: "revision",
    id: revision.id,
    parents: revision.parents,
    pages: pageTree(s),
    files: s.files.map((file) => serializeFile(s.ctx, file)),
    reusableContents: [],
    createdAt: revision.createdAt.toISOString(),
    urls: { app: appUrl(s.ctx, `/spaces/${s.spaceId}/revisions/${revision.id}`) },
    type: revision.type as Schemas["Revision"]["type"],
  };
}

/** Links grouped by target and relation, each with the pages it appears in, in order of first appearance. */
export function linkEntries(links: readonly StoredLink[]): Schemas["LinkEntry"][] {
  const entries = new Map<string, Schemas["LinkEntry"]>();
  for (const link of links) {
    const key = `${link.relation} ${JSON.stringify(link.target)}`;
    const entry = entries.get(key);
    if (!entry) {
      entries.set(key, { status: link.status, relation: link.relation, targetReference: link.target, locationReferences: [{ kind: "page", page: link.page }] });
    } else if (!entry.locationReferences.some((location) => location.page === link.page)) {
      entry.locationReferences.push({ kind: "page", page: link.page });
    }
  }
  return [...entries.values()];
}
