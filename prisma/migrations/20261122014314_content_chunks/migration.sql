-- CreateTable
CREATE TABLE "ContentChunk" (
    "hash" TEXT NOT NULL,
    "data" JSONB NOT NULL,

    CONSTRAINT "ContentChunk_pkey" PRIMARY KEY ("hash")
);
