-- AlterTable
ALTER TABLE "Site" ADD COLUMN     "visitorAuthFallbackUrl" TEXT,
ADD COLUMN     "visitorAuthKey" TEXT,
ADD COLUMN     "visitorAuthLogoutUrl" TEXT;
