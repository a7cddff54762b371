// Generated from openapi/ by `pnpm gen` (packages/contract/scripts/policy.mjs). Do not edit.
// The policy kinds (openapi/policies.yaml) and each operation's rule (its `x-docstack-policy`).

export const policyKinds = {
  "caller": {
    "noun": "your own account",
    "line": "Needs a valid API token, of any user.",
    "permissions": {}
  },
  "anyone": {
    "noun": "anyone",
    "public": true,
    "line": "Needs no API token.",
    "permissions": {}
  },
  "download": {
    "noun": "the signed download URL",
    "public": true,
    "line": "Needs no API token: the signed URL is the authorization.",
    "permissions": {}
  },
  "ownToken": {
    "noun": "the token",
    "permissions": {
      "revoke": "guest"
    },
    "notes": {
      "revoke": "it must be one of your own tokens"
    }
  },
  "ownSession": {
    "noun": "the session",
    "permissions": {
      "revoke": "guest"
    },
    "notes": {
      "revoke": "it must be one of your own sessions"
    }
  },
  "emailDomain": {
    "noun": "the e-mail domain",
    "permissions": {
      "own": "guest"
    },
    "notes": {
      "own": "it must be the domain of your own e-mail address"
    }
  },
  "organization": {
    "noun": "the organization",
    "permissions": {
      "view": "guest",
      "listMembers": "guest",
      "listTeams": "guest",
      "admin": "admin",
      "ownTeam": "admin",
      "createContent": "create",
      "createOpenAPISpec": "create",
      "viewBilling": "admin",
      "listIntegrations": "admin",
      "access": "guest",
      "listInstallations": "admin",
      "installIntegration": "admin"
    }
  },
  "user": {
    "noun": "the user",
    "permissions": {
      "view": "guest"
    },
    "notes": {
      "view": "you share an organization with them, or it is you"
    }
  },
  "invitation": {
    "noun": "the invite link",
    "permissions": {
      "join": "guest"
    },
    "notes": {
      "join": "anyone signed in who has the link, whose ID is its secret"
    }
  },
  "joinable": {
    "noun": "the organization",
    "permissions": {
      "join": "guest"
    },
    "notes": {
      "join": "the domain of your e-mail address is one of its `emailDomains`, and you verified the address by signing in by e-mail"
    }
  },
  "homeOrganization": {
    "noun": "the organization it belongs to",
    "permissions": {
      "admin": "admin"
    }
  },
  "targetOrganization": {
    "noun": "the organization named by `organization`",
    "permissions": {
      "admin": "admin"
    }
  },
  "publisher": {
    "noun": "the organization named by `organization` (its ID or hostname)",
    "permissions": {
      "admin": "admin"
    }
  },
  "collection": {
    "noun": "the collection",
    "permissions": {
      "view": "read",
      "admin": "admin",
      "viewInviteLinks": "admin",
      "create": "create"
    }
  },
  "container": {
    "noun": "the collection named by `parent`, or the organization's root without one",
    "permissions": {
      "create": "create"
    }
  },
  "destination": {
    "noun": "the collection named by `parent` when it is sent, or the organization's root for `null`",
    "permissions": {
      "create": "create"
    }
  },
  "spaceContainer": {
    "noun": "the space's collection, or the organization's root when it is in none",
    "permissions": {
      "create": "create"
    }
  },
  "organizationRoot": {
    "noun": "the organization's root, where content outside collections is",
    "permissions": {
      "create": "create"
    }
  },
  "space": {
    "noun": "the space",
    "roleNote": "also while the space is locked",
    "permissions": {
      "view": "read",
      "access": "read",
      "comment": "comment",
      "edit": "edit",
      "triggerGitSync": "edit",
      "merge": "edit",
      "review": "review",
      "admin": "admin",
      "viewInviteLinks": "admin",
      "installIntegration": "admin"
    },
    "notes": {
      "comment": "role `comment` or more; refused with 409 while the space is locked",
      "edit": "role `edit` or more; refused with 409 while the space is locked",
      "triggerGitSync": "role `edit` or more; refused with 409 while the space is locked",
      "merge": "role `edit` or more; refused with 409 while the space is locked"
    },
    "contentTokenReads": [
      "getSpaceById",
      "getCurrentRevision",
      "listPages",
      "getPageById",
      "getPageByPath",
      "getRenderedPageById",
      "listFiles",
      "getFileById",
      "getRevisionById",
      "listRevisionPages",
      "getRevisionPageById",
      "getRevisionPageByPath",
      "getPageDocumentInRevisionById",
      "listRevisionFiles",
      "getRevisionFileById",
      "searchSpaceContent"
    ]
  },
  "importTarget": {
    "noun": "the space named by `target.space`",
    "roleNote": "also while the space is locked",
    "permissions": {
      "edit": "edit"
    },
    "notes": {
      "edit": "role `edit` or more; refused with 409 while the space is locked"
    }
  },
  "importRun": {
    "noun": "the import run's space",
    "permissions": {
      "view": "read",
      "cancel": "edit"
    }
  },
  "restorableSpace": {
    "noun": "the space, deleted or not",
    "permissions": {
      "admin": "admin"
    }
  },
  "changeRequest": {
    "noun": "the change request's space",
    "roleNote": "also while the space is locked",
    "permissions": {
      "view": "read",
      "access": "read",
      "comment": "comment",
      "edit": "edit",
      "triggerGitSync": "edit",
      "merge": "edit",
      "review": "review",
      "admin": "admin",
      "viewInviteLinks": "admin",
      "installIntegration": "admin"
    },
    "notes": {
      "comment": "role `comment` or more; refused with 409 while the space is locked",
      "edit": "role `edit` or more; refused with 409 while the space is locked",
      "merge": "role `edit` or more; refused with 409 while the space is locked"
    }
  },
  "comments": {
    "noun": "the space (of the change request, for its comments)",
    "permissions": {
      "view": "read",
      "post": "comment"
    },
    "notes": {
      "post": "role `comment` or more; refused with 409 while the space is locked or the change request merged"
    }
  },
  "comment": {
    "noun": "the comment",
    "permissions": {
      "view": "read",
      "reply": "comment",
      "edit": "author",
      "delete": "admin"
    },
    "author": {
      "edit": "comment",
      "delete": "comment"
    },
    "notes": {
      "reply": "role `comment` or more on the space; refused with 409 while the space is locked or the change request merged",
      "edit": "only its author, with role `comment` or more on the space",
      "delete": "its author with role `comment` or more, or role `admin` on the space"
    }
  },
  "commentReply": {
    "noun": "the reply",
    "permissions": {
      "view": "read",
      "reply": "comment",
      "edit": "author",
      "delete": "admin"
    },
    "author": {
      "edit": "comment",
      "delete": "comment"
    },
    "notes": {
      "reply": "role `comment` or more on the space; refused with 409 while the space is locked or the change request merged",
      "edit": "only its author, with role `comment` or more on the space",
      "delete": "its author with role `comment` or more, or role `admin` on the space"
    }
  },
  "customFields": {
    "noun": "the organization's custom fields",
    "permissions": {
      "view": "guest",
      "edit": "admin"
    }
  },
  "team": {
    "noun": "the team",
    "permissions": {
      "view": "guest",
      "admin": "admin"
    },
    "notes": {
      "admin": "role `admin` on the organization, or team role `owner`"
    }
  },
  "site": {
    "noun": "the site",
    "permissions": {
      "view": "guest",
      "admin": "admin",
      "access": "guest",
      "edit": "admin",
      "create": "admin",
      "installIntegration": "admin",
      "viewAdaptiveSchema": "guest",
      "editAdaptiveSchema": "admin"
    },
    "notes": {
      "admin": "role `admin` on the organization, or the site shared with you or one of your teams as `admin`"
    }
  },
  "siteSection": {
    "noun": "the section's site",
    "permissions": {
      "view": "guest",
      "admin": "admin"
    },
    "notes": {
      "admin": "role `admin` on the organization, or the site shared with you or one of your teams as `admin`"
    }
  },
  "siteSectionGroup": {
    "noun": "the section group's site",
    "permissions": {
      "view": "guest",
      "admin": "admin"
    },
    "notes": {
      "admin": "role `admin` on the organization, or the site shared with you or one of your teams as `admin`"
    }
  },
  "siteSpace": {
    "noun": "the site space's site",
    "permissions": {
      "view": "guest",
      "admin": "admin"
    },
    "notes": {
      "admin": "role `admin` on the organization, or the site shared with you or one of your teams as `admin`"
    }
  },
  "shareLink": {
    "noun": "the share link's site",
    "permissions": {
      "view": "guest",
      "admin": "admin"
    },
    "notes": {
      "admin": "role `admin` on the organization, or the site shared with you or one of your teams as `admin`"
    }
  },
  "specs": {
    "noun": "the organization's OpenAPI specifications",
    "permissions": {
      "view": "guest",
      "edit": "create"
    }
  },
  "spec": {
    "noun": "the OpenAPI specification",
    "permissions": {
      "view": "guest",
      "edit": "create"
    }
  },
  "integration": {
    "noun": "the integration",
    "permissions": {
      "view": "guest",
      "admin": "admin"
    },
    "notes": {
      "view": "anyone for a public or unlisted integration; the members of the organization that owns it for a private one",
      "admin": "role `admin` in the organization that owns it"
    }
  }
} as const;

