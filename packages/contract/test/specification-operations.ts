// The 131 operations of the specification (../../shared/seeds, "Endpoints"), typed
// out by hand: method, path and the success status it states. The contract must
// hold every one of them exactly so.
type Status = 200 | 201 | 204 | 205;
/** Method, path and the success status(es) the operation answers. */
export type SpecOperation = readonly [method: "get" | "post" | "put" | "patch" | "delete", path: string, status: Status | readonly Status[]];

const O = "/v1/orgs/{organizationId}";
const S = "/v1/spaces/{spaceId}";
const CR = `${S}/change-requests/{changeRequestId}`;
const SITE = `${O}/sites/{siteId}`;

export const SPECIFICATION_OPERATIONS: Record<string, readonly SpecOperation[]> = {
  collections: [
    ["get", "/v1/collections/{collectionId}", 200],
    ["delete", "/v1/collections/{collectionId}", 205],
    ["patch", "/v1/collections/{collectionId}", 200],
    ["get", "/v1/collections/{collectionId}/spaces", 200],
    ["post", "/v1/collections/{collectionId}/move", 200],
    ["post", "/v1/collections/{collectionId}/transfer", 200],
    ["get", `${O}/collections`, 200],
    ["post", `${O}/collections`, 201],
  ],
  spaces: [
    ["get", S, 200],
    ["delete", S, 205],
    ["patch", S, 200],
    ["post", `${S}/duplicate`, 201],
    ["post", `${S}/restore`, 200],
    ["post", `${S}/move`, 200],
    ["post", `${S}/transfer`, 200],
    ["get", `${S}/links`, 200],
  ],
  "space content": [
    ["get", `${S}/search`, 200],
    ["get", `${S}/content`, 200],
    ["post", `${S}/content/import`, 201],
    ["get", `${S}/content/pages`, 200],
    ["get", `${S}/content/files`, 200],
    ["get", `${S}/content/files/{fileId}`, 200],
    ["get", `${S}/content/files/{fileId}/backlinks`, 200],
    ["get", `${S}/content/page/{pageId}`, 200],
    ["get", `${S}/content/page/{pageId}/links`, 200],
  ],
  "custom fields": [
    ["get", `${S}/custom-fields`, 200],
    ["patch", `${S}/custom-fields`, 204],
    ["get", `${O}/custom-fields`, 200],
    ["post", `${O}/custom-fields`, 201],
    ["get", `${O}/custom-fields/{fieldName}`, 200],
    ["delete", `${O}/custom-fields/{fieldName}`, 204],
    ["patch", `${O}/custom-fields/{fieldName}`, 200],
  ],
  "space comments": [
    ["get", `${S}/comments`, 200],
    ["post", `${S}/comments`, 200],
    ["get", `${S}/comments/{commentId}`, 200],
    ["put", `${S}/comments/{commentId}`, 200],
    ["delete", `${S}/comments/{commentId}`, [204, 205]],
    ["get", `${S}/comments/{commentId}/replies`, 200],
    ["post", `${S}/comments/{commentId}/replies`, 200],
    ["get", `${S}/comments/{commentId}/replies/{commentReplyId}`, 200],
    ["put", `${S}/comments/{commentId}/replies/{commentReplyId}`, 200],
  ],
  "change-request comments": [
    ["get", `${CR}/comments`, 200],
    ["post", `${CR}/comments`, 200],
    ["get", `${CR}/comments/{commentId}`, 200],
    ["put", `${CR}/comments/{commentId}`, 200],
    ["delete", `${CR}/comments/{commentId}`, [204, 205]],
    ["get", `${CR}/comments/{commentId}/replies`, 200],
    ["post", `${CR}/comments/{commentId}/replies`, 200],
    ["get", `${CR}/comments/{commentId}/replies/{commentReplyId}`, 200],
  ],
  "change requests": [
    ["get", `${S}/change-requests`, 200],
    ["post", `${S}/change-requests`, 201],
    ["get", CR, 200],
    ["patch", CR, 200],
    ["post", `${CR}/merge`, 200],
    ["post", `${CR}/update`, 200],
    ["get", `${CR}/pdf`, 200],
  ],
  "change-request content": [
    ["get", `${CR}/content`, 200],
    ["post", `${CR}/content/import`, 201],
    ["get", `${CR}/content/pages`, 200],
    ["get", `${CR}/content/files`, 200],
    ["get", `${CR}/content/files/{fileId}`, 200],
    ["get", `${CR}/content/files/{fileId}/backlinks`, 200],
    ["get", `${CR}/content/page/{pageId}`, 200],
    ["get", `${CR}/content/page/{pageId}/links`, 200],
  ],
  organizations: [
    ["get", "/v1/orgs", 200],
    ["get", O, 200],
    ["patch", O, 200],
    ["get", `${O}/link-invites/{inviteId}`, 200],
    ["delete", `${O}/link-invites/{inviteId}`, [204, 205]],
    ["patch", `${O}/link-invites/{inviteId}`, 200],
    ["get", `${O}/search`, 200],
    ["get", "/v1/email-domains/{emailDomain}/orgs", 200],
  ],
  teams: [
    ["get", `${O}/teams`, 200],
    ["put", `${O}/teams`, 201],
    ["get", `${O}/teams/{teamId}`, 200],
    ["delete", `${O}/teams/{teamId}`, [204, 205]],
    ["patch", `${O}/teams/{teamId}`, 200],
  ],
  "team members": [
    ["get", `${O}/teams/{teamId}/members`, 200],
    ["put", `${O}/teams/{teamId}/members`, 204],
    ["put", `${O}/teams/{teamId}/members/{userId}`, 204],
    ["delete", `${O}/teams/{teamId}/members/{userId}`, [204, 205]],
  ],
  sites: [
    ["get", `${O}/sites`, 200],
    ["post", `${O}/sites`, 201],
    ["get", SITE, 200],
    ["delete", SITE, [204, 205]],
    ["patch", SITE, 200],
    ["get", `${SITE}/adaptive-schema`, 200],
    ["put", `${SITE}/adaptive-schema`, 200],
    ["get", `${SITE}/published`, 200],
  ],
  "site sections": [
    ["get", `${SITE}/sections`, 200],
    ["post", `${SITE}/sections`, 201],
    ["delete", `${SITE}/sections/{siteSectionId}`, [204, 205]],
    ["patch", `${SITE}/sections/{siteSectionId}`, 200],
    ["post", `${SITE}/sections/{siteSectionId}/move`, 200],
  ],
  "section groups": [
    ["get", `${SITE}/section-groups`, 200],
    ["post", `${SITE}/section-groups`, 201],
    ["delete", `${SITE}/section-groups/{siteSectionGroupId}`, [204, 205]],
    ["patch", `${SITE}/section-groups/{siteSectionGroupId}`, 200],
    ["post", `${SITE}/section-groups/{siteSectionGroupId}/sections`, 201],
    ["delete", `${SITE}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}`, 205],
    ["post", `${SITE}/section-groups/{siteSectionGroupId}/move`, 200],
  ],
  "site spaces": [
    ["get", `${SITE}/site-spaces`, 200],
    ["post", `${SITE}/site-spaces`, 201],
    ["delete", `${SITE}/site-spaces/{siteSpaceId}`, [204, 205]],
    ["patch", `${SITE}/site-spaces/{siteSpaceId}`, 200],
    ["post", `${SITE}/site-spaces/{siteSpaceId}/move`, 200],
  ],
  "share links": [
    ["get", `${SITE}/share-links`, 200],
    ["post", `${SITE}/share-links`, 201],
    ["delete", `${SITE}/share-links/{shareLinkId}`, [204, 205]],
    ["patch", `${SITE}/share-links/{shareLinkId}`, 200],
  ],
  sso: [
    ["get", `${O}/saml`, 200],
    ["post", `${O}/saml`, 201],
    ["get", `${O}/saml/{samlProviderId}`, 200],
    ["delete", `${O}/saml/{samlProviderId}`, [204, 205]],
    ["patch", `${O}/saml/{samlProviderId}`, 200],
    ["get", `${O}/sso`, 200],
  ],
  "openapi specs": [
    ["get", `${O}/openapi`, 200],
    ["post", `${O}/openapi`, 201],
    ["get", `${O}/openapi/{specSlug}`, 200],
    ["put", `${O}/openapi/{specSlug}`, 200],
    ["delete", `${O}/openapi/{specSlug}`, [204, 205]],
    ["get", `${O}/openapi/{specSlug}/versions`, 200],
    ["get", `${O}/openapi/{specSlug}/versions/latest`, 200],
    ["get", `${O}/openapi/{specSlug}/versions/latest/content`, 200],
    ["get", `${O}/openapi/{specSlug}/versions/{versionId}`, 200],
    ["get", `${O}/openapi/{specSlug}/versions/{versionId}/content`, 200],
  ],
  integrations: [
    ["get", "/v1/integrations", 200],
    ["get", "/v1/integrations/{integrationName}", 200],
    ["post", "/v1/integrations/{integrationName}", 200],
    ["delete", "/v1/integrations/{integrationName}", [204, 205]],
    ["get", "/v1/integrations/{integrationName}/installations", 200],
  ],
};

