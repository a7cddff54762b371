// Creating a change request: from the API, an import run and both repository imports.
import type { Tx } from "../db/database";
import { newId } from "../db/ids";
import type { ChangeRequest } from "../generated/prisma/client";

/**
 * A new change request. Its number is the space's counter plus one, taken under the
 * space row's lock, so concurrent creations get consecutive numbers without gaps.
 */
export async function createChangeRequest(
  tx: Tx,
  input: {
    spaceId: string;
    subject: string;
    createdById: string;
    /** Its base when not the space's current revision (an earlier one of the space). */
    baseRevisionId?: string;
  },
): Promise<ChangeRequest> {
  const [space] = await tx.$queryRaw<{ changeRequestSeq: number; revisionId: string }[]>`
    UPDATE "Space" SET "changeRequestSeq" = "changeRequestSeq" + 1 WHERE id = ${input.spaceId}
    RETURNING "changeRequestSeq", "revisionId"`;
  if (!space) throw new Error(`Space ${input.spaceId} vanished`);
  return tx.changeRequest.create({
    data: {
      id: newId(),
      spaceId: input.spaceId,
      number: space.changeRequestSeq,
      subject: input.subject,
      createdById: input.createdById,
      revisionId: input.baseRevisionId ?? space.revisionId,
      revisionInitialId: input.baseRevisionId ?? space.revisionId,
      contributors: [input.createdById],
    },
  });
}
