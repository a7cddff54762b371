// Autosave that loses nothing. Each edit is kept in IndexedDB at once (drafts.ts) and saved to the change request
// shortly after the writer pauses, through `updateChangeRequestContent` with `update_page` and the revision the
// edit was based on (`baseRevision`): a save made stale by another tab or writer answers 409 `stale_edit` and
// becomes a conflict the writer settles, never a silent overwrite. A lost connection retries until the server
// answers; the draft is dropped only once the server holds its text. Nothing is written while nothing changed.
import { ConnectionError } from "@docstack/sdk";
import { api, unwrap } from "../../api";
import { discardDraft, draftKey, dropDraft, writeDraft } from "./drafts";

export type SaveStatus = "saved" | "saving" | "offline" | "conflict" | "failed";

export interface Conflict {
  /** The page as the edit started from, as the server holds it now, and as the writer has it. */
  base: string;
  theirs: string;
  mine: string;
  /** The change request's revision where `theirs` was read: the base of the save that settles the conflict. */
  revision: string;
}

export interface SaverOptions {
  spaceId: string;
  changeRequestId: string;
  pageId: string;
  /** The change request's revision the page was read at, and the page's Markdown there. */
  baseRevision: string;
  serverMarkdown: string;
  /** The writer's Markdown now (the editor's document, saved losslessly). */
  read: () => string;
  onStatus: (status: SaveStatus, message?: string) => void;
  onConflict: (conflict: Conflict) => void;
  /** Pause before a save (ms). */
  delay?: number;
}

const RETRY_OFFLINE_MS = 2_000;
const RETRY_FAILED_MS = 10_000;
const DRAFT_DELAY_MS = 200;

/** The change request's current revision, then the page's Markdown there (read in that order, a page newer than its revision can only cause a false conflict, never a lost one). */
export async function readPage(spaceId: string, changeRequestId: string, pageId: string) {
  const cr = await readChangeRequest(spaceId, changeRequestId);
  return { cr, ...(await readPageIn(spaceId, cr.id, pageId)) };
}

/** A change request (by ID or number), with its current revision. */
export const readChangeRequest = (spaceId: string, changeRequestId: string) =>
  unwrap(api.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}", { params: { path: { spaceId, changeRequestId } } }));

/** A page of a change request (by its ID), and its Markdown: read after the change request, for the reason `readPage` says. */
export async function readPageIn(spaceId: string, changeRequestId: string, pageId: string) {
  const page = await unwrap(
    api.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}", { params: { path: { spaceId, changeRequestId, pageId } } }),
  );
  const markdown = "markdown" in page && typeof page.markdown === "string" ? page.markdown : "";
  return { page, markdown };
}

const writerId = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;

export class Saver {
  readonly key: string;
  private readonly writer = writerId();
  private baseRevision: string;
  private serverMarkdown: string;
  private status: SaveStatus = "saved";
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private draftTimer: ReturnType<typeof setTimeout> | undefined;
  private inFlight = false;
  private again = false;
  private disposed = false;
  private readonly online = () => {
    if (this.status === "offline") this.schedule(0);
  };

  constructor(private readonly options: SaverOptions) {
    this.key = draftKey(options.changeRequestId, options.pageId);
    this.baseRevision = options.baseRevision;
    this.serverMarkdown = options.serverMarkdown;
    globalThis.addEventListener?.("online", this.online);
  }

  /** The document changed: keep it in the browser now, save it to the server after a pause. */
  changed(): void {
    if (this.status !== "conflict" && this.status !== "offline") this.setStatus("saving");
    clearTimeout(this.draftTimer);
    this.draftTimer = setTimeout(() => void this.keepDraft(), DRAFT_DELAY_MS);
    if (this.status !== "offline") this.schedule(this.options.delay ?? 800);
  }

  /** A conflict is shown (a kept draft met a page changed since): nothing is saved until the writer settles it. */
  hold(): void {
    this.setStatus("conflict");
  }

