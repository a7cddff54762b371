-- AlterTable
ALTER TABLE "Site" ADD COLUMN     "customization" JSONB,
ADD COLUMN     "customizationUpdatedAt" TIMESTAMPTZ(3);
