-- The last columns holding a contract's enum become enums, as enum_contract_columns did: change-request review
-- status, space and site visibility, site type, custom-field type, webhook events (a webhook's list and a delivery's),
-- import-run status, integration target and categories, installation space and site selection, organization use
-- case and community type, team role. Each enum holds the contract's exact values (schema.prisma maps Prisma's names to
-- them), so existing rows keep their values (USING casts; a value outside the enum fails the migration rather than
-- being lost).

-- CreateEnum
CREATE TYPE "ChangeRequestReviewStatus" AS ENUM ('changes-requested', 'approved');

-- CreateEnum
CREATE TYPE "SpaceVisibility" AS ENUM ('public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private');

-- CreateEnum
CREATE TYPE "SiteVisibility" AS ENUM ('public', 'unlisted', 'share-link', 'visitor-auth');

-- CreateEnum
CREATE TYPE "SiteType" AS ENUM ('basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium');

-- CreateEnum
CREATE TYPE "CustomFieldType" AS ENUM ('text', 'number', 'boolean', 'select', 'multi-select');

-- CreateEnum
CREATE TYPE "WebhookEventType" AS ENUM ('*', 'space.created', 'space.deleted', 'page.created', 'page.updated', 'page.deleted', 'page.moved', 'change_request.created', 'change_request.merged', 'change_request.closed', 'comment.created', 'comment.resolved', 'site.published', 'site.unpublished', 'member.added', 'member.removed');

-- CreateEnum
CREATE TYPE "ImportRunStatus" AS ENUM ('pending', 'in-progress', 'completed', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "IntegrationCategory" AS ENUM ('analytics', 'collaboration', 'content', 'gitsync', 'marketing', 'visitor-auth', 'other');

-- CreateEnum
CREATE TYPE "IntegrationTarget" AS ENUM ('all', 'site', 'space', 'organization');

-- CreateEnum
CREATE TYPE "IntegrationSelection" AS ENUM ('all', 'selected');

-- CreateEnum
CREATE TYPE "OrganizationUseCase" AS ENUM ('productDocs', 'internalDocs', 'openSourceDocs', 'other');

-- CreateEnum
CREATE TYPE "OrganizationCommunityType" AS ENUM ('nonProfit', 'openSource', 'education');

-- CreateEnum
CREATE TYPE "TeamRole" AS ENUM ('owner', 'member');

-- AlterTable
ALTER TABLE "ChangeRequestReview" ALTER COLUMN "status" SET DATA TYPE "ChangeRequestReviewStatus" USING ("status"::text::"ChangeRequestReviewStatus");

-- AlterTable
ALTER TABLE "CustomField" ALTER COLUMN "type" SET DATA TYPE "CustomFieldType" USING ("type"::text::"CustomFieldType");

-- AlterTable
ALTER TABLE "ImportRun" ALTER COLUMN "status" SET DATA TYPE "ImportRunStatus" USING ("status"::text::"ImportRunStatus");

-- AlterTable
ALTER TABLE "Integration" ALTER COLUMN "target" DROP DEFAULT;
ALTER TABLE "Integration" ALTER COLUMN "target" SET DATA TYPE "IntegrationTarget" USING ("target"::text::"IntegrationTarget");
ALTER TABLE "Integration" ALTER COLUMN "target" SET DEFAULT 'all';
ALTER TABLE "Integration" ALTER COLUMN "categories" SET DATA TYPE "IntegrationCategory"[] USING ("categories"::text[]::"IntegrationCategory"[]);

-- AlterTable
ALTER TABLE "IntegrationInstallation" ALTER COLUMN "spaceSelection" DROP DEFAULT;
ALTER TABLE "IntegrationInstallation" ALTER COLUMN "spaceSelection" SET DATA TYPE "IntegrationSelection" USING ("spaceSelection"::text::"IntegrationSelection");
ALTER TABLE "IntegrationInstallation" ALTER COLUMN "spaceSelection" SET DEFAULT 'all';
ALTER TABLE "IntegrationInstallation" ALTER COLUMN "siteSelection" DROP DEFAULT;
ALTER TABLE "IntegrationInstallation" ALTER COLUMN "siteSelection" SET DATA TYPE "IntegrationSelection" USING ("siteSelection"::text::"IntegrationSelection");
ALTER TABLE "IntegrationInstallation" ALTER COLUMN "siteSelection" SET DEFAULT 'all';

-- AlterTable
ALTER TABLE "Organization" ALTER COLUMN "useCase" SET DATA TYPE "OrganizationUseCase" USING ("useCase"::text::"OrganizationUseCase");
ALTER TABLE "Organization" ALTER COLUMN "communityType" SET DATA TYPE "OrganizationCommunityType" USING ("communityType"::text::"OrganizationCommunityType");

-- AlterTable
ALTER TABLE "Site" ALTER COLUMN "type" DROP DEFAULT;
ALTER TABLE "Site" ALTER COLUMN "type" SET DATA TYPE "SiteType" USING ("type"::text::"SiteType");
ALTER TABLE "Site" ALTER COLUMN "type" SET DEFAULT 'basic';
ALTER TABLE "Site" ALTER COLUMN "visibility" DROP DEFAULT;
ALTER TABLE "Site" ALTER COLUMN "visibility" SET DATA TYPE "SiteVisibility" USING ("visibility"::text::"SiteVisibility");
ALTER TABLE "Site" ALTER COLUMN "visibility" SET DEFAULT 'public';

-- AlterTable
ALTER TABLE "Space" ALTER COLUMN "visibility" DROP DEFAULT;
ALTER TABLE "Space" ALTER COLUMN "visibility" SET DATA TYPE "SpaceVisibility" USING ("visibility"::text::"SpaceVisibility");
ALTER TABLE "Space" ALTER COLUMN "visibility" SET DEFAULT 'private';

-- AlterTable
ALTER TABLE "TeamMember" ALTER COLUMN "role" DROP DEFAULT;
ALTER TABLE "TeamMember" ALTER COLUMN "role" SET DATA TYPE "TeamRole" USING ("role"::text::"TeamRole");
ALTER TABLE "TeamMember" ALTER COLUMN "role" SET DEFAULT 'member';

-- AlterTable
ALTER TABLE "Webhook" ALTER COLUMN "events" SET DATA TYPE "WebhookEventType"[] USING ("events"::text[]::"WebhookEventType"[]);

-- AlterTable
ALTER TABLE "WebhookDelivery" ALTER COLUMN "event" SET DATA TYPE "WebhookEventType" USING ("event"::text::"WebhookEventType");