  /** A conflict settled on the page as the server holds it at `revision`: later saves are based on that. */
  rebase(revision: string, serverMarkdown: string): void {
    this.baseRevision = revision;
    this.serverMarkdown = serverMarkdown;
    this.setStatus("saving");
    // Keeping theirs drops the draft whichever tab wrote it: the writer chose to.
    if (this.options.read() === serverMarkdown) void discardDraft(this.key).catch(() => undefined);
    else void this.keepDraft();
    this.schedule(0);
  }

  /** Saves what is pending now (leaving the screen); the draft stays in the browser until the server has it. */
  flush(): void {
    clearTimeout(this.draftTimer);
    if (this.options.read() !== this.serverMarkdown) {
      void this.keepDraft();
      if (this.status !== "conflict") void this.save();
    }
  }

  dispose(): void {
    this.flush();
    this.disposed = true;
    clearTimeout(this.saveTimer);
    globalThis.removeEventListener?.("online", this.online);
  }

  /** Read through a method: a save's `await`s may have turned the status to a conflict meanwhile. */
  private held(): boolean {
    return this.status === "conflict";
  }

  private setStatus(status: SaveStatus, message?: string) {
    // Typing says "saving" at each key: told once.
    if (status === this.status && message === undefined) return;
    this.status = status;
    if (!this.disposed) this.options.onStatus(status, message);
  }

  private schedule(delay: number) {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => void this.save(), delay);
  }

  private async keepDraft(): Promise<void> {
    const markdown = this.options.read();
    if (markdown === this.serverMarkdown) return dropDraft(this.key, this.writer, markdown).catch(() => undefined);
    await writeDraft({
      key: this.key,
      markdown,
      baseMarkdown: this.serverMarkdown,
      baseRevision: this.baseRevision,
      writer: this.writer,
      savedAt: Date.now(),
    }).catch(() => undefined);
  }

  private async save(): Promise<void> {
    if (this.disposed || this.status === "conflict") return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    const markdown = this.options.read();
    if (markdown === this.serverMarkdown) {
      this.setStatus("saved");
      return;
    }
    this.inFlight = true;
    this.setStatus(this.status === "offline" ? "offline" : "saving");
    const { spaceId, changeRequestId, pageId } = this.options;
    try {
      const cr = await unwrap(
        api.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content", {
          params: { path: { spaceId, changeRequestId } },
          body: { changes: [{ operation: "update_page", page: pageId, document: { markdown }, baseRevision: this.baseRevision }] },
        }),
      );
      this.baseRevision = "revision" in cr ? cr.revision : cr.changeRequest.revision;
      this.serverMarkdown = markdown;
      await dropDraft(this.key, this.writer, markdown).catch(() => undefined);
      // Edits made meanwhile have their own save scheduled (or waiting on this one: `again`).
      if (this.options.read() === markdown) this.setStatus("saved");
    } catch (error) {
      await this.failed(error, markdown);
    } finally {
      this.inFlight = false;
      if (this.again && !this.held()) {
        this.again = false;
        this.schedule(0);
      }
    }
  }

  private async failed(error: unknown, mine: string): Promise<void> {
    const { status, reason } = error as { status?: number; reason?: string };
    if (error instanceof ConnectionError) {
      this.setStatus("offline");
      this.schedule(RETRY_OFFLINE_MS);
    } else if (status === 409 && reason === "stale_edit") {
      this.setStatus("conflict");
      try {
        const { cr, markdown: theirs } = await readPage(this.options.spaceId, this.options.changeRequestId, this.options.pageId);
        if (!this.disposed) this.options.onConflict({ base: this.serverMarkdown, theirs, mine, revision: cr.revision });
      } catch (readError) {
        this.status = "saving";
        await this.failed(readError, mine);
      }
    } else {
      this.setStatus("failed", error instanceof Error ? error.message : String(error));
      this.schedule(RETRY_FAILED_MS);
    }
  }
}
