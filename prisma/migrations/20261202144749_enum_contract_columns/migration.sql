-- Six more columns holding a contract's enum become enums (organization type and plan, an audit event's actor type
-- and source, an integration's visibility, an OpenAPI spec's processing error code), as enum_status_columns did:
-- existing rows keep their values (USING casts; a value outside the enum fails the migration rather than being lost).

-- CreateEnum
CREATE TYPE "OrganizationType" AS ENUM ('business', 'community');

-- CreateEnum
CREATE TYPE "OrganizationPlan" AS ENUM ('free', 'plus', 'pro', 'enterprise');

-- CreateEnum
CREATE TYPE "AuditActorType" AS ENUM ('user', 'integration', 'installation', 'system', 'support');

-- CreateEnum
CREATE TYPE "AuditEventSource" AS ENUM ('ui', 'api', 'integration', 'webhook', 'workflow', 'script', 'support');

-- CreateEnum
CREATE TYPE "IntegrationVisibility" AS ENUM ('public', 'private', 'unlisted');

-- CreateEnum
CREATE TYPE "OpenApiSpecProcessErrorCode" AS ENUM ('FETCH_TIMEOUT', 'FETCH_FAILED', 'PARSE_ERROR', 'INVALID_SPEC', 'TOO_LARGE');

-- AlterTable
ALTER TABLE "AuditEvent" ALTER COLUMN "actorType" SET DATA TYPE "AuditActorType" USING ("actorType"::text::"AuditActorType");
ALTER TABLE "AuditEvent" ALTER COLUMN "source" SET DATA TYPE "AuditEventSource" USING ("source"::text::"AuditEventSource");

-- AlterTable
ALTER TABLE "Integration" ALTER COLUMN "visibility" DROP DEFAULT;
ALTER TABLE "Integration" ALTER COLUMN "visibility" SET DATA TYPE "IntegrationVisibility" USING ("visibility"::text::"IntegrationVisibility");
ALTER TABLE "Integration" ALTER COLUMN "visibility" SET DEFAULT 'private';

-- AlterTable
ALTER TABLE "OpenApiSpec" ALTER COLUMN "lastProcessErrorCode" SET DATA TYPE "OpenApiSpecProcessErrorCode" USING ("lastProcessErrorCode"::text::"OpenApiSpecProcessErrorCode");

-- AlterTable
ALTER TABLE "Organization" ALTER COLUMN "type" DROP DEFAULT;
ALTER TABLE "Organization" ALTER COLUMN "type" SET DATA TYPE "OrganizationType" USING ("type"::text::"OrganizationType");
ALTER TABLE "Organization" ALTER COLUMN "type" SET DEFAULT 'business';
ALTER TABLE "Organization" ALTER COLUMN "plan" DROP DEFAULT;
ALTER TABLE "Organization" ALTER COLUMN "plan" SET DATA TYPE "OrganizationPlan" USING ("plan"::text::"OrganizationPlan");
ALTER TABLE "Organization" ALTER COLUMN "plan" SET DEFAULT 'free';
