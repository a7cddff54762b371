// Generated from openapi/ by `pnpm gen` (packages/contract/scripts/reasons.mjs). Do not edit.
// Each error reason of the contract (`ErrorReason`): the HTTP status it answers with, and what it means.
import type { components } from "./schema";

export const errorReasons = {
  "invalid_request": {
    "status": 400,
    "description": "The request breaks a rule of the contract or of the operation: `message` names the field and the rule (a missing or malformed field, a value out of range, a document that does not nest as it must, the NUL character in text)."
  },
  "invalid_json": {
    "status": 400,
    "description": "The body is not valid JSON, or not a JSON object (or array, where stated)."
  },
  "invalid_cursor": {
    "status": 400,
    "description": "The `page` cursor is not one this list gave: modified, from another list, or replayed under other filters."
  },
  "invalid_reference": {
    "status": 400,
    "description": "A field names something that is not where it must be: a space, site, section, team or page of another organization, site or content, a user who is not a member, a sibling that is not one."
  },
  "url_fetch_failed": {
    "status": 400,
    "description": "A URL to import or fetch could not be fetched: it timed out, is too large, answered an HTTP error, has another scheme than http(s), redirects too often, or is an internal address the server may not reach."
  },
  "import_source_unsupported": {
    "status": 400,
    "description": "An import run's source is of a kind Docstack does not import (GitBook's `file`, files uploaded to GitBook): send the archive as a `zip` source."
  },
  "import_run_ended": {
    "status": 400,
    "description": "The import run already ended (completed, failed or cancelled): there is nothing to cancel."
  },
  "sign_in_code_invalid": {
    "status": 400,
    "description": "The sign-in code is wrong, already used, expired, or was tried wrong too many times: ask for a new one."
  },
  "unauthenticated": {
    "status": 401,
    "description": "No token: send `Authorization: Bearer <token>`."
  },
  "token_malformed": {
    "status": 401,
    "description": "The `Authorization` header is not `Bearer <token>`."
  },
  "token_expired": {
    "status": 401,
    "description": "The token expired: make a new one."
  },
  "token_invalid": {
    "status": 401,
    "description": "The token is unknown, or has been revoked."
  },
  "session_invalid": {
    "status": 401,
    "description": "The session cookie is unknown, ended (signed out or revoked), or holds something that is not a session (an API token is never read from a cookie)."
  },
  "session_expired": {
    "status": 401,
    "description": "The session expired (unused for its idle lifetime, or past its maximum lifetime): sign in again."
  },
  "content_token_expired": {
    "status": 401,
    "description": "A site's content token (`apiToken` of `GET /v1/urls/published`) expired: resolve the URL again for a new one."
  },
  "content_token_invalid": {
    "status": 401,
    "description": "A site's content token was modified, forged, or signed with a secret the server no longer has: resolve the URL again for a new one."
  },
  "git_hook_signature_invalid": {
    "status": 401,
    "description": "A Git push webhook is not signed with the space's Git Sync secret (`X-Hub-Signature-256`, `X-Gitea-Signature` or `X-Gitlab-Token`), or the space has no Git Sync."
  },
  "saml_response_refused": {
    "status": 401,
    "description": "The SAML response is not a valid, signed answer to a sign-in request of this server (another issuer, recipient or destination, no e-mail address, an assertion used already)."
  },
  "csrf_token_invalid": {
    "status": 403,
    "description": "A write made with the session cookie did not send the session's CSRF token (the `docstack_csrf` cookie's value) in the `X-CSRF-Token` header: another site's form or script cannot."
  },
  "content_token_scope": {
    "status": 403,
    "description": "A site's content token only reads its site's published content (the operations that say so): any write, and any other read of what it can see, is refused."
  },
  "role_required": {
    "status": 403,
    "description": "The caller can see the resource, but their role does not allow the operation: `message` names the role it needs."
  },
  "comment_author_only": {
    "status": 403,
    "description": "Only its author can change the text of a comment or reply."
  },
  "email_domain_mismatch": {
    "status": 403,
    "description": "Only the organizations of the caller's own e-mail domain can be listed."
  },
  "email_not_verified": {
    "status": 403,
    "description": "Joining an organization by e-mail domain needs a verified e-mail address: sign in by e-mail once."
  },
  "invite_links_disabled": {
    "status": 403,
    "description": "The organization does not allow invite links (`inviteLinks` is false)."
  },
  "not_found": {
    "status": 404,
    "description": "No such resource or operation, or one the caller cannot see (it belongs to an organization they are not a member of): `message` names what."
  },
  "method_not_allowed": {
    "status": 405,
    "description": "The path exists, but not with this method: `Allow` lists those it takes."
  },
  "space_locked": {
    "status": 409,
    "description": "The space is locked (`editMode: locked`): its content, change requests and comments cannot change until an admin sets it live."
  },
  "change_request_merged": {
    "status": 409,
    "description": "The change request is merged, which is final: it can no longer change, nor its comments."
  },
  "change_request_archived": {
    "status": 409,
    "description": "The change request is archived: reopen it (status `draft` or `open`) first."
  },
  "status_move_invalid": {
    "status": 409,
    "description": "The change request cannot move from its status to the one asked."
  },
  "merge_rule_unmet": {
    "status": 409,
    "description": "A merge rule of the space is not met yet (approvals, reviews): `message` names the rule and why."
  },
  "git_sync_running": {
    "status": 409,
    "description": "A Git import or export of this space is queued or running: wait until `GET /v1/spaces/{spaceId}/git/info` says it ended."
  },
  "space_already_in_site": {
    "status": 409,
    "description": "The space is already in this site."
  },
  "name_taken": {
    "status": 409,
    "description": "A name that must be unique is used by another resource: a hostname, a site's basename or proxy, a path in a site, a custom field's name, an OpenAPI specification's slug, an integration's name."
  },
  "last_site_space": {
    "status": 409,
    "description": "This is the last site space of its section: delete the section instead."
  },
  "sso_provider_missing": {
    "status": 409,
    "description": "SSO cannot be enforced in an organization with no SAML provider: nobody could sign in. Add one first (`POST /v1/orgs/{organizationId}/saml`)."
  },
  "sso_sign_in_required": {
    "status": 409,
    "description": "Enforcing SSO from this credential would lock you out of the organization at once: turn it on from a session (or a token) made by the organization's SAML sign-in."
  },
  "sso_enforced": {
    "status": 409,
    "description": "The organization enforces SSO and this is its last SAML provider: turn enforcement off (`sso: false`) first."
  },
  "last_admin": {
    "status": 409,
    "description": "This is the organization's last admin: make another member admin first."
  },
  "nothing_to_publish": {
    "status": 409,
    "description": "The site has no site space to publish: add a space to it first."
  },
  "space_not_deleted": {
    "status": 409,
    "description": "The space to restore is not deleted."
  },
  "already_exists": {
    "status": 409,
    "description": "A resource with these unique values exists already: a concurrent request may have made it first."
  },
  "stale_edit": {
    "status": 409,
    "description": "An `update_page` change names the revision its edit was based on (`baseRevision`), and the page's body or title changed since in the change request: `message` names the change and the change request's current revision."
  },
  "concurrent_change": {
    "status": 409,
    "description": "A concurrent request changed the same resources first (or deleted one this one refers to): retry."
  },
  "payload_too_large": {
    "status": 413,
    "description": "The request body is larger than the server accepts (1 MiB by default; `DOCSTACK_BODY_LIMIT`), or holds too many form fields."
  },
  "unsupported_media_type": {
    "status": 415,
    "description": "The body is not of a type the operation takes (JSON: `Content-Type: application/json`), or its charset or encoding is not supported."
  },
  "rate_limited": {
    "status": 429,
    "description": "Too many requests (by this token or client address, or sign-in codes for this address): retry after `Retry-After` seconds."
  },
  "internal_error": {
    "status": 500,
    "description": "The server failed; the message holds no internals, only the request ID to find it in the server's logs."
  },
  "not_implemented": {
    "status": 501,
    "description": "The operation is in the contract but not implemented yet."
  },
  "saml_request_failed": {
    "status": 502,
    "description": "A sign-in request for this SAML identity provider could not be made."
  },
  "idempotency_key_reused": {
    "status": 409,
    "description": "The `Idempotency-Key` was first sent with another request (operation, parameters or body): a new request needs a new key."
  },
  "idempotency_key_in_progress": {
    "status": 409,
    "description": "A request with this `Idempotency-Key` is still in progress: retry once it has completed."
  },
  "render_budget_exceeded": {
    "status": 503,
    "description": "The page is too long or too complex to render within the server's rendering budget (`DOCSTACK_RENDER_BUDGET_MS`); its Markdown is still readable with `format=markdown`."
  },
  "not_an_image": {
    "status": 400,
    "description": "An image uploaded into a change request is not one: its bytes are not a PNG, JPEG, GIF or WebP image (the type is read from the bytes, never trusted from the request)."
  },
  "image_type_unsupported": {
    "status": 415,
    "description": "An image uploaded into a change request says it is of a type Docstack does not take (only `image/png`, `image/jpeg`, `image/gif`, `image/webp`: not SVG, which can hold scripts), or of another type than its bytes are."
  },
  "image_too_large": {
    "status": 413,
    "description": "An image uploaded into a change request is larger than 10 MiB."
  }
} as const satisfies Record<components["schemas"]["ErrorReason"], { status: number; description: string }>;
