// The registry: every operation of the contract, exactly once. Its type is derived
// from the generated `operations`, so an operation of the contract without a
// definition here, or a definition for no operation, does not compile.

import { auditEventsOperations } from "../areas/audit-events/handlers";
import { authOperations } from "../areas/auth/handlers";
import { changeRequestCommentsOperations } from "../areas/change-request-comments/handlers";
import { changeRequestContentOperations } from "../areas/change-request-content/handlers";
import { changeRequestReviewsOperations } from "../areas/change-request-reviews/handlers";
import { changeRequestsOperations } from "../areas/change-requests/handlers";
import { collectionsOperations } from "../areas/collections/handlers";
import { customFieldsOperations } from "../areas/custom-fields/handlers";
import { importsOperations } from "../areas/imports/handlers";
import { integrationsOperations } from "../areas/integrations/handlers";
import { openapiSpecsOperations } from "../areas/openapi-specs/handlers";
import { organizationsOperations } from "../areas/organizations/handlers";
import { permissionsOperations } from "../areas/permissions/handlers";
import { renderedPageOperations } from "../areas/rendered-pages/handlers";
import { sectionGroupsOperations } from "../areas/section-groups/handlers";
import { sessionOperations } from "../areas/sessions/handlers";
import { shareLinksOperations } from "../areas/share-links/handlers";
import { siteCustomizationOperations } from "../areas/site-customization/handlers";
import { sitePublishingAuthOperations } from "../areas/site-publishing-auth/handlers";
import { siteRedirectsOperations } from "../areas/site-redirects/handlers";
import { siteSectionsOperations } from "../areas/site-sections/handlers";
import { siteSpacesOperations } from "../areas/site-spaces/handlers";
import { sitesOperations } from "../areas/sites/handlers";
import { spaceCommentsOperations } from "../areas/space-comments/handlers";
import { spaceContentOperations } from "../areas/space-content/handlers";
import { spaceGitOperations } from "../areas/space-git/handlers";
import { spacesOperations } from "../areas/spaces/handlers";
import { ssoOperations } from "../areas/sso/handlers";
import { systemOperations } from "../areas/system/handlers";
import { teamMembersOperations } from "../areas/team-members/handlers";
import { teamsOperations } from "../areas/teams/handlers";
import { urlsOperations } from "../areas/urls/handlers";
import { webhooksOperations } from "../areas/webhooks/handlers";
import type { OperationRegistry } from "../http/operation";

export const registry: OperationRegistry = {
  ...organizationsOperations,
  ...authOperations,
  ...sessionOperations,
  ...renderedPageOperations,
  ...collectionsOperations,
  ...spacesOperations,
  ...spaceContentOperations,
  ...spaceGitOperations,
  ...importsOperations,
  ...customFieldsOperations,
  ...spaceCommentsOperations,
  ...changeRequestsOperations,
  ...changeRequestContentOperations,
  ...changeRequestCommentsOperations,
  ...changeRequestReviewsOperations,
  ...teamsOperations,
  ...teamMembersOperations,
  ...sitesOperations,
  ...siteCustomizationOperations,
  ...siteSectionsOperations,
  ...sectionGroupsOperations,
  ...siteSpacesOperations,
  ...shareLinksOperations,
  ...permissionsOperations,
  ...sitePublishingAuthOperations,
  ...ssoOperations,
  ...openapiSpecsOperations,
  ...integrationsOperations,
  ...urlsOperations,
  ...systemOperations,
  ...webhooksOperations,
  ...siteRedirectsOperations,
  ...auditEventsOperations,
};
