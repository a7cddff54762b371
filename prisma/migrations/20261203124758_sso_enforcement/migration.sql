-- AlterTable
ALTER TABLE "ApiToken" ADD COLUMN     "ssoOrganizationId" TEXT;

-- Turning an organization's enforced SSO on or off changes whose credentials count as its members': servers drop
-- the actors they cached (as for tokens, memberships and users: 20261122003000_auth_change_notifications).
CREATE TRIGGER "Organization_sso_auth_change" AFTER UPDATE OF "sso" ON "Organization"
  FOR EACH STATEMENT EXECUTE FUNCTION "docstack_notify_auth_change"();