/** Operations users need that the specification does not show, on the public API's paths. */
export const ADDED_OPERATIONS: readonly SpecOperation[] = [
  ["get", "/v1/user", 200],
  ["post", "/v1/orgs", 201],
  ["get", `${O}/members`, 200],
  ["patch", `${O}/members/{userId}`, 200],
  ["delete", `${O}/members/{userId}`, [204, 205]],
  ["get", `${O}/spaces`, 200],
  ["post", `${O}/spaces`, 201],
  ["post", `${CR}/content`, 200],
  ["get", "/v1/downloads/{downloadToken}", 200],
  ["post", "/v1/auth/email", 204],
  ["post", "/v1/auth/email/verify", 201],
  ["get", "/v1/user/tokens", 200],
  ["post", "/v1/user/tokens", 201],
  ["delete", "/v1/user/tokens/{tokenId}", 204],
  // Issue 26: webhooks (Docstack's own).
  ["get", `${O}/webhooks`, 200],
  ["post", `${O}/webhooks`, 201],
  ["get", `${O}/webhooks/{webhookId}`, 200],
  ["patch", `${O}/webhooks/{webhookId}`, 200],
  ["delete", `${O}/webhooks/{webhookId}`, 204],
  ["get", `${O}/webhooks/{webhookId}/deliveries`, 200],
  ["post", `${O}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver`, 202],
  // Issue 24: a space as a zip of GitBook's repository layout.
  ["get", `${S}/export`, 200],
  // Issue 25: continuous Git Sync of a space.
  ["get", `${S}/git/sync`, 200],
  ["put", `${S}/git/sync`, 200],
  ["delete", `${S}/git/sync`, 204],
  ["post", `${S}/git/sync/hook`, 202],
  // Issue 37: the app's browser sessions, and a page rendered as its published site renders it.
  ["post", "/v1/auth/sessions", 201],
  ["delete", "/v1/auth/session", 204],
  ["get", "/v1/user/sessions", 200],
  ["delete", "/v1/user/sessions/{sessionId}", 204],
  ["get", `${S}/content/page/{pageId}/rendered`, 200],
  // Issue 37: the spaces restoreSpace can still restore. Issue 38: an image pasted into the editor, and a change
  // request's page rendered as its site will render it (the preview).
  ["get", `${O}/deleted-spaces`, 200],
  ["post", `${CR}/content/files`, 201],
  ["get", `${CR}/content/page/{pageId}/rendered`, 200],
  // Issue 39: each attempt of a webhook delivery (listWebhookDeliveryAttempts).
  ["get", `${O}/webhooks/{webhookId}/deliveries/{deliveryId}/attempts`, 200],
  // Issue 38: whether a change request can be merged now, and why not (the app's "Merge" tells it).
  ["get", `${CR}/mergeability`, 200],
  // Issue 37: the space's page tree cut to what a navigation tree shows (getPageTitleTree), with its ETag.
  ["get", `${S}/content/tree`, 200],
];

