// A space's counters are columns of its row, kept by triggers on Comment and
// ChangeRequest in the transaction of every write (migration space_counters): always
// true, and read with the space instead of counted on every read.
import type { Schemas } from "@docstack/contract";
import type { Space } from "../../generated/prisma/client";

export type SpaceCounters = Pick<Schemas["Space"], "comments" | "changeRequests" | "changeRequestsOpen" | "changeRequestsDraft">;

export const countersOf = (space: Space): SpaceCounters => ({
  comments: space.openComments,
  changeRequests: space.changeRequestCount,
  changeRequestsOpen: space.openChangeRequests,
  changeRequestsDraft: space.draftChangeRequests,
});
