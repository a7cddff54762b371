-- AlterTable
ALTER TABLE "Space" ADD COLUMN     "searchRevisionId" TEXT;

-- The index of every existing space was written in the transaction that moved its revision: it is current.
UPDATE "Space" SET "searchRevisionId" = "revisionId";
