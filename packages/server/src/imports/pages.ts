// GitBook's `pages` of an import run: the pages it created, recorded as its batches are written. Only the first
// IMPORT_RUN_PAGES_LISTED are kept (a run of thousands of pages, and a list of runs, stays small; `importedPages`
// counts them all). Their status is not stored: it follows from the run when answered.
import type { Schemas } from "@docstack/contract";
import type { ImportRun } from "../generated/prisma/client";

type ListedPage = Schemas["ContentImportRunPage"];
export type RecordedPage = Omit<ListedPage, "status">;

export const IMPORT_RUN_PAGES_LISTED = 1000;

/** The pages a run records: the first IMPORT_RUN_PAGES_LISTED given, in order. */
export class RecordedPages {
  readonly list: RecordedPage[] = [];

  add(pages: Iterable<RecordedPage>): void {
    for (const page of pages) {
      if (this.list.length >= IMPORT_RUN_PAGES_LISTED) return;
      this.list.push(page);
    }
  }
}

/**
 * A run's pages as answered: `complete` once in its target, which is at once for a change request it was given, and
 * once merged for one it opened (a run `completed` with its own change request merged it).
 */
/** The run's listed pages, given its status as answered. */
export function listedPages(run: Pick<ImportRun, "pages" | "ownChangeRequest">, status: Schemas["ContentImportRun"]["status"]): ListedPage[] {
  const complete = !run.ownChangeRequest || status === "completed";
  return (run.pages as unknown as RecordedPage[]).map((page) => ({ ...page, status: complete ? "complete" : "pending" }));
}
