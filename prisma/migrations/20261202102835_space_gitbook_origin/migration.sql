-- AlterTable
ALTER TABLE "Space" ADD COLUMN     "gitbookOrigin" JSONB;