export const operationPolicies = {
  "getApiInformation": {
    "on": "anyone"
  },
  "getAuthenticatedUser": {
    "on": "caller"
  },
  "listOrganizationsForAuthenticatedUser": {
    "on": "caller"
  },
  "createOrganization": {
    "on": "caller"
  },
  "getOrganizationById": {
    "on": "organization",
    "needs": "view"
  },
  "updateOrganizationById": {
    "on": "organization",
    "needs": "admin"
  },
  "listOrganizationMembers": {
    "on": "organization",
    "needs": "listMembers"
  },
  "getMemberInOrganizationById": {
    "on": "organization",
    "needs": "listMembers"
  },
  "removeOrganizationMember": {
    "on": "organization",
    "needs": "admin",
    "self": "view"
  },
  "updateOrganizationMember": {
    "on": "organization",
    "needs": "admin"
  },
  "listOrganizationInviteLinks": {
    "on": "organization",
    "needs": "admin"
  },
  "createOrganizationInvite": {
    "on": "organization",
    "needs": "admin"
  },
  "getOrganizationInviteLink": {
    "on": "organization",
    "needs": "admin"
  },
  "deleteOrganizationInviteLink": {
    "on": "organization",
    "needs": "admin"
  },
  "updateOrganizationInviteLink": {
    "on": "organization",
    "needs": "admin"
  },
  "inviteUsersToOrganization": {
    "on": "organization",
    "needs": "admin"
  },
  "joinOrganizationWithInvite": {
    "on": "invitation",
    "needs": "join"
  },
  "joinOrganization": {
    "on": "joinable",
    "needs": "join"
  },
  "getUserById": {
    "on": "user",
    "needs": "view"
  },
  "requestEmailSignIn": {
    "on": "anyone"
  },
  "verifyEmailSignIn": {
    "on": "anyone"
  },
  "createSession": {
    "on": "anyone"
  },
  "signOut": {
    "on": "caller"
  },
  "listUserSessions": {
    "on": "caller"
  },
  "revokeUserSession": {
    "on": "ownSession",
    "needs": "revoke"
  },
  "listUserTokens": {
    "on": "caller"
  },
  "createUserToken": {
    "on": "caller"
  },
  "revokeUserToken": {
    "on": "ownToken",
    "needs": "revoke"
  },
  "searchOrganizationContent": {
    "on": "organization",
    "needs": "view"
  },
  "listOrganizationsForEmailDomain": {
    "on": "emailDomain",
    "needs": "own"
  },
  "getCollectionById": {
    "on": "collection",
    "needs": "view"
  },
  "deleteCollectionById": {
    "on": "collection",
    "needs": "admin"
  },
  "updateCollectionById": {
    "on": "collection",
    "needs": "admin"
  },
  "listSpacesInCollectionById": {
    "on": "collection",
    "needs": "view"
  },
  "moveCollection": {
    "on": "collection",
    "needs": "admin",
    "and": [
      {
        "on": "destination",
        "needs": "create"
      }
    ]
  },
  "transferCollection": {
    "on": "collection",
    "needs": "view",
    "and": [
      {
        "on": "homeOrganization",
        "needs": "admin"
      },
      {
        "on": "targetOrganization",
        "needs": "admin"
      }
    ]
  },
  "listCollections": {
    "on": "organization",
    "needs": "view"
  },
  "createCollection": {
    "on": "organization",
    "needs": "view",
    "and": [
      {
        "on": "container",
        "needs": "create"
      }
    ]
  },
  "listOrganizationSpaces": {
    "on": "organization",
    "needs": "view"
  },
  "createSpace": {
    "on": "organization",
    "needs": "view",
    "and": [
      {
        "on": "container",
        "needs": "create"
      }
    ]
  },
  "listDeletedSpaces": {
    "on": "organization",
    "needs": "admin"
  },
  "getSpaceById": {
    "on": "space",
    "needs": "view"
  },
  "deleteSpaceById": {
    "on": "space",
    "needs": "admin"
  },
  "updateSpaceById": {
    "on": "space",
    "role": "edit",
    "fields": {
      "admin": [
        "editMode",
        "defaultLevel",
        "visibility",
        "mergeRules"
      ]
    }
  },
  "duplicateSpace": {
    "on": "space",
    "needs": "view",
    "and": [
      {
        "on": "spaceContainer",
        "needs": "create"
      }
    ]
  },
  "restoreSpace": {
    "on": "restorableSpace",
    "needs": "admin"
  },
  "moveSpace": {
    "on": "space",
    "needs": "admin",
    "and": [
      {
        "on": "destination",
        "needs": "create"
      }
    ]
  },
  "transferSpace": {
    "on": "space",
    "needs": "view",
    "and": [
      {
        "on": "homeOrganization",
        "needs": "admin"
      },
      {
        "on": "targetOrganization",
        "needs": "admin"
      }
    ]
  },
  "listSpaceLinks": {
    "on": "space",
    "needs": "view"
  },
  "searchSpaceContent": {
    "on": "space",
    "needs": "view"
  },
  "getCurrentRevision": {
    "on": "space",
    "needs": "view"
  },
  "importContent": {
    "on": "space",
    "needs": "edit"
  },
  "exportSpace": {
    "on": "space",
    "needs": "view"
  },
  "importGitRepository": {
    "on": "space",
    "needs": "triggerGitSync"
  },
  "exportToGitRepository": {
    "on": "space",
    "needs": "triggerGitSync"
  },
  "getSpaceGitInfo": {
    "on": "space",
    "needs": "view"
  },
  "getSpaceGitSync": {
    "on": "space",
    "needs": "admin"
  },
  "configureSpaceGitSync": {
    "on": "space",
    "needs": "admin"
  },
  "deleteSpaceGitSync": {
    "on": "space",
    "needs": "admin"
  },
  "receiveGitSyncHook": {
    "on": "anyone"
  },
  "listImportRuns": {
    "on": "organization",
    "needs": "view"
  },
  "startImportRun": {
    "on": "organization",
    "needs": "createContent",
    "and": [
      {
        "on": "importTarget",
        "needs": "edit"
      }
    ]
  },
  "getImportRun": {
    "on": "importRun",
    "needs": "view"
  },
  "cancelImportRun": {
    "on": "importRun",
    "needs": "cancel"
  },
  "listPages": {
    "on": "space",
    "needs": "view"
  },
  "getPageTitleTree": {
    "on": "space",
    "needs": "view"
  },
  "listFiles": {
    "on": "space",
    "needs": "view"
  },
  "getFileById": {
    "on": "space",
    "needs": "view"
  },
  "listFileBacklinks": {
    "on": "space",
    "needs": "view"
  },
  "getPageById": {
    "on": "space",
    "needs": "view"
  },
  "getRenderedPageById": {
    "on": "space",
    "needs": "view"
  },
  "listPageLinks": {
    "on": "space",
    "needs": "view"
  },
  "getPageByPath": {
    "on": "space",
    "needs": "view"
  },
  "getRevisionById": {
    "on": "space",
    "needs": "view"
  },
  "getRevisionChanges": {
    "on": "space",
    "needs": "view"
  },
  "listRevisionPages": {
    "on": "space",
    "needs": "view"
  },
  "listRevisionFiles": {
    "on": "space",
    "needs": "view"
  },
  "getRevisionFileById": {
    "on": "space",
    "needs": "view"
  },
  "getRevisionPageById": {
    "on": "space",
    "needs": "view"
  },
  "getPageDocumentInRevisionById": {
    "on": "space",
    "needs": "view"
  },
  "getRevisionPageByPath": {
    "on": "space",
    "needs": "view"
  },
  "downloadContent": {
    "on": "download"
  },
  "listSpaceCustomFieldValues": {
    "on": "space",
    "needs": "view"
  },
  "updateSpaceCustomFieldValues": {
    "on": "space",
    "needs": "edit"
  },
  "listCustomFields": {
    "on": "customFields",
    "needs": "view"
  },
  "createCustomField": {
    "on": "customFields",
    "needs": "edit"
  },
  "getCustomField": {
    "on": "customFields",
    "needs": "view"
  },
  "deleteCustomField": {
    "on": "customFields",
    "needs": "edit"
  },
  "updateCustomField": {
    "on": "customFields",
    "needs": "edit"
  },
  "listCommentsInSpace": {
    "on": "comments",
    "needs": "view"
  },
  "postCommentInSpace": {
    "on": "comments",
    "needs": "post"
  },
  "getCommentInSpace": {
    "on": "comment",
    "needs": "view"
  },
  "updateCommentInSpace": {
    "on": "comment",
    "needs": "reply",
    "fields": {
      "edit": [
        "body"
      ]
    }
  },
  "deleteCommentInSpace": {
    "on": "comment",
    "needs": "delete"
  },
  "listCommentRepliesInSpace": {
    "on": "comment",
    "needs": "view"
  },
  "postCommentReplyInSpace": {
    "on": "comment",
    "needs": "reply"
  },
  "getCommentReplyInSpace": {
    "on": "commentReply",
    "needs": "view"
  },
  "updateCommentReplyInSpace": {
    "on": "commentReply",
    "needs": "reply",
    "fields": {
      "edit": [
        "body"
      ]
    }
  },
  "deleteCommentReplyInSpace": {
    "on": "commentReply",
    "needs": "delete"
  },
  "listChangeRequestsForSpace": {
    "on": "space",
    "needs": "view"
  },
  "createChangeRequest": {
    "on": "space",
    "needs": "edit"
  },
  "getChangeRequestById": {
    "on": "changeRequest",
    "needs": "view"
  },
  "updateChangeRequestById": {
    "on": "changeRequest",
    "role": "edit"
  },
  "mergeChangeRequest": {
    "on": "changeRequest",
    "needs": "merge"
  },
  "getChangeRequestMergeability": {
    "on": "changeRequest",
    "needs": "view"
  },
  "updateChangeRequestFromMain": {
    "on": "changeRequest",
    "needs": "edit"
  },
  "getChangeRequestPdf": {
    "on": "changeRequest",
    "needs": "view"
  },
  "getChangeRequestRevision": {
    "on": "changeRequest",
    "needs": "view"
  },
  "updateChangeRequestContent": {
    "on": "changeRequest",
    "needs": "edit"
  },
  "importChangeRequestContent": {
    "on": "changeRequest",
    "needs": "edit"
  },
  "listChangeRequestPages": {
    "on": "changeRequest",
    "needs": "view"
  },
  "listChangeRequestFiles": {
    "on": "changeRequest",
    "needs": "view"
  },
  "uploadChangeRequestImage": {
    "on": "changeRequest",
    "needs": "edit"
  },
  "getChangeRequestFileById": {
    "on": "changeRequest",
    "needs": "view"
  },
  "listChangeRequestFileBacklinks": {
    "on": "changeRequest",
    "needs": "view"
  },
  "getChangeRequestPageById": {
    "on": "changeRequest",
    "needs": "view"
  },
  "listChangeRequestPageLinks": {
    "on": "changeRequest",
    "needs": "view"
  },
  "getChangeRequestRenderedPageById": {
    "on": "changeRequest",
    "needs": "view"
  },
  "getChangeRequestChanges": {
    "on": "changeRequest",
    "needs": "view"
  },
  "getPageInChangeRequestByPath": {
    "on": "changeRequest",
    "needs": "view"
  },
  "getReviewsByChangeRequestId": {
    "on": "changeRequest",
    "needs": "view"
  },
  "submitChangeRequestReview": {
    "on": "changeRequest",
    "needs": "review"
  },
  "getChangeRequestReviewById": {
    "on": "changeRequest",
    "needs": "view"
  },
  "getRequestedReviewersByChangeRequestId": {
    "on": "changeRequest",
    "needs": "view"
  },
  "requestReviewersForChangeRequest": {
    "on": "changeRequest",
    "needs": "edit"
  },
  "removeRequestedReviewerFromChangeRequest": {
    "on": "changeRequest",
    "needs": "edit"
  },
  "listCommentsInChangeRequest": {
    "on": "comments",
    "needs": "view"
  },
  "postCommentInChangeRequest": {
    "on": "comments",
    "needs": "post"
  },
  "getCommentInChangeRequest": {
    "on": "comment",
    "needs": "view"
  },
  "updateCommentInChangeRequest": {
    "on": "comment",
    "needs": "reply",
    "fields": {
      "edit": [
        "body"
      ]
    }
  },
  "deleteCommentInChangeRequest": {
    "on": "comment",
    "needs": "delete"
  },
  "listCommentRepliesInChangeRequest": {
    "on": "comment",
    "needs": "view"
  },
  "postCommentReplyInChangeRequest": {
    "on": "comment",
    "needs": "reply"
  },
  "getCommentReplyInChangeRequest": {
    "on": "commentReply",
    "needs": "view"
  },
  "updateCommentReplyInChangeRequest": {
    "on": "commentReply",
    "needs": "reply",
    "fields": {
      "edit": [
        "body"
      ]
    }
  },
  "deleteCommentReplyInChangeRequest": {
    "on": "commentReply",
    "needs": "delete"
  },
  "listTeamsInOrganization": {
    "on": "organization",
    "needs": "listTeams"
  },
  "createOrganizationTeam": {
    "on": "organization",
    "needs": "admin"
  },
  "getTeamInOrganizationById": {
    "on": "team",
    "needs": "view"
  },
  "deleteTeamInOrganizationById": {
    "on": "team",
    "needs": "admin"
  },
  "updateTeamInOrganizationById": {
    "on": "team",
    "needs": "admin"
  },
  "listTeamMembers": {
    "on": "team",
    "needs": "view"
  },
  "updateTeamMembers": {
    "on": "team",
    "needs": "admin"
  },
  "addOrUpdateTeamMember": {
    "on": "team",
    "needs": "admin"
  },
  "removeTeamMember": {
    "on": "team",
    "needs": "admin"
  },
  "listSites": {
    "on": "organization",
    "needs": "view"
  },
  "createSite": {
    "on": "organization",
    "needs": "admin",
    "and": [
      {
        "on": "organizationRoot",
        "needs": "create",
        "when": {
          "spaces": "new"
        }
      }
    ]
  },
  "getSiteById": {
    "on": "site",
    "needs": "view"
  },
  "deleteSiteById": {
    "on": "site",
    "needs": "admin"
  },
  "updateSiteById": {
    "on": "site",
    "needs": "admin"
  },
  "getSiteAdaptiveSchema": {
    "on": "site",
    "needs": "view"
  },
  "updateSiteAdaptiveSchema": {
    "on": "site",
    "needs": "admin"
  },
  "getSitePublished": {
    "on": "site",
    "needs": "view"
  },
  "publishSite": {
    "on": "site",
    "needs": "admin"
  },
  "unpublishSite": {
    "on": "site",
    "needs": "admin"
  },
  "searchSiteContent": {
    "on": "site",
    "needs": "view"
  },
  "getSiteCustomizationById": {
    "on": "site",
    "needs": "view"
  },
  "updateSiteCustomizationById": {
    "on": "site",
    "needs": "admin"
  },
  "getPublishedContentByUrl": {
    "on": "caller"
  },
  "resolvePublishedContentByUrl": {
    "on": "caller"
  },
  "listSiteSections": {
    "on": "site",
    "needs": "view"
  },
  "addSiteSection": {
    "on": "site",
    "needs": "admin"
  },
  "deleteSiteSection": {
    "on": "siteSection",
    "needs": "admin"
  },
  "updateSiteSection": {
    "on": "siteSection",
    "needs": "admin"
  },
  "moveSiteSection": {
    "on": "siteSection",
    "needs": "admin"
  },
  "listSiteSectionGroups": {
    "on": "site",
    "needs": "view"
  },
  "addSiteSectionGroup": {
    "on": "site",
    "needs": "admin"
  },
  "deleteSiteSectionGroup": {
    "on": "siteSectionGroup",
    "needs": "admin"
  },
  "updateSiteSectionGroup": {
    "on": "siteSectionGroup",
    "needs": "admin"
  },
  "addSiteSectionToGroup": {
    "on": "siteSectionGroup",
    "needs": "admin"
  },
  "removeSiteSectionFromGroup": {
    "on": "siteSectionGroup",
    "needs": "admin"
  },
  "moveSiteSectionGroup": {
    "on": "siteSectionGroup",
    "needs": "admin"
  },
  "listSiteSpaces": {
    "on": "site",
    "needs": "view"
  },
  "addSiteSpace": {
    "on": "site",
    "needs": "admin"
  },
  "deleteSiteSpace": {
    "on": "siteSpace",
    "needs": "admin"
  },
  "updateSiteSpace": {
    "on": "siteSpace",
    "needs": "admin"
  },
  "moveSiteSpace": {
    "on": "siteSpace",
    "needs": "admin"
  },
  "listSiteShareLinks": {
    "on": "site",
    "needs": "admin"
  },
  "createSiteShareLink": {
    "on": "site",
    "needs": "admin"
  },
  "deleteSiteShareLink": {
    "on": "shareLink",
    "needs": "admin"
  },
  "updateSiteShareLink": {
    "on": "shareLink",
    "needs": "admin"
  },
  "listSiteRedirects": {
    "on": "site",
    "needs": "view"
  },
  "bulkUpsertSiteRedirects": {
    "on": "site",
    "needs": "edit"
  },
  "createSiteRedirect": {
    "on": "site",
    "needs": "edit"
  },
  "deleteSiteRedirectById": {
    "on": "site",
    "needs": "edit"
  },
  "updateSiteRedirectById": {
    "on": "site",
    "needs": "edit"
  },
  "getSiteRedirectBySource": {
    "on": "site",
    "needs": "view"
  },
  "inviteToSpace": {
    "on": "space",
    "needs": "admin"
  },
  "listUserPermissionsInSpace": {
    "on": "space",
    "needs": "view"
  },
  "removeUserFromSpace": {
    "on": "space",
    "needs": "admin"
  },
  "updateUserPermissionInSpace": {
    "on": "space",
    "needs": "admin"
  },
  "listTeamPermissionsInSpace": {
    "on": "space",
    "needs": "view"
  },
  "removeTeamFromSpace": {
    "on": "space",
    "needs": "admin"
  },
  "updateTeamPermissionInSpace": {
    "on": "space",
    "needs": "admin"
  },
  "listPermissionsAggregateInSpace": {
    "on": "space",
    "needs": "view"
  },
  "inviteToCollection": {
    "on": "collection",
    "needs": "admin"
  },
  "listUserPermissionsInCollection": {
    "on": "collection",
    "needs": "view"
  },
  "removeUserFromCollection": {
    "on": "collection",
    "needs": "admin"
  },
  "updateUserPermissionInCollection": {
    "on": "collection",
    "needs": "admin"
  },
  "listTeamPermissionsInCollection": {
    "on": "collection",
    "needs": "view"
  },
  "removeTeamFromCollection": {
    "on": "collection",
    "needs": "admin"
  },
  "updateTeamPermissionInCollection": {
    "on": "collection",
    "needs": "admin"
  },
  "listPermissionsAggregateInCollection": {
    "on": "collection",
    "needs": "view"
  },
  "inviteToSite": {
    "on": "site",
    "needs": "admin"
  },
  "listUserPermissionsInSite": {
    "on": "site",
    "needs": "view"
  },
  "removeUserFromSite": {
    "on": "site",
    "needs": "admin"
  },
  "updateUserPermissionInSite": {
    "on": "site",
    "needs": "admin"
  },
  "listTeamPermissionsInSite": {
    "on": "site",
    "needs": "view"
  },
  "removeTeamFromSite": {
    "on": "site",
    "needs": "admin"
  },
  "updateTeamPermissionInSite": {
    "on": "site",
    "needs": "admin"
  },
  "listPermissionsAggregateInSite": {
    "on": "site",
    "needs": "view"
  },
  "getSitePublishingAuthById": {
    "on": "site",
    "needs": "admin"
  },
  "updateSitePublishingAuthById": {
    "on": "site",
    "needs": "admin"
  },
  "regenerateSitePublishingAuthById": {
    "on": "site",
    "needs": "admin"
  },
  "listSamlProviders": {
    "on": "organization",
    "needs": "admin"
  },
  "createSamlProvider": {
    "on": "organization",
    "needs": "admin"
  },
  "getSamlProvider": {
    "on": "organization",
    "needs": "admin"
  },
  "deleteSamlProvider": {
    "on": "organization",
    "needs": "admin"
  },
  "updateSamlProvider": {
    "on": "organization",
    "needs": "admin"
  },
  "listSsoProviders": {
    "on": "organization",
    "needs": "view"
  },
  "listOpenAPISpecs": {
    "on": "specs",
    "needs": "view"
  },
  "createOpenAPISpec": {
    "on": "specs",
    "needs": "edit"
  },
  "getOpenAPISpecBySlug": {
    "on": "spec",
    "needs": "view"
  },
  "putOpenAPISpecBySlug": {
    "on": "specs",
    "needs": "edit"
  },
  "deleteOpenAPISpecBySlug": {
    "on": "spec",
    "needs": "edit"
  },
  "listOpenAPISpecVersions": {
    "on": "spec",
    "needs": "view"
  },
  "getLatestOpenAPISpecVersion": {
    "on": "spec",
    "needs": "view"
  },
  "getLatestOpenAPISpecVersionContent": {
    "on": "spec",
    "needs": "view"
  },
  "getOpenAPISpecVersionById": {
    "on": "spec",
    "needs": "view"
  },
  "getOpenAPISpecVersionContentById": {
    "on": "spec",
    "needs": "view"
  },
  "listIntegrations": {
    "on": "caller"
  },
  "getIntegrationByName": {
    "on": "integration",
    "needs": "view"
  },
  "publishIntegration": {
    "on": "publisher",
    "needs": "admin"
  },
  "unpublishIntegration": {
    "on": "integration",
    "needs": "admin"
  },
  "listIntegrationInstallations": {
    "on": "integration",
    "needs": "admin"
  },
  "listOrganizationWebhooks": {
    "on": "organization",
    "needs": "admin"
  },
  "createOrganizationWebhook": {
    "on": "organization",
    "needs": "admin"
  },
  "getOrganizationWebhook": {
    "on": "organization",
    "needs": "admin"
  },
  "deleteOrganizationWebhook": {
    "on": "organization",
    "needs": "admin"
  },
  "updateOrganizationWebhook": {
    "on": "organization",
    "needs": "admin"
  },
  "listWebhookDeliveries": {
    "on": "organization",
    "needs": "admin"
  },
  "redeliverWebhookDelivery": {
    "on": "organization",
    "needs": "admin"
  },
  "listWebhookDeliveryAttempts": {
    "on": "organization",
    "needs": "admin"
  },
  "listOrganizationAuditEvents": {
    "on": "organization",
    "needs": "admin"
  },
  "getOrganizationAuditEvent": {
    "on": "organization",
    "needs": "admin"
  },
  "listOrganizationAuditEventActions": {
    "on": "organization",
    "needs": "admin"
  }
} as const;
