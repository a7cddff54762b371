// One function per change operation of a batch (./changes), each applying its change to the batch's state. A change
// that cannot apply throws a 400 naming its place in the request (`request/body/changes/<index>/...`).
import type { Schemas } from "@docstack/contract";
import { newId } from "../../db/ids";
import { badRequest } from "../../http/errors";
import { assertCondition } from "../format/conditions";
import { type PageMetadata, readPageSource } from "../format/page-source";
import { frontMatterPresentation } from "../gitbook-layout/presentation";
import type { StoredFile, StoredPage } from "../store/tree";
import type { Batch, ContentChange, InsertedPageKind } from "./batch";

/** One change of a batch: its place in the request, for messages, and the look-ups its operation makes. */
export class Step {
  readonly where: string;

  constructor(
    readonly batch: Batch,
    readonly index: number,
  ) {
    this.where = `request/body/changes/${index}`;
  }

  /** A page of the content being edited, by ID or by a `ref` given earlier in the batch. */
  find(target: string, field = "page"): StoredPage {
    const page = this.batch.tree.byId.get(this.batch.pageRefs.get(target) ?? target);
    if (!page) throw badRequest("invalid_reference", `${this.where}/${field}: no page ${target} in the change request's content`);
    return page;
  }

  /** The page a page goes into (null: the top level); a link page holds none. */
  parentFor(target: string | null | undefined, field: string): string | null {
    if (!target) return null;
    const parent = this.find(target, field);
    if (parent.type === "link") throw badRequest("invalid_request", `${this.where}/${field}: page ${target} is a link page and cannot hold pages`);
    return parent.id;
  }

  /** Refuses a `ref` the batch already used. */
  claimRef(ref: string | undefined, field: string): void {
    if (ref === undefined) return;
    if (this.batch.pageRefs.has(ref) || this.batch.fileRefs.has(ref))
      throw badRequest("invalid_request", `${this.where}/${field}: the ref ${ref} is already used in this batch`);
  }

  /** The slug given, refused when a sibling holds it. */
  slugFor(slug: string | undefined, parent: string | null, except?: string): string | undefined {
    if (slug !== undefined && this.batch.tree.slugTaken(parent, slug, except))
      throw badRequest("invalid_request", `${this.where}/slug: a sibling page already has the slug ${slug}`);
    return slug;
  }
}

type Operation = ContentChange["operation"];
type ChangeOf<O extends Operation> = Extract<ContentChange, { operation: O }>;

function insertPage(step: Step, change: ChangeOf<"insert_page">): void {
  const { batch, where } = step;
  const { tree } = batch;
  step.claimRef(change.ref, "ref");
  // An empty string removes a condition; any other is checked as site sections' are.
  if (change.condition) assertCondition(`${where}/condition`, change.condition);
  const parent = step.parentFor(change.into, "into");
  const source = readPageSource(change.document.markdown, `${where}/document/markdown`);
  const title = source.metadata.title ?? change.title ?? source.headingTitle ?? "Untitled";
  // The leading heading is the title only when nothing else gave one: a title given keeps the body as written.
  const markdown = source.metadata.title === undefined && change.title === undefined && source.headingTitle ? source.bodyWithoutHeading : source.body;
  const kind = change.ref === undefined ? undefined : batch.inputs.pageKinds?.get(change.ref);
  const page = withMetadata(
    {
      id: newId(),
      title,
      slug: step.slugFor(change.slug, parent) ?? tree.slugAmong(parent, title),
      type: kind?.type ?? "document",
      ...(kind?.href ? { href: kind.href } : {}),
      // The body's cover, layout and other front matter (a repository's import gives them read already).
      ...(kind?.presentation ?? frontMatterPresentation(source.presentation)),
      ...(kind?.origin ? { origin: kind.origin } : {}),
      parent,
      createdAt: batch.at,
      updatedAt: batch.at,
    },
    { ...change, ...source.metadata },
  );
  tree.place(page, change.at);
  if (!kind?.type) batch.bodies.set(page.id, markdown);
  if (change.ref !== undefined) batch.pageRefs.set(change.ref, page.id);
  batch.touch(page.id, "created_page", change.ref);
}

