// Content as the contract shows it: revisions, page trees, pages with their body,
// files with a signed download URL, links with their pages.
import type { Schemas } from "@docstack/contract";
import { assetName, htmlTargets } from "@docstack/sites";
import { ApiError } from "../../http/errors";
import { appUrl } from "../../http/urls";
import { markdownToDocument, type ReferenceResolver } from "../format/document-format";
import { linkTargets } from "../format/markdown";
import type { StoredLink } from "../store/links";
import { type ContentIndex, toReadableMarkdown } from "../store/references";
import type { RevisionIndex } from "../store/revisions";
import type { StoredFile, StoredPage } from "../store/tree";
import type { SerializeDeps } from "./deps";

export interface SerializationContext {
  ctx: SerializeDeps;
  spaceId: string;
  index: RevisionIndex;
}

/** GitBook's default page layout (every part shown): Docstack's pages all have it. */
const DEFAULT_LAYOUT: Schemas["PageLayout"] = {
  width: "default",
  cover: true,
  coverSize: "hero",
  coverMask: "none",
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
};

const LAYOUT_PARTS = ["title", "description", "tableOfContents", "outline", "pagination", "metadata", "tags", "actions", "anchors"] as const;
const visible = (value: unknown): boolean | undefined => {
  const shown = (value as { visible?: unknown } | null)?.visible;
  return typeof shown === "boolean" ? shown : undefined;
};

/** The page's layout: GitBook's default, with what its imported `layout` front matter says (`{part: {visible}}`, `width`, `cover.size`/`mask`). */
function pageLayout(page: StoredPage): Schemas["PageLayout"] {
  if (page.layout === undefined) return DEFAULT_LAYOUT;
  const written = JSON.parse(page.layout) as Record<string, unknown> | null;
  if (!written || typeof written !== "object") return DEFAULT_LAYOUT;
  const layout = { ...DEFAULT_LAYOUT };
  if (written.width === "default" || written.width === "wide") layout.width = written.width;
  const cover = (written.cover ?? {}) as Record<string, unknown>;
  layout.cover = visible(cover) ?? layout.cover;
  if (cover.size === "hero" || cover.size === "full" || cover.size === "background") layout.coverSize = cover.size;
  if (cover.mask === "none" || cover.mask === "radial") layout.coverMask = cover.mask;
  for (const part of LAYOUT_PARTS) layout[part] = visible(written[part]) ?? layout[part];
  return layout;
}

/** The page's cover when it names a file of the revision (`coverY` its offset). */
function pageCover(index: RevisionIndex, page: StoredPage): Pick<Schemas["Page"], "cover"> {
  const file = page.cover === undefined ? undefined : index.fileByName.get(page.cover);
  return file ? { cover: { ref: { kind: "file", file }, yPos: Math.max(0, page.coverY ?? 0) } } : {};
}

/** GitBook's older name for a page's type, which its clients still require. */
const KIND = { document: "sheet", group: "group", link: "link" } as const;

function pageSchema(s: SerializationContext, page: StoredPage): Schemas["Page"] {
  return {
    id: page.id,
    title: page.title,
    ...(page.emoji ? { emoji: page.emoji } : {}),
    ...(page.icon ? { icon: page.icon } : {}),
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    type: page.type,
    kind: KIND[page.type],
    ...(page.type === "document" ? { layout: pageLayout(page), tags: [] } : {}),
    ...(page.type === "document" ? pageCover(s.index, page) : {}),
    ...(page.href ? { href: page.href } : {}),
    urls: { app: appUrl(s.ctx, `/spaces/${s.spaceId}/pages/${page.id}`) },
    slug: page.slug,
    path: s.index.pathById.get(page.id)!,
    ...(page.description ? { description: page.description } : {}),
    ...(page.document ? { documentId: page.document } : {}),
    pages: (s.index.children.get(page.id) ?? []).map((child) => pageSchema(s, child)),
    hidden: Boolean(page.hidden),
    noIndex: Boolean(page.noIndex),
    noRobotsIndex: Boolean(page.noRobotsIndex),
    ...(page.condition ? { condition: page.condition } : {}),
  };
}

/** The page tree: top-level pages with their sub-pages, without bodies. */
export function pageTree(s: SerializationContext): Schemas["Page"][] {
  return (s.index.children.get("") ?? []).map((page) => pageSchema(s, page));
}

