-- CreateTable
CREATE TABLE "RateLimitCounter" (
    "key" TEXT NOT NULL,
    "window" BIGINT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "RateLimitCounter_pkey" PRIMARY KEY ("key","window")
);

-- CreateTable
CREATE TABLE "ClusterInstance" (
    "id" TEXT NOT NULL,
    "seenAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ClusterInstance_pkey" PRIMARY KEY ("id")
);

-- Counters and the instances' heartbeats need no crash safety (a crash empties them): no WAL to write.
ALTER TABLE "RateLimitCounter" SET UNLOGGED;
ALTER TABLE "ClusterInstance" SET UNLOGGED;