function updatePage(step: Step, change: ChangeOf<"update_page">): void {
  const { batch, where } = step;
  const { tree } = batch;
  const page = step.find(change.page);
  if (change.condition) assertCondition(`${where}/condition`, change.condition);
  const moving = change.into !== undefined || change.at !== undefined;
  if (change.document && page.type !== "document") {
    throw badRequest("invalid_request", `${where}/document: page ${page.id} is a ${page.type} page, which has no body`);
  }
  const source = change.document ? readPageSource(change.document.markdown, `${where}/document/markdown`) : undefined;
  const parent = change.into === undefined ? page.parent : step.parentFor(change.into, "into");
  if (parent && tree.descendantsAndSelf(page.id).has(parent)) {
    throw badRequest("invalid_request", `${where}/into: a page cannot move into itself or one of its sub-pages`);
  }
  // A body's front matter sets the cover, layout and other keys it names; those it does not name are kept.
  const presentation = source ? frontMatterPresentation(source.presentation) : {};
  const updated = withMetadata({ ...page, ...presentation, parent, updatedAt: batch.at }, { ...change, ...source?.metadata });
  // An internal update (a Git Sync's) may also set a link's target and a layout's front matter, by page ID.
  const kind = batch.inputs.pageKinds?.get(page.id);
  if (kind) withKind(updated, kind);
  // A new title keeps the slug, so the page's URL (GitBook: "to rename only the title without changing the URL, set `title` and omit `slug`").
  const slug = step.slugFor(change.slug, parent, page.id);
  if (slug !== undefined) updated.slug = slug;
  else if (parent !== page.parent) updated.slug = tree.freeSlug(parent, page.slug, page.id);
  if (moving) tree.place(updated, change.at);
  else tree.replace(updated);
  if (source) batch.bodies.set(page.id, source.body);
  batch.touch(page.id, "updated_page");
}

function deletePage(step: Step, change: ChangeOf<"delete_page">): void {
  const { batch } = step;
  const page = step.find(change.page);
  for (const id of batch.tree.remove(page.id)) batch.bodies.delete(id);
  batch.touch(page.id, "deleted_page");
}

function revertPage(step: Step, change: ChangeOf<"revert_page">): void {
  const { batch, where } = step;
  const { tree, inputs } = batch;
  if (change.block?.length)
    throw badRequest("invalid_request", `${where}/block: reverting some blocks of a page is not supported (bodies are Markdown): leave block out`);
  const revision = inputs.revisions?.get(change.revision ?? inputs.baseRevisionId ?? "");
  if (!revision) throw badRequest("invalid_reference", `${where}/revision: no revision ${change.revision} in the space`);
  const before = revision.byId.get(change.page);
  const now = tree.byId.get(change.page);
  if (!before && !now) throw badRequest("invalid_reference", `${where}/page: no page ${change.page} in the change request's content or the revision`);
  if (!before) {
    for (const id of tree.remove(change.page)) batch.bodies.delete(id);
    batch.touch(change.page, "deleted_page");
    return;
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
  batch.bodies.delete(before.id);
  batch.touch(before.id, now ? "updated_page" : "created_page");
}

function insertFiles(step: Step, change: ChangeOf<"insert_files">): void {
  const { batch, where, index } = step;
  change.files.forEach((upload, fileIndex) => {
    const field = `${where}/files/${fileIndex}`;
    step.claimRef(upload.ref, `files/${fileIndex}/ref`);
    const { data, contentType } = fileBytes(upload, batch.inputs.fetched?.get(`${index}/${fileIndex}`), field);
    const existing = batch.files.find((file) => file.name === upload.name);
    // A file with the same name is replaced (it keeps its ID, so references to it stay).
    const file: StoredFile = { id: existing?.id ?? newId(), name: upload.name, contentType, blob: "", size: data.byteLength };
    batch.files = existing ? batch.files.map((candidate) => (candidate.id === existing.id ? file : candidate)) : [...batch.files, file];
    batch.newFiles.push({ file, data });
    if (upload.ref !== undefined) batch.fileRefs.set(upload.ref, file.name);
  });
}

/** Each operation's function: an operation the contract adds fails to compile until it has one. */
const OPERATIONS: { [O in Operation]: (step: Step, change: ChangeOf<O>) => void } = {
  insert_page: insertPage,
  update_page: updatePage,
  delete_page: deletePage,
  revert_page: revertPage,
  insert_files: insertFiles,
};

/** Applies one change of the batch with its operation's function. */
export function applyChange(step: Step, change: ContentChange): void {
  // The table is keyed by the change's own operation: its function takes this change's type.
  (OPERATIONS[change.operation] as (step: Step, change: ContentChange) => void)(step, change);
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
