// The contract's enums held by enum columns (prisma/schema.prisma). Where Prisma cannot spell the contract's values
// (hyphens, dots, `*`), each member is @map-ped to the contract's value, which the database holds, and the client
// names it differently: one table each below, from the contract's value to Prisma's name, read both ways at the edges
// (serializers answer the contract's value, handlers write Prisma's name). Where Prisma spells them as they are, the
// column is the contract's type already, and `sameValues` checks it stays so. Either way, when the contract or the
// schema gains a value the other lacks, this file fails to compile, naming the value.
import type { Schemas } from "@docstack/contract";
import type * as Column from "../generated/prisma/enums";

/** A contract enum held by a column whose members Prisma names differently. */
export interface ContractEnum<Value extends string, Name extends string> {
  /** Prisma's member for a contract value: what a handler writes or a query filters on. */
  column(value: Value): Name;
  /** The contract's value for a column's member: what a serializer answers. */
  value(name: Name): Value;
}

type Unreached<Name extends string, Table> = Exclude<Name, Table[keyof Table]>;
/** `unknown` when every Prisma member is some contract value's; else the ones none is (shown by the compiler). */
type ReachesEvery<Name extends string, Table> = [Unreached<Name, Table>] extends [never] ? unknown : { unreachedPrismaMembers: Unreached<Name, Table> };
/** No key beyond the contract's values (a value the contract dropped is named). */
type OnlyContractValues<Value extends string, Table> = { readonly [Extra in Exclude<keyof Table, Value>]: never };

/** A table with a key for every contract value (a missing one is named) and reaching every Prisma member. */
function contractEnum<Value extends string, Name extends string>() {
  return <const Table extends { readonly [V in Value]: Name }>(
    table: Table & ReachesEvery<Name, Table> & OnlyContractValues<Value, Table>,
  ): ContractEnum<Value, Name> => {
    const names: Readonly<Record<Value, Name>> = table;
    const values = new Map<Name, Value>();
    for (const value in names) values.set(names[value], value);
    return { column: (value) => names[value], value: (name) => values.get(name)! };
  };
}

export const reviewStatus = contractEnum<Schemas["ChangeRequestReviewStatus"], Column.ChangeRequestReviewStatus>()({
  "changes-requested": "changes_requested",
  approved: "approved",
});

export const spaceVisibility = contractEnum<Schemas["SpaceVisibility"], Column.SpaceVisibility>()({
  public: "public",
  unlisted: "unlisted",
  "share-link": "share_link",
  "visitor-auth": "visitor_auth",
  "in-collection": "in_collection",
  private: "private",
});

export const siteVisibility = contractEnum<Schemas["SiteVisibility"], Column.SiteVisibility>()({
  public: "public",
  unlisted: "unlisted",
  "share-link": "share_link",
  "visitor-auth": "visitor_auth",
});

export const siteType = contractEnum<Schemas["SiteType"], Column.SiteType>()({
  basic: "basic",
  premium: "premium",
  ultimate: "ultimate",
  sponsored: "sponsored",
  "legacy-basic": "legacy_basic",
  "legacy-premium": "legacy_premium",
});

export const customFieldType = contractEnum<Schemas["CustomFieldType"], Column.CustomFieldType>()({
  text: "text",
  number: "number",
  boolean: "boolean",
  select: "select",
  "multi-select": "multi_select",
});

export const webhookEventType = contractEnum<Schemas["WebhookEventType"], Column.WebhookEventType>()({
  "*": "all",
  "space.created": "space_created",
  "space.deleted": "space_deleted",
  "page.created": "page_created",
  "page.updated": "page_updated",
  "page.deleted": "page_deleted",
  "page.moved": "page_moved",
  "change_request.created": "change_request_created",
  "change_request.merged": "change_request_merged",
  "change_request.closed": "change_request_closed",
  "comment.created": "comment_created",
  "comment.resolved": "comment_resolved",
  "site.published": "site_published",
  "site.unpublished": "site_unpublished",
  "member.added": "member_added",
  "member.removed": "member_removed",
});

export const importRunStatus = contractEnum<Schemas["ContentImportRun"]["status"], Column.ImportRunStatus>()({
  pending: "pending",
  "in-progress": "in_progress",
  completed: "completed",
  failed: "failed",
  cancelled: "cancelled",
});

export const integrationCategory = contractEnum<Schemas["IntegrationCategory"], Column.IntegrationCategory>()({
  analytics: "analytics",
  collaboration: "collaboration",
  content: "content",
  gitsync: "gitsync",
  marketing: "marketing",
  "visitor-auth": "visitor_auth",
  other: "other",
});

type Same<Name extends string, Value extends string> = [Exclude<Name, Value> | Exclude<Value, Name>] extends [never]
  ? true
  : { onlyInPrisma: Exclude<Name, Value>; onlyInContract: Exclude<Value, Name> };
/** Compiles only while Prisma's enum and the contract's hold the same values (the column is then the contract's type). */
function sameValues<Name extends string, Value extends string>(_same: Same<Name, Value>): void {}

sameValues<Column.SpaceEditMode, NonNullable<Schemas["Space"]["editMode"]>>(true);
sameValues<Column.RevisionType, Schemas["Revision"]["type"]>(true);
sameValues<Column.ChangeRequestStatus, Schemas["ChangeRequestStatus"]>(true);
sameValues<Column.CommentStatus, Schemas["CommentStatus"]>(true);
sameValues<Column.OpenApiSpecProcessingState, Schemas["OpenAPISpecProcessingState"]>(true);
sameValues<Column.OpenApiSpecProcessErrorCode, Schemas["OpenAPISpecProcessErrorCode"]>(true);
sameValues<Column.IntegrationInstallationStatus, Schemas["IntegrationInstallationStatus"]>(true);
sameValues<Column.IntegrationVisibility, Schemas["IntegrationVisibility"]>(true);
sameValues<Column.IntegrationTarget, Schemas["IntegrationTarget"]>(true);
sameValues<Column.IntegrationSelection, Schemas["IntegrationInstallation"]["space_selection"]>(true);
sameValues<Column.IntegrationSelection, Schemas["IntegrationInstallation"]["site_selection"]>(true);
sameValues<Column.WebhookDeliveryStatus, Schemas["WebhookDelivery"]["status"]>(true);
sameValues<Column.GitSyncOperationState, Schemas["GitSyncOperationState"]>(true);
sameValues<Column.GitSyncDirection, NonNullable<Schemas["GitSyncState"]["operation"]>["direction"]>(true);
sameValues<Column.OrganizationType, Schemas["Organization"]["type"]>(true);
sameValues<Column.OrganizationPlan, Schemas["Organization"]["plan"]>(true);
sameValues<Column.OrganizationUseCase, NonNullable<Schemas["Organization"]["useCase"]>>(true);
sameValues<Column.OrganizationCommunityType, NonNullable<Schemas["Organization"]["communityType"]>>(true);
sameValues<Column.AuditActorType, Schemas["AuditEventActor"]["type"]>(true);
sameValues<Column.AuditEventSource, Schemas["AuditEvent"]["source"]>(true);
sameValues<Column.TeamRole, Schemas["TeamRole"]>(true);
sameValues<Column.Role, Schemas["Role"]>(true);
// An app session's token is never listed: every other origin is the contract's.
sameValues<Exclude<Column.ApiTokenOrigin, "session">, NonNullable<Schemas["ApiToken"]["origin"]>>(true);
