-- Ten status-like columns become enums of the contract's values. Existing rows keep their values (USING casts;
-- a value outside the enum fails the migration rather than being lost), and their indexes are rebuilt by the
-- type change. The two counting triggers name a column changed here (UPDATE OF status): they are dropped and
-- made again, unchanged, around it.

-- CreateEnum
CREATE TYPE "ApiTokenOrigin" AS ENUM ('personal', 'email', 'saml', 'cli');

-- CreateEnum
CREATE TYPE "SpaceEditMode" AS ENUM ('live', 'locked');

-- CreateEnum
CREATE TYPE "RevisionType" AS ENUM ('edits', 'merge', 'rollback', 'update', 'computed');

-- CreateEnum
CREATE TYPE "ChangeRequestStatus" AS ENUM ('draft', 'open', 'archived', 'merged');

-- CreateEnum
CREATE TYPE "CommentStatus" AS ENUM ('open', 'resolved');

-- CreateEnum
CREATE TYPE "OpenApiSpecProcessingState" AS ENUM ('pending', 'progress', 'complete', 'failed');

-- CreateEnum
CREATE TYPE "IntegrationInstallationStatus" AS ENUM ('active', 'pending', 'paused');

-- CreateEnum
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('pending', 'delivered', 'failed');

-- CreateEnum
CREATE TYPE "GitSyncDirection" AS ENUM ('import', 'export');

-- CreateEnum
CREATE TYPE "GitSyncOperationState" AS ENUM ('running', 'failure', 'success', 'timeout');

DROP TRIGGER "Comment_space_counters" ON "Comment";
DROP TRIGGER "ChangeRequest_space_counters" ON "ChangeRequest";

-- AlterTable
ALTER TABLE "ApiToken" ALTER COLUMN "origin" DROP DEFAULT;
ALTER TABLE "ApiToken" ALTER COLUMN "origin" SET DATA TYPE "ApiTokenOrigin" USING ("origin"::text::"ApiTokenOrigin");
ALTER TABLE "ApiToken" ALTER COLUMN "origin" SET DEFAULT 'cli';

-- AlterTable
ALTER TABLE "ChangeRequest" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "ChangeRequest" ALTER COLUMN "status" SET DATA TYPE "ChangeRequestStatus" USING ("status"::text::"ChangeRequestStatus");
ALTER TABLE "ChangeRequest" ALTER COLUMN "status" SET DEFAULT 'draft';

-- AlterTable
ALTER TABLE "Comment" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "Comment" ALTER COLUMN "status" SET DATA TYPE "CommentStatus" USING ("status"::text::"CommentStatus");
ALTER TABLE "Comment" ALTER COLUMN "status" SET DEFAULT 'open';

-- AlterTable
ALTER TABLE "IntegrationInstallation" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "IntegrationInstallation" ALTER COLUMN "status" SET DATA TYPE "IntegrationInstallationStatus" USING ("status"::text::"IntegrationInstallationStatus");
ALTER TABLE "IntegrationInstallation" ALTER COLUMN "status" SET DEFAULT 'active';

-- AlterTable
ALTER TABLE "OpenApiSpec" ALTER COLUMN "processingState" DROP DEFAULT;
ALTER TABLE "OpenApiSpec" ALTER COLUMN "processingState" SET DATA TYPE "OpenApiSpecProcessingState" USING ("processingState"::text::"OpenApiSpecProcessingState");
ALTER TABLE "OpenApiSpec" ALTER COLUMN "processingState" SET DEFAULT 'pending';

-- AlterTable
ALTER TABLE "Revision" ALTER COLUMN "type" SET DATA TYPE "RevisionType" USING ("type"::text::"RevisionType");

-- AlterTable
ALTER TABLE "Space" ALTER COLUMN "editMode" DROP DEFAULT;
ALTER TABLE "Space" ALTER COLUMN "editMode" SET DATA TYPE "SpaceEditMode" USING ("editMode"::text::"SpaceEditMode");
ALTER TABLE "Space" ALTER COLUMN "editMode" SET DEFAULT 'live';

-- AlterTable
ALTER TABLE "SpaceGitSync" ALTER COLUMN "direction" SET DATA TYPE "GitSyncDirection" USING ("direction"::text::"GitSyncDirection");

-- AlterTable
ALTER TABLE "SpaceGitSync" ALTER COLUMN "state" SET DATA TYPE "GitSyncOperationState" USING ("state"::text::"GitSyncOperationState");

-- AlterTable
ALTER TABLE "WebhookDelivery" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "WebhookDelivery" ALTER COLUMN "status" SET DATA TYPE "WebhookDeliveryStatus" USING ("status"::text::"WebhookDeliveryStatus");
ALTER TABLE "WebhookDelivery" ALTER COLUMN "status" SET DEFAULT 'pending';

CREATE TRIGGER "Comment_space_counters" AFTER INSERT OR DELETE OR UPDATE OF status, "parentId", "changeRequestId", "spaceId" ON "Comment"
  FOR EACH ROW EXECUTE FUNCTION "docstack_count_space_comments"();

CREATE TRIGGER "ChangeRequest_space_counters" AFTER INSERT OR DELETE OR UPDATE OF status, "spaceId" ON "ChangeRequest"
  FOR EACH ROW EXECUTE FUNCTION "docstack_count_space_change_requests"();
