// Applying a batch of content changes (insert, update, move, delete pages; add files)
// to a revision's content, in memory: each change sees the previous ones, and a
// change that cannot apply fails the whole batch with a message naming it.
import type { Schemas } from "@docstack/contract";
import { newId } from "../../db/ids";
import { ApiError, badRequest } from "../../http/errors";
import { assertCondition } from "../format/conditions";
import { type PageMetadata, readPageSource } from "../format/page-source";
import { frontMatterPresentation, type StoredPresentation } from "../gitbook-layout/presentation";
import type { NewFile } from "../store/revisions";
import { pagePaths, type StoredFile, type StoredPage, slugify, uniqueSlug } from "../store/tree";
import { FetchRefused, fetchSafely } from "../web/fetch-safely";

export type ContentChange = Schemas["ChangeRequestContentChange"];

/** What a batch needs that is read before it applies: files fetched from their `url`, revisions pages are reverted to. */
export interface ChangeInputs {
  /** Bytes of files given by `url`, by `<change index>/<file index>`. */
  fetched?: ReadonlyMap<string, { data: Buffer; contentType: string }>;
  /** Pages' states to revert to, by revision ID (the change request's base among them). */
  revisions?: ReadonlyMap<string, { byId: ReadonlyMap<string, StoredPage>; children: ReadonlyMap<string, readonly StoredPage[]> }>;
  /** The revision `revert_page` reverts to when it names none. */
  baseRevisionId?: string;
  /**
   * Pages inserted as groups or links, by their `ref` (batches of the API insert documents only; an import of a
   * repository's layout inserts its groups and link pages this way); by page ID, what an update sets of a link's
   * target and the layout's front matter (a Git Sync's import of the pages a branch changed).
   */
  pageKinds?: ReadonlyMap<string, InsertedPageKind>;
}

/** What an internal insertion sets beyond the API's `insert_page`: the kind of page, and a layout's front matter. */
export interface InsertedPageKind {
  type?: "group" | "link";
  href?: string;
  presentation?: StoredPresentation;
  /** The file the page was imported from (StoredPage's `origin`). */
  origin?: string;
}

/** A page the batch touched, for `compat=false` (in the order first touched). */
export interface PageOutcome {
  object: "created_page" | "updated_page" | "deleted_page";
  ref?: string;
}

export interface AppliedChanges {
  pages: StoredPage[];
  files: StoredFile[];
  /** Markdown as written, of pages whose body changed (to store once the tree is final). */
  bodies: Map<string, string>;
  newFiles: NewFile[];
  /** Pages touched, by ID. */
  outcomes: Map<string, PageOutcome>;
}

/** A revision's pages, indexed (a revision's index): what a batch applies to. */
export interface CurrentPages {
  pages: readonly StoredPage[];
  files: readonly StoredFile[];
  byId: ReadonlyMap<string, StoredPage>;
  children: ReadonlyMap<string, readonly StoredPage[]>;
}

/**
 * A revision's pages as a tree being edited: children lists per parent, so placing,
 * moving and deleting a page costs what its siblings and sub-pages cost, not the whole
 * space. Pages not changed keep their objects (shared with the cached revision), and a
 * parent's list of children is copied from the revision's index when first changed.
 */
class EditedTree {
  readonly byId: Map<string, StoredPage>;
  private readonly children = new Map<string, string[]>();

  constructor(private readonly current: CurrentPages) {
    this.byId = new Map(current.byId);
  }

  /** The IDs of a parent's children, to change them. */
  private childIds(parent: string | null): string[] {
    const key = parent ?? "";
    let ids = this.children.get(key);
    if (!ids) {
      ids = [...this.childIdsOf(key)];
      this.children.set(key, ids);
    }
    return ids;
  }

