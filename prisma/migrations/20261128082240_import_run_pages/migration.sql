-- AlterTable
ALTER TABLE "ImportRun" ADD COLUMN     "pages" JSONB NOT NULL DEFAULT '[]';
