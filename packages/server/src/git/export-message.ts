// The commit a continuous sync pushes for the space's writes since the last sync: its message names the change
// requests merged meanwhile (number, subject, author), and its author is the last one's author. Writes without a
// change request (live edits) are named as such, authored by whoever configured the sync.
import type { GitSyncDeps } from "./types";

/** How far back the revisions are walked: past it, the message names the latest ones. */
const MAX_REVISIONS = 200;

export interface ExportCommit {
  message: string;
  author?: { name: string; email: string };
}

export async function exportCommit(deps: GitSyncDeps, spaceId: string, since: string | null, revision: string): Promise<ExportCommit> {
  const walked: string[] = [];
  let at: string | undefined = revision;
  // Without a last sync (after a conflict), only the latest write is named.
  const limit = since ? MAX_REVISIONS : 1;
  while (at && at !== since && walked.length < limit) {
    walked.push(at);
    const found: { parents: string[] } | null = await deps.prisma.revision.findUnique({ where: { id: at }, select: { parents: true } });
    at = found?.parents[0];
  }
  const merged = await deps.prisma.changeRequest.findMany({
    where: { spaceId, revisionMergedId: { in: walked } },
    select: { number: true, subject: true, createdById: true },
    orderBy: { number: "asc" },
  });
  if (!merged.length) return { message: "Live edits in Docstack" };
  const users = await deps.prisma.user.findMany({
    where: { id: { in: merged.map((cr) => cr.createdById) } },
    select: { id: true, displayName: true, email: true },
  });
  const byId = new Map(users.map((user) => [user.id, user]));
  const nameOf = (id: string) => byId.get(id)?.displayName || byId.get(id)?.email || "a former member";
  const line = (cr: (typeof merged)[number]) => `#${cr.number} ${cr.subject || "Untitled"} by ${nameOf(cr.createdById)}`;
  const last = merged[merged.length - 1]!;
  const lastAuthor = byId.get(last.createdById);
  const author = lastAuthor ? { name: lastAuthor.displayName || lastAuthor.email, email: lastAuthor.email } : undefined;
  const message =
    merged.length === 1
      ? `${last.subject || "Untitled"} (#${last.number})\n\nMerged in Docstack: change request #${last.number} by ${nameOf(last.createdById)}.`
      : `Docstack: ${merged.length} change requests merged\n\n${merged.map((cr) => `- ${line(cr)}`).join("\n")}`;
  return { message, ...(author ? { author } : {}) };
}
