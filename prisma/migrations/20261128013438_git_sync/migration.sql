-- AlterTable
ALTER TABLE "SpaceGitSync" ADD COLUMN     "conflictChangeRequestId" TEXT,
ADD COLUMN     "conflictCommitId" TEXT,
ADD COLUMN     "polledAt" TIMESTAMPTZ(3),
ADD COLUMN     "syncEnabled" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "syncError" TEXT,
ADD COLUMN     "syncFailures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "syncRetryAt" TIMESTAMPTZ(3),
ADD COLUMN     "syncSecrets" TEXT,
ADD COLUMN     "syncUsername" TEXT,
ADD COLUMN     "syncedAt" TIMESTAMPTZ(3);
