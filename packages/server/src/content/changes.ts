// Applying a batch of content changes (insert, update, move, delete pages; add files)
// to a revision's content, in memory: each change sees the previous ones, and a
// change that cannot apply fails the whole batch with a message naming it.
import type { Schemas } from "@docstack/contract";
import { newId } from "../db/ids";
import { badRequest } from "../http/errors";
import { type StoredFile, type StoredPage, slugify, uniqueSlug } from "./tree";

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

/**
 * A revision's pages as a tree being edited: children lists per parent, so placing,
 * moving and deleting a page costs what its siblings and sub-pages cost, not the whole
 * space. Pages not changed keep their objects (shared with the cached revision).
 */
class EditedTree {
  readonly byId = new Map<string, StoredPage>();
  private readonly children = new Map<string, string[]>();

  constructor(pages: readonly StoredPage[]) {
    for (const page of pages) {
      this.byId.set(page.id, page);
      this.childIds(page.parent).push(page.id);
    }
  }

  private childIds(parent: string | null): string[] {
    let ids = this.children.get(parent ?? "");
    if (!ids) {
      ids = [];
      this.children.set(parent ?? "", ids);
    }
    return ids;
  }

  /** Sets `page` (new, or a new version of one) among its parent's children at `at` (last when omitted or past the end). */
  place(page: StoredPage, at: number | undefined): void {
    const old = this.byId.get(page.id);
    if (old) this.detach(old);
    this.byId.set(page.id, page);
    const siblings = this.childIds(page.parent);
    if (at === undefined || at >= siblings.length) siblings.push(page.id);
    else siblings.splice(at, 0, page.id);
  }

  /** Replaces a page where it is. */
  replace(page: StoredPage): void {
    this.byId.set(page.id, page);
  }

  private detach(page: StoredPage): void {
    const siblings = this.childIds(page.parent);
    siblings.splice(siblings.indexOf(page.id), 1);
  }

  slugAmong(parent: string | null, title: string, except?: string): string {
    const taken = new Set(this.childIds(parent).flatMap((id) => (id === except ? [] : [this.byId.get(id)!.slug])));
    return uniqueSlug(slugify(title), taken);
  }

  descendantsAndSelf(id: string): Set<string> {
    const found = new Set<string>();
    const visit = (current: string) => {
      found.add(current);
      for (const child of this.children.get(current) ?? []) visit(child);
    };
    visit(id);
    return found;
  }

  /** Removes a page and its sub-pages; returns their IDs. */
  remove(id: string): Set<string> {
    const removed = this.descendantsAndSelf(id);
    this.detach(this.byId.get(id)!);
    for (const gone of removed) {
      this.byId.delete(gone);
      this.children.delete(gone);
    }
    return removed;
  }

  /** The pages in table-of-contents order (pages whose parent is missing, which no write makes, after the others). */
  pages(): StoredPage[] {
    const ordered: StoredPage[] = [];
    const visit = (parent: string) => {
      for (const id of this.children.get(parent) ?? []) {
        ordered.push(this.byId.get(id)!);
        visit(id);
      }
    };
    visit("");
    if (ordered.length < this.byId.size) {
      for (const page of this.byId.values()) {
        if (page.parent && !this.byId.has(page.parent)) {
          ordered.push(page);
          visit(page.id);
        }
      }
    }
    return ordered;
  }
}

export function applyChanges(
  current: { pages: readonly StoredPage[]; files: readonly StoredFile[] },
  changes: readonly ContentChange[],
  now: Date,
): AppliedChanges {
  const tree = new EditedTree(current.pages);
  let files = [...current.files];
  const bodies = new Map<string, string>();
  const newFiles: NewFile[] = [];
  const at = now.toISOString();

  changes.forEach((change, index) => {
    const where = `request/body/changes/${index}`;
    const find = (id: string, field = "page") => {
      const page = tree.byId.get(id);
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
          slug: tree.slugAmong(parent, change.title),
          type: "document",
          parent,
          createdAt: at,
          updatedAt: at,
        };
        tree.place(page, change.at);
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
        if (parent && tree.descendantsAndSelf(page.id).has(parent)) {
          throw badRequest(`${where}/into: a page cannot move into itself or one of its sub-pages`);
        }
        const updated: StoredPage = { ...page, parent, updatedAt: at };
        if (change.title !== undefined) updated.title = change.title;
        if (change.title !== undefined || parent !== page.parent) updated.slug = tree.slugAmong(parent, updated.title, page.id);
        if (moving) tree.place(updated, change.at);
        else tree.replace(updated);
        if (change.document) bodies.set(page.id, change.document.markdown);
        break;
      }
      case "delete_page": {
        for (const id of tree.remove(find(change.page).id)) bodies.delete(id);
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
  return { pages: tree.pages(), files, bodies, newFiles };
}