/**
 * Operations of GitBook's published contract the specification did not list, on GitBook's paths
 * with GitBook's statuses (removing a permission: 205 when there was one, 204 when there was none).
 */
const sharing = (base: string): SpecOperation[] => [
  ["post", `${base}/permissions`, 204],
  ["get", `${base}/permissions/users`, 200],
  ["patch", `${base}/permissions/users/{userId}`, 204],
  ["delete", `${base}/permissions/users/{userId}`, [204, 205]],
  ["get", `${base}/permissions/teams`, 200],
  ["patch", `${base}/permissions/teams/{teamId}`, 204],
  ["delete", `${base}/permissions/teams/{teamId}`, [204, 205]],
  ["get", `${base}/permissions/aggregate`, 200],
];
export const GITBOOK_OPERATIONS: readonly SpecOperation[] = [
  ["get", `${O}/members/{userId}`, 200],
  ["get", "/v1/users/{userId}", 200],
  ["post", `${O}/invites`, 200],
  ["post", `${O}/invites/{inviteId}`, 200],
  ["get", `${O}/link-invites`, 200],
  ["post", `${O}/link-invites`, 201],
  ["post", `${O}/join`, 204],
  ...sharing(S),
  ...sharing("/v1/collections/{collectionId}"),
  ...sharing(SITE),
  // Published sites (issue 11).
  ["post", `${SITE}/publish`, 200],
  ["post", `${SITE}/unpublish`, 200],
  ["post", `${SITE}/search`, 200],
  ["get", `${SITE}/customization`, 200],
  ["put", `${SITE}/customization`, 200],
  ["get", "/v1/urls/published", 200],
  ["post", "/v1/urls/published", 200],
  // Visitor authentication (GitBook's site-publishing-auth operations, issue 12).
  ["get", `${SITE}/publishing/auth`, 200],
  ["patch", `${SITE}/publishing/auth`, 200],
  ["post", `${SITE}/publishing/auth/regenerate`, 200],
  // Pages read by path (GitBook's operations, issue 10).
  ["get", `${S}/content/path/{pagePath}`, 200],
  ["get", `${CR}/content/path/{pagePath}`, 200],
  // Revisions by ID and the changes a revision or change request makes (GitBook's operations, issue 15).
  // Git import and export (GitBook's Git Sync operations, issue 24).
  ["post", `${S}/git/import`, 204],
  ["get", "/v1/org/{organizationId}/imports", 200],
  ["post", "/v1/org/{organizationId}/imports", 201],
  ["get", "/v1/org/{organizationId}/imports/{importRunId}", 200],
  ["post", "/v1/org/{organizationId}/imports/{importRunId}/cancel", 200],
  ["post", `${S}/git/export`, 204],
  ["get", `${S}/git/info`, 200],
  ["get", `${S}/revisions/{revisionId}`, 200],
  ["get", `${S}/revisions/{revisionId}/changes`, 200],
  ["get", `${S}/revisions/{revisionId}/pages`, 200],
  ["get", `${S}/revisions/{revisionId}/files`, 200],
  ["get", `${S}/revisions/{revisionId}/files/{fileId}`, 200],
  ["get", `${S}/revisions/{revisionId}/page/{pageId}`, 200],
  ["get", `${S}/revisions/{revisionId}/page/{pageId}/document`, 200],
  ["get", `${S}/revisions/{revisionId}/path/{pagePath}`, 200],
  ["get", `${CR}/changes`, 200],
  // Issue 15 (review workflow): comment replies deleted, and updated on change requests.
  ["delete", `${S}/comments/{commentId}/replies/{commentReplyId}`, [204, 205]],
  ["put", `${CR}/comments/{commentId}/replies/{commentReplyId}`, 200],
  ["delete", `${CR}/comments/{commentId}/replies/{commentReplyId}`, [204, 205]],
  // Issue 15: reviews and requested reviewers of change requests.
  ["get", `${CR}/reviews`, 200],
  ["post", `${CR}/reviews`, 201],
  ["get", `${CR}/reviews/{reviewId}`, 200],
  ["get", `${CR}/requested-reviewers`, 200],
  ["post", `${CR}/requested-reviewers`, 200],
  ["delete", `${CR}/requested-reviewers/{userId}`, [204, 205]],
  // Issue 22: GitBook's getApiInformation.
  ["get", "/v1/", 200],
  // Issue 26: GitBook's audit log.
  ["get", `${O}/audit-events`, 200],
  ["get", `${O}/audit-events/{auditEventId}`, 200],
  ["get", `${O}/audit-event-actions`, 200],
  // Issue 27: GitBook's site redirects.
  ["get", `${SITE}/redirects`, 200],
  ["post", `${SITE}/redirects`, 201],
  ["put", `${SITE}/redirects`, 200],
  ["get", `${SITE}/redirect`, 200],
  ["patch", `${SITE}/redirects/{siteRedirectId}`, 200],
  ["delete", `${SITE}/redirects/{siteRedirectId}`, [204, 205]],
];
