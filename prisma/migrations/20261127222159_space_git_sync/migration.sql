-- CreateTable
CREATE TABLE "SpaceGitSync" (
    "spaceId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "ref" TEXT NOT NULL,
    "projectDirectory" TEXT NOT NULL DEFAULT '',
    "treeUrl" TEXT,
    "commitUrl" TEXT,
    "direction" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "error" TEXT,
    "startedAt" TIMESTAMPTZ(3) NOT NULL,
    "endedAt" TIMESTAMPTZ(3),
    "actorId" TEXT NOT NULL,
    "operationId" TEXT NOT NULL,
    "request" JSONB,
    "commitId" TEXT,
    "revisionId" TEXT,
    "changeRequestId" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SpaceGitSync_pkey" PRIMARY KEY ("spaceId")
);

-- AddForeignKey
ALTER TABLE "SpaceGitSync" ADD CONSTRAINT "SpaceGitSync_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE CASCADE ON UPDATE CASCADE;
