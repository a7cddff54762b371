// Applying a batch of content changes (insert, update, move, delete pages; add files)
// to a revision's content, in memory: each change sees the previous ones, and a
// change that cannot apply fails the whole batch with a message naming it.
import type { Schemas } from "@docstack/contract";
import { newId } from "../db/ids";
import { badRequest } from "../http/errors";
import { descendantsAndSelf, type StoredFile, type StoredPage, slugify, uniqueSlug } from "./tree";

export type ContentChange = Schemas["ChangeRequestContentChange"];

export interface NewFile {
  file: StoredFile;
  data: Buffer;
}

export interface AppliedChanges {
  pages: StoredPage[];
  files: StoredFile[];
  /** Markdown as written, of pages whose body changed (to store once the tree is final). */
  bodies: Map<string, string>;
  newFiles: NewFile[];
}

function siblingsOf(pages: StoredPage[], parent: string | null, except?: string): StoredPage[] {
  return pages.filter((page) => page.parent === parent && page.id !== except);
}

/** Puts `page` among the children of its parent at index `at` (last when omitted or past the end). */
function place(pages: StoredPage[], page: StoredPage, at: number | undefined): StoredPage[] {
  const rest = pages.filter((candidate) => candidate.id !== page.id);
  const siblings = siblingsOf(rest, page.parent);
  const anchor = at === undefined || at >= siblings.length ? undefined : siblings[at];
  if (anchor) {
    const index = rest.indexOf(anchor);
    return [...rest.slice(0, index), page, ...rest.slice(index)];
  }
  // Last among its siblings: right after the last sibling's subtree, or after the parent.
  const last = siblings[siblings.length - 1];
  const after = last ?? (page.parent ? rest.find((candidate) => candidate.id === page.parent) : undefined);
  if (!after) return [...rest, page];
  const subtree = descendantsAndSelf(rest, after.id);
  let index = rest.indexOf(after);
  while (index + 1 < rest.length && subtree.has(rest[index + 1]!.id)) index++;
  return [...rest.slice(0, index + 1), page, ...rest.slice(index + 1)];
}

function slugAmong(pages: StoredPage[], parent: string | null, title: string, except?: string): string {
  return uniqueSlug(slugify(title), new Set(siblingsOf(pages, parent, except).map((page) => page.slug)));
}

export function applyChanges(
  current: { pages: readonly StoredPage[]; files: readonly StoredFile[] },
  changes: readonly ContentChange[],
  now: Date,
): AppliedChanges {
  let pages = current.pages.map((page) => ({ ...page }));
  let files = [...current.files];
  const bodies = new Map<string, string>();
  const newFiles: NewFile[] = [];
  const at = now.toISOString();

  changes.forEach((change, index) => {
    const where = `request/body/changes/${index}`;
    const find = (id: string, field = "page") => {
      const page = pages.find((candidate) => candidate.id === id);
      if (!page) throw badRequest(`${where}/${field}: no page ${id} in the change request's content`);
      return page;
    };
    const parentFor = (id: string | null | undefined, field: string): string | null => {
      if (!id) return null;
      const parent = find(id, field);
      if (parent.type === "link") throw badRequest(`${where}/${field}: page ${id} is a link page and cannot hold pages`);
      return parent.id;
    };
    switch (change.operation) {
      case "insert_page": {
        const parent = parentFor(change.into, "into");
        const page: StoredPage = {
          id: newId(),
          title: change.title,
          slug: slugAmong(pages, parent, change.title),
          type: "document",
          parent,
          createdAt: at,
          updatedAt: at,
        };
        pages = place(pages, page, change.at);
        bodies.set(page.id, change.document.markdown);
        break;
      }
      case "update_page": {
        const page = find(change.page);
        const moving = change.into !== undefined || change.at !== undefined;
        if (change.document && page.type !== "document") {
          throw badRequest(`${where}/document: page ${page.id} is a ${page.type} page, which has no body`);
        }
        const parent = change.into === undefined ? page.parent : parentFor(change.into, "into");
        if (parent && descendantsAndSelf(pages, page.id).has(parent)) {
          throw badRequest(`${where}/into: a page cannot move into itself or one of its sub-pages`);
        }
        const updated: StoredPage = { ...page, parent, updatedAt: at };
        if (change.title !== undefined) updated.title = change.title;
        if (change.title !== undefined || parent !== page.parent) updated.slug = slugAmong(pages, parent, updated.title, page.id);
        pages = moving ? place(pages, updated, change.at) : pages.map((candidate) => (candidate.id === page.id ? updated : candidate));
        if (change.document) bodies.set(page.id, change.document.markdown);
        break;
      }
      case "delete_page": {
        const removed = descendantsAndSelf(pages, find(change.page).id);
        pages = pages.filter((page) => !removed.has(page.id));
        for (const id of removed) bodies.delete(id);
        break;
      }
      case "insert_files": {
        change.files.forEach((upload, fileIndex) => {
          const data = Buffer.from(upload.data, "base64");
          if (data.toString("base64").replace(/=+$/, "") !== upload.data.replace(/=+$/, "")) {
            throw badRequest(`${where}/files/${fileIndex}/data: not valid base64`);
          }
          const existing = files.find((file) => file.name === upload.name);
          // A file with the same name is replaced (it keeps its ID, so references to it stay).
          const file: StoredFile = { id: existing?.id ?? newId(), name: upload.name, contentType: upload.contentType, blob: "", size: data.byteLength };
          files = existing ? files.map((candidate) => (candidate.id === existing.id ? file : candidate)) : [...files, file];
          newFiles.push({ file, data });
        });
        break;
      }
    }
  });
  return { pages, files, bodies, newFiles };
}
