// Reading spaces with their counters. A space's counters are counted, not stored,
// so they are always true; one statement reads a space and its counters together.
import type { Db, Tx } from "../../db/database";
import type { Space } from "../../generated/prisma/client";

export interface SpaceCounters {
  comments: number;
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
}
export type SpaceWithCounters = Space & { counters: SpaceCounters };

type Row = Space & SpaceCounters;

export async function findSpaceWithCounters(prisma: Db | Tx, id: string): Promise<SpaceWithCounters | null> {
  const [row] = await prisma.$queryRaw<Row[]>`
    SELECT s.*, c."comments", r."changeRequests", r."changeRequestsOpen", r."changeRequestsDraft"
    FROM "Space" s
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS "comments" FROM "Comment"
      WHERE "spaceId" = s.id AND "changeRequestId" IS NULL AND "parentId" IS NULL AND status = 'open'
    ) c
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS "changeRequests",
        (count(*) FILTER (WHERE status = 'open'))::int AS "changeRequestsOpen",
        (count(*) FILTER (WHERE status = 'draft'))::int AS "changeRequestsDraft"
      FROM "ChangeRequest" WHERE "spaceId" = s.id
    ) r
    WHERE s.id = ${id}`;
  if (!row) return null;
  const { comments, changeRequests, changeRequestsOpen, changeRequestsDraft, ...space } = row;
  return { ...(space as Space), counters: { comments, changeRequests, changeRequestsOpen, changeRequestsDraft } };
}

/** The counters of many spaces, in two statements whatever their number. */
export async function countersOf(prisma: Db, spaceIds: string[]): Promise<Map<string, SpaceCounters>> {
  const [comments, changeRequests] = await Promise.all([
    prisma.comment.groupBy({
      by: ["spaceId"],
      where: { spaceId: { in: spaceIds }, changeRequestId: null, parentId: null, status: "open" },
      _count: true,
    }),
    prisma.changeRequest.groupBy({ by: ["spaceId", "status"], where: { spaceId: { in: spaceIds } }, _count: true }),
  ]);
  const counters = new Map(spaceIds.map((id) => [id, { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 }]));
  for (const row of comments) counters.get(row.spaceId)!.comments = row._count;
  for (const row of changeRequests) {
    const counter = counters.get(row.spaceId)!;
    counter.changeRequests += row._count;
    if (row.status === "open") counter.changeRequestsOpen += row._count;
    if (row.status === "draft") counter.changeRequestsDraft += row._count;
  }
  return counters;
}