/** The page tree cut to what a navigation tree shows: each page's ID, title, type and sub-pages. */
export function pageTitleTree(index: RevisionIndex, parentId = ""): Schemas["PageTitle"][] {
  return (index.children.get(parentId) ?? []).map((page) => ({ id: page.id, title: page.title, type: page.type, pages: pageTitleTree(index, page.id) }));
}

/** One page with its sub-pages and its body (markdown as written, or the structured document). */
export async function pageWithBody(
  s: SerializationContext,
  page: StoredPage,
  storedMarkdown: string | undefined,
  format: "markdown" | "document",
): Promise<Schemas["Page"]> {
  const schema = pageSchema(s, page);
  if (page.type !== "document") return schema;
  const markdown = toReadableMarkdown(storedMarkdown ?? "", s.index);
  return format === "document" ? { ...schema, document: await pageDocument(s, page.id, markdown) } : { ...schema, markdown };
}

/** The page's structured document: a long page's made in the render pool, its targets resolved here first (503 past the pool's budget). */
async function pageDocument(s: SerializationContext, pageId: string, markdown: string): Promise<Schemas["PageDocument"]> {
  const resolve = referenceResolver(s.index, pageId);
  const pool = s.ctx.renderPool;
  if (markdown.length < pool.options.minLength) return markdownToDocument(markdown, resolve);
  const references = new Map<string, Schemas["ContentReference"]>();
  for (const target of [...linkTargets(markdown).map((link) => link.target), ...htmlTargets(markdown).map((html) => html.target)]) {
    const reference = resolve(target);
    if (reference) references.set(target, reference);
  }
  try {
    return await pool.run<Schemas["PageDocument"]>({ kind: "document", markdown, references: [...references] });
  } catch (error) {
    throw new ApiError(
      "render_budget_exceeded",
      `The page's document could not be made: ${(error as Error).message} (its markdown is readable with format=markdown)`,
    );
  }
}

/**
 * The references of a page's document: targets as users read them (`/path#anchor`,
 * `#anchor`, `diagram.png`) name a page, a heading or a file of the revision; anything
 * else (absolute URLs, targets that match nothing) stays a URL.
 */
function referenceResolver(index: ContentIndex, pageId: string): ReferenceResolver {
  const anchorIn = (page: string, anchor: string): Schemas["ContentReferenceAnchor"] | undefined =>
    anchor.length <= 255 ? { kind: "anchor", page, anchor } : undefined;
  return (target) => {
    // A target with a scheme (`https:`, `mailto:`) is outside the content.
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
    if (target.startsWith("#")) return target.length > 1 ? anchorIn(pageId, target.slice(1)) : undefined;
    if (target.startsWith("/")) {
      const [path = "", anchor] = target.split("#", 2);
      const page = index.pageByPath.get(path.replace(/^\/+|\/+$/g, ""));
      if (!page) return undefined;
      return anchor ? anchorIn(page, anchor) : { kind: "page", page };
    }
    // GitBook's HTML names a file by its path in the repository (`../.gitbook/assets/x.png`).
    const asset = assetName(target);
    const file = asset !== undefined ? index.fileByName.get(asset) : (index.fileByName.get(target) ?? index.fileByName.get(decodedOrSame(target)));
    return file ? { kind: "file", file } : undefined;
  };
}

/** A percent-encoded name (`my%20file.png`) decoded, as `toStoredMarkdown` looks files up; malformed ones as they are. */
function decodedOrSame(target: string): string {
  try {
    return decodeURIComponent(target);
  } catch {
    return target;
  }
}

export function serializeFile(ctx: SerializeDeps, file: StoredFile): Schemas["File"] {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: ctx.downloads.fileUrl(ctx.baseUrl, file),
    size: file.size,
    ...(file.width && file.height ? { dimensions: { width: file.width, height: file.height } } : {}),
  };
}

export function serializeRevision(s: SerializationContext): Schemas["Revision"] {
  const { revision } = s.index;
  return {
    object: "revision",
    id: revision.id,
    parents: revision.parents,
    pages: pageTree(s),
    files: s.index.files.map((file) => serializeFile(s.ctx, file)),
    reusableContents: [],
    tags: [],
    createdAt: revision.createdAt.toISOString(),
    urls: { app: appUrl(s.ctx, `/spaces/${s.spaceId}/revisions/${revision.id}`) },
    type: revision.type,
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
