// A batch of content changes being applied (./changes): what it was given, what it has made so far, and what each
// operation (./operations) records of what it did.
import type { Schemas } from "@docstack/contract";
import type { StoredPresentation } from "../gitbook-layout/presentation";
import type { NewFile } from "../store/revisions";
import type { StoredFile, StoredPage } from "../store/tree";
import { type CurrentPages, EditedTree } from "./edited-tree";

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

/** The state of a batch: each change sees what the previous ones made. */
export class Batch {
  readonly tree: EditedTree;
  files: StoredFile[];
  readonly bodies = new Map<string, string>();
  readonly newFiles: NewFile[] = [];
  readonly outcomes = new Map<string, PageOutcome>();
  /** Pages and files inserted with a `ref`: the page's ID, the file's name. */
  readonly pageRefs = new Map<string, string>();
  readonly fileRefs = new Map<string, string>();
  /** The time of the batch, as pages store it. */
  readonly at: string;

  constructor(
    current: CurrentPages,
    now: Date,
    readonly inputs: ChangeInputs,
  ) {
    this.tree = new EditedTree(current);
    this.files = [...current.files];
    this.at = now.toISOString();
  }

  /** Records what a change did to a page: a page created then deleted in one batch is not reported. */
  touch(id: string, object: PageOutcome["object"], ref?: string): void {
    const known = this.outcomes.get(id);
    if (object === "deleted_page" && known?.object === "created_page") this.outcomes.delete(id);
    else if (!known || object === "deleted_page") this.outcomes.set(id, { object, ...(ref ? { ref } : {}) });
  }
}
