// Links that wait for their target. A link written to a page path or file name the
// content does not have yet (`/guides/later`, `diagram.png`) is stored as written, and
// broken. When a later write of the same content (a batch of the change request, its
// merge) brings a page to that path (created, moved or renamed there) or a file of that
// name, the pages waiting for it get their documents again with the link made a
// reference, which then follows the target wherever it moves. Waiting links are indexed
// by what they name, so a new page costs the pages waiting for it, not a look at every link.
import type { ContentStore } from "./cache";
import { loadDocumentMeta, loadDocuments } from "./documents";
import type { LinksByPage, StoredLink } from "./links";
import { type ContentIndex, contentTarget, hasContent, toStoredMarkdown } from "./references";
import type { StoredPage } from "./tree";

/** Pages (IDs) by what their broken links name (`page:<path>`, `file:<name>`). */
export type WaitingIndex = ReadonlyMap<string, ReadonlySet<string>>;

/** Each revision's waiting index, by its links (shared by revisions with the same content). */
const indexes = new WeakMap<LinksByPage, WaitingIndex>();

function waitingFor(links: readonly StoredLink[]): string[] {
  return links.flatMap((link) => {
    const named = link.target.kind === "url" && link.status === "broken" ? contentTarget(link.target.url) : undefined;
    return named ? [named] : [];
  });
}

/** The waiting index of a revision's links: kept with them, else built once from them. */
export function waitingIndex(links: LinksByPage): WaitingIndex {
  const known = indexes.get(links);
  if (known) return known;
  const index = new Map<string, Set<string>>();
  for (const [page, pageLinks] of links) {
    for (const named of waitingFor(pageLinks)) {
      const pages = index.get(named);
      if (pages) pages.add(page);
      else index.set(named, new Set([page]));
    }
  }
  indexes.set(links, index);
  return index;
}

/**
 * Keeps with `next` (a new revision's links) its waiting index, made from the parent's (when built) by
 * looking again at the pages whose links changed only: a set of pages is copied once, when first changed.
 */
export function deriveWaitingIndex(previous: LinksByPage, next: LinksByPage, changedPages: Iterable<string>): void {
  const before = indexes.get(previous);
  if (!before) return; // built from `next` if ever needed
  const index = new Map(before);
  const copied = new Map<string, Set<string>>();
  const edit = (named: string, change: (pages: Set<string>) => void) => {
    let pages = copied.get(named);
    if (!pages) {
      pages = new Set(index.get(named));
      copied.set(named, pages);
      index.set(named, pages);
    }
    change(pages);
  };
  for (const page of changedPages) {
    for (const named of waitingFor(previous.get(page) ?? [])) edit(named, (pages) => pages.delete(page));
    for (const named of waitingFor(next.get(page) ?? [])) edit(named, (pages) => pages.add(page));
  }
  for (const [named, pages] of copied) if (!pages.size) index.delete(named);
  indexes.set(next, index);
}

/**
 * What a revision names that its parent did not (or named as another page or file): the paths of the
 * pages in `moved` (those that are new, or whose path may have changed) and the files' names.
 */
export function appearedTargets(content: ContentIndex, parent: ContentIndex, moved: Iterable<string>): string[] {
  const appeared: string[] = [];
  for (const id of moved) {
    const path = content.pathById.get(id);
    if (path !== undefined && parent.pageByPath.get(path) !== id) appeared.push(`page:${path}`);
  }
  for (const [name, id] of content.fileByName) if (parent.fileByName.get(name) !== id) appeared.push(`file:${name}`);
  return appeared;
}

/** The pages of `waiting` that wait for one of `appeared`. */
export function pagesWaitingFor(waiting: WaitingIndex, appeared: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const named of appeared) for (const page of waiting.get(named) ?? []) found.add(page);
  return found;
}

/**
 * The documents of `candidates` whose links name, as written, a page or file `content` now has, with
 * those links made references (stored markdown, by page ID). The others are left as they are.
 */
export async function resolveWaitingLinks(store: ContentStore, candidates: readonly StoredPage[], content: ContentIndex): Promise<Map<string, string>> {
  const withDocument = candidates.filter((page) => page.document);
  const meta = await loadDocumentMeta(
    store,
    withDocument.map((page) => page.document!),
  );
  const resolvable = withDocument.filter((page) =>
    meta.get(page.document!)?.references.some((reference) => {
      const named = reference.kind === "url" ? contentTarget(reference.url) : undefined;
      return named !== undefined && hasContent(content, named);
    }),
  );
  const resolved = new Map<string, string>();
  if (!resolvable.length) return resolved;
  const documents = await loadDocuments(
    store,
    resolvable.map((page) => page.document!),
  );
  for (const page of resolvable) {
    const document = documents.get(page.document!);
    if (document) resolved.set(page.id, toStoredMarkdown(document.markdown, content));
  }
  return resolved;
}