  /** The IDs of a parent's children, to read them. */
  private childIdsOf(parent: string): readonly string[] {
    return this.children.get(parent) ?? (this.current.children.get(parent) ?? []).map((page) => page.id);
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

  private slugsAmong(parent: string | null, except?: string): Set<string> {
    return new Set(this.childIds(parent).flatMap((id) => (id === except ? [] : [this.byId.get(id)!.slug])));
  }

  slugAmong(parent: string | null, title: string, except?: string): string {
    return uniqueSlug(slugify(title), this.slugsAmong(parent, except));
  }

  /** `slug` when no sibling holds it, else a free variant (`-2`, ...). */
  freeSlug(parent: string | null, slug: string, except?: string): string {
    return uniqueSlug(slug, this.slugsAmong(parent, except));
  }

  slugTaken(parent: string | null, slug: string, except?: string): boolean {
    return this.slugsAmong(parent, except).has(slug);
  }

  descendantsAndSelf(id: string): Set<string> {
    const found = new Set<string>();
    const visit = (current: string) => {
      found.add(current);
      for (const child of this.childIdsOf(current)) visit(child);
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
      this.children.set(gone, []);
    }
    return removed;
  }

  /** The pages in table-of-contents order (pages whose parent is missing, which no write makes, after the others). */
  pages(): StoredPage[] {
    const ordered: StoredPage[] = [];
    const visit = (parent: string) => {
      const ids = this.children.get(parent);
      // A list not changed here: the index's pages, in their current versions.
      for (const child of ids ?? this.current.children.get(parent) ?? []) {
        const id = typeof child === "string" ? child : child.id;
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

export function applyChanges(current: CurrentPages, changes: readonly ContentChange[], now: Date, inputs: ChangeInputs = {}): AppliedChanges {
  const tree = new EditedTree(current);
  let files = [...current.files];
  const bodies = new Map<string, string>();
  const newFiles: NewFile[] = [];
  const outcomes = new Map<string, PageOutcome>();
  const pageRefs = new Map<string, string>();
  const fileRefs = new Map<string, string>();
  const at = now.toISOString();
  const touch = (id: string, object: PageOutcome["object"], ref?: string) => {
    const known = outcomes.get(id);
    if (object === "deleted_page" && known?.object === "created_page") outcomes.delete(id);
    else if (!known || object === "deleted_page") outcomes.set(id, { object, ...(ref ? { ref } : {}) });
  };

  changes.forEach((change, index) => {
    const where = `request/body/changes/${index}`;
    const find = (target: string, field = "page") => {
      const page = tree.byId.get(pageRefs.get(target) ?? target);
      if (!page) throw badRequest("invalid_reference", `${where}/${field}: no page ${target} in the change request's content`);
      return page;
    };
    const parentFor = (target: string | null | undefined, field: string): string | null => {
      if (!target) return null;
      const parent = find(target, field);
      if (parent.type === "link") throw badRequest("invalid_request", `${where}/${field}: page ${target} is a link page and cannot hold pages`);
      return parent.id;
    };
    const claimRef = (ref: string | undefined, field: string) => {
      if (ref === undefined) return;
      if (pageRefs.has(ref) || fileRefs.has(ref)) throw badRequest("invalid_request", `${where}/${field}: the ref ${ref} is already used in this batch`);
    };
    const slugFor = (slug: string | undefined, parent: string | null, except?: string) => {
      if (slug !== undefined && tree.slugTaken(parent, slug, except))
        throw badRequest("invalid_request", `${where}/slug: a sibling page already has the slug ${slug}`);
      return slug;
    };
    switch (change.operation) {
      case "insert_page": {
        claimRef(change.ref, "ref");
        // An empty string removes a condition; any other is checked as site sections' are.
        if (change.condition) assertCondition(`${where}/condition`, change.condition);
        const parent = parentFor(change.into, "into");
        const source = readPageSource(change.document.markdown, `${where}/document/markdown`);
        const title = source.metadata.title ?? change.title ?? source.headingTitle ?? "Untitled";
        // The leading heading is the title only when nothing else gave one: a title given keeps the body as written.
        const markdown = source.metadata.title === undefined && change.title === undefined && source.headingTitle ? source.bodyWithoutHeading : source.body;
        const kind = change.ref === undefined ? undefined : inputs.pageKinds?.get(change.ref);
        const page = withMetadata(
          {
            id: newId(),
            title,
            slug: slugFor(change.slug, parent) ?? tree.slugAmong(parent, title),
            type: kind?.type ?? "document",
            ...(kind?.href ? { href: kind.href } : {}),
            // The body's cover, layout and other front matter (a repository's import gives them read already).
            ...(kind?.presentation ?? frontMatterPresentation(source.presentation)),
            ...(kind?.origin ? { origin: kind.origin } : {}),
            parent,
            createdAt: at,
            updatedAt: at,
          },
          { ...change, ...source.metadata },
        );
        tree.place(page, change.at);
        if (!kind?.type) bodies.set(page.id, markdown);
        if (change.ref !== undefined) pageRefs.set(change.ref, page.id);
        touch(page.id, "created_page", change.ref);
        break;
      }
      case "update_page": {
        const page = find(change.page);
        if (change.condition) assertCondition(`${where}/condition`, change.condition);
        const moving = change.into !== undefined || change.at !== undefined;
        if (change.document && page.type !== "document") {
          throw badRequest("invalid_request", `${where}/document: page ${page.id} is a ${page.type} page, which has no body`);
        }
        const source = change.document ? readPageSource(change.document.markdown, `${where}/document/markdown`) : undefined;
        const parent = change.into === undefined ? page.parent : parentFor(change.into, "into");
        if (parent && tree.descendantsAndSelf(page.id).has(parent)) {
          throw badRequest("invalid_request", `${where}/into: a page cannot move into itself or one of its sub-pages`);
        }
        // A body's front matter sets the cover, layout and other keys it names; those it does not name are kept.
        const presentation = source ? frontMatterPresentation(source.presentation) : {};
        const updated = withMetadata({ ...page, ...presentation, parent, updatedAt: at }, { ...change, ...source?.metadata });
        // An internal update (a Git Sync's) may also set a link's target and a layout's front matter, by page ID.
        const kind = inputs.pageKinds?.get(page.id);
        if (kind) withKind(updated, kind);
        // A new title keeps the slug, so the page's URL (GitBook: "to rename only the title without changing the URL, set `title` and omit `slug`").
        const slug = slugFor(change.slug, parent, page.id);
        if (slug !== undefined) updated.slug = slug;
        else if (parent !== page.parent) updated.slug = tree.freeSlug(parent, page.slug, page.id);
        if (moving) tree.place(updated, change.at);
        else tree.replace(updated);
        if (source) bodies.set(page.id, source.body);
        touch(page.id, "updated_page");
        break;
      }
      case "delete_page": {
        const page = find(change.page);
        for (const id of tree.remove(page.id)) bodies.delete(id);
        touch(page.id, "deleted_page");
        break;
      }
      case "revert_page": {
        if (change.block?.length)
          throw badRequest("invalid_request", `${where}/block: reverting some blocks of a page is not supported (bodies are Markdown): leave block out`);
        const revision = inputs.revisions?.get(change.revision ?? inputs.baseRevisionId ?? "");
        if (!revision) throw badRequest("invalid_reference", `${where}/revision: no revision ${change.revision} in the space`);
        const before = revision.byId.get(change.page);
        const now = tree.byId.get(change.page);
        if (!before && !now) throw badRequest("invalid_reference", `${where}/page: no page ${change.page} in the change request's content or the revision`);
        if (!before) {
          for (const id of tree.remove(change.page)) bodies.delete(id);
          touch(change.page, "deleted_page");
          break;
        }
        const parent = before.parent && tree.byId.has(before.parent) ? before.parent : null;
        const restored: StoredPage = { ...before, parent, slug: tree.freeSlug(parent, before.slug, before.id) };
        if (now && now.parent === parent) tree.replace(restored);
        else
          tree.place(
            restored,
            (revision.children.get(before.parent ?? "") ?? []).findIndex((sibling) => sibling.id === before.id),
          );
        // Its body is the revision's document again (stored already): not one written in this batch.
        bodies.delete(before.id);
        touch(before.id, now ? "updated_page" : "created_page");
        break;
      }
      case "insert_files": {
        change.files.forEach((upload, fileIndex) => {
          const field = `${where}/files/${fileIndex}`;
          claimRef(upload.ref, `files/${fileIndex}/ref`);
          const { data, contentType } = fileBytes(upload, inputs.fetched?.get(`${index}/${fileIndex}`), field);
          const existing = files.find((file) => file.name === upload.name);
          // A file with the same name is replaced (it keeps its ID, so references to it stay).
          const file: StoredFile = { id: existing?.id ?? newId(), name: upload.name, contentType, blob: "", size: data.byteLength };
          files = existing ? files.map((candidate) => (candidate.id === existing.id ? file : candidate)) : [...files, file];
          newFiles.push({ file, data });
          if (upload.ref !== undefined) fileRefs.set(upload.ref, file.name);
        });
        break;
      }
    }
  });
  const pages = tree.pages();
  if (pageRefs.size || fileRefs.size) {
    const paths = pagePaths(pages);
    const targets = new Map<string, string>([...fileRefs]);
    for (const [ref, id] of pageRefs) if (paths.has(id)) targets.set(ref, `/${paths.get(id)}`);
    for (const [id, markdown] of bodies) bodies.set(id, resolveRefs(markdown, targets));
  }
  return { pages, files, bodies, newFiles, outcomes };
}

/** Sets a link's target and the layout's front matter a page has (absent ones removed). */
function withKind(page: StoredPage, kind: InsertedPageKind): void {
  if (page.type === "link" && kind.href !== undefined) page.href = kind.href;
  if (kind.origin !== undefined) page.origin = kind.origin;
  for (const name of ["cover", "coverY", "layout", "frontMatter"] as const) {
    if (kind.presentation?.[name] === undefined) delete page[name];
    else (page as unknown as Record<string, unknown>)[name] = kind.presentation[name];
  }
}

/** A page with the metadata a change (or its body's front matter) sets: an empty string or null removes a text (a condition too), false a flag. */
function withMetadata(page: StoredPage, metadata: PageMetadata): StoredPage {
  const updated = { ...page };
  if (metadata.title) updated.title = metadata.title;
  for (const name of ["description", "emoji", "icon", "condition"] as const) {
    const value = metadata[name];
    if (value === undefined) continue;
    if (value) updated[name] = value;
    else delete updated[name];
  }
  for (const name of ["hidden", "noIndex", "noRobotsIndex"] as const) {
    const value = metadata[name];
    if (value === undefined) continue;
    // Stored only when set, so that an unchanged page compares equal in merges.
    if (value) updated[name] = true;
    else delete updated[name];
  }
  return updated;
}

type FileUpload = Schemas["ChangeRequestFileUpload"];

/** A file's bytes and type: base64 (`data` or GitBook's `base64`), or what was fetched from its `url`. */
function fileBytes(upload: FileUpload, fetched: { data: Buffer; contentType: string } | undefined, field: string): { data: Buffer; contentType: string } {
  const encoded = upload.data ?? upload.base64;
  if (encoded === undefined) {
    if (!fetched) throw badRequest("url_fetch_failed", `${field}/url: the file was not fetched`);
    return { data: fetched.data, contentType: upload.contentType ?? fetched.contentType };
  }
  const name = upload.data !== undefined ? "data" : "base64";
  if (!upload.contentType) throw badRequest("invalid_request", `${field}/contentType: required with ${name}`);
  const data = Buffer.from(encoded, "base64");
  if (data.toString("base64").replace(/=+$/, "") !== encoded.replace(/=+$/, "")) {
    throw badRequest("invalid_request", `${field}/${name}: not valid base64`);
  }
  return { data, contentType: upload.contentType };
}

/**
 * Links and images of a body naming a `ref` of the batch (`./<ref>.md`, `./<ref>`, `<ref>`, with an optional
 * `#anchor`) made to name the page by its path, or the file by its name, as stored content does.
 */
function resolveRefs(markdown: string, targets: ReadonlyMap<string, string>): string {
  return markdown.replace(/(\]\(\s*<?)([^)\s>#]+)(#[^)\s>]*)?/g, (whole, open: string, target: string, anchor: string | undefined) => {
    const ref = target.replace(/^\.\//, "");
    const resolved = targets.get(ref) ?? targets.get(ref.replace(/\.md$/, ""));
    return resolved === undefined ? whole : `${open}${resolved}${anchor ?? ""}`;
  });
}

/** Largest file fetched from a `url` (the request body's own limit). */
const MAX_FETCHED_FILE = 20 * 1024 * 1024;
const FETCH_SECONDS = 30;

/**
 * Fetches the files a batch gives by `url` (one at a time, with the imports' checks: no internal address, on the
 * address connected to and every redirect), before the batch applies; a failure is a 400 naming the file's `url`.
 */
export async function fetchFileUrls(changes: readonly ContentChange[], allowPrivate: boolean): Promise<ChangeInputs["fetched"]> {
  const fetched = new Map<string, { data: Buffer; contentType: string }>();
  const deadline = Date.now() + FETCH_SECONDS * 1000;
  for (const [index, change] of changes.entries()) {
    if (change.operation !== "insert_files") continue;
    for (const [fileIndex, upload] of change.files.entries()) {
      if (upload.url === undefined) continue;
      try {
        const file = await fetchSafely(upload.url, { allowPrivate, maxBytes: MAX_FETCHED_FILE, deadline });
        const contentType = file.contentType.split(";")[0]?.trim() || "application/octet-stream";
        fetched.set(`${index}/${fileIndex}`, { data: file.bytes, contentType });
      } catch (error) {
        if (error instanceof FetchRefused) {
          throw badRequest("url_fetch_failed", `request/body/changes/${index}/files/${fileIndex}/url: ${error.message.replace(/^request\/body\/url: /, "")}`);
        }
        throw error instanceof ApiError ? error : badRequest("url_fetch_failed", `request/body/changes/${index}/files/${fileIndex}/url: could not be fetched`);
      }
    }
  }
  return fetched;
}
