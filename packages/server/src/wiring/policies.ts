// Every policy kind of the contract (openapi/policies.yaml), with the policy that finds and
// checks it: requests are authorized from their operation's rule through this table alone
// (policy/rules.ts). A kind of the contract with no policy here does not compile.
import { anyonePolicy, ownTokenPolicy } from "../areas/auth/policy";
import { changeRequestPolicy } from "../areas/change-requests/policy";
import { collectionPolicy, containerPolicyOfBody, destinationPolicy, organizationRootPolicy, spaceContainerPolicy } from "../areas/collections/policy";
import { customFieldsPolicy } from "../areas/custom-fields/policy";
import { importRunPolicy, importTargetPolicy } from "../areas/imports/policy";
import { integrationPolicy, publisherPolicy } from "../areas/integrations/policy";
import { specPolicy, specsPolicy } from "../areas/openapi-specs/policy";
import {
  callerPolicy,
  emailDomainPolicy,
  homeOrganizationPolicy,
  invitationPolicy,
  joinablePolicy,
  organizationPolicy,
  targetOrganizationPolicy,
  userPolicy,
} from "../areas/organizations/policy";
import { ownSessionPolicy } from "../areas/sessions/policy";
import { shareLinkPolicy, sitePolicy, siteSectionGroupPolicy, siteSectionPolicy, siteSpacePolicy } from "../areas/sites/policy";
import { commentPolicy, commentReplyPolicy, commentsPolicy } from "../areas/space-comments/policy";
import { downloadPolicy } from "../areas/space-content/policy";
import { restorableSpacePolicy, spacePolicy } from "../areas/spaces/policy";
import { teamPolicy } from "../areas/teams/policy";
import type { PolicyKind } from "../policy/factory";
import type { PolicyTable } from "../policy/rules";

export const policies = {
  caller: callerPolicy,
  anyone: anyonePolicy,
  ownToken: ownTokenPolicy,
  ownSession: ownSessionPolicy,
  download: downloadPolicy,
  emailDomain: emailDomainPolicy,
  organization: organizationPolicy,
  user: userPolicy,
  invitation: invitationPolicy,
  joinable: joinablePolicy,
  homeOrganization: homeOrganizationPolicy,
  targetOrganization: targetOrganizationPolicy,
  publisher: publisherPolicy,
  collection: collectionPolicy,
  container: containerPolicyOfBody,
  destination: destinationPolicy,
  spaceContainer: spaceContainerPolicy,
  organizationRoot: organizationRootPolicy,
  space: spacePolicy,
  restorableSpace: restorableSpacePolicy,
  importTarget: importTargetPolicy,
  importRun: importRunPolicy,
  changeRequest: changeRequestPolicy,
  comments: commentsPolicy,
  comment: commentPolicy,
  commentReply: commentReplyPolicy,
  customFields: customFieldsPolicy,
  team: teamPolicy,
  site: sitePolicy,
  siteSection: siteSectionPolicy,
  siteSectionGroup: siteSectionGroupPolicy,
  siteSpace: siteSpacePolicy,
  shareLink: shareLinkPolicy,
  specs: specsPolicy,
  spec: specPolicy,
  integration: integrationPolicy,
} satisfies PolicyTable;

/** What the policy of each kind hands the handler of an operation on it. */
type AccessOfKind = { [K in PolicyKind]: Awaited<ReturnType<(typeof policies)[K]["load"]>> };

declare module "../http/operation" {
  /** The handler kit's table of what each kind's policy found (see http/operation.ts). */
  interface AccessByPolicyKind extends AccessOfKind {}
}
