-- AlterTable
ALTER TABLE "Space" ADD COLUMN     "gitbookRedirects" JSONB;
