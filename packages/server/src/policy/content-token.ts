// What a site's content token (auth/content-tokens.ts) may do: read the spaces its site shows its
// reader, with the operations the contract lists for it (`contentTokenReads` of the space kind,
// openapi/policies.yaml), and nothing else. It has no user and no role, so every other policy
// finds nothing it can see (404); a write is refused before anything is looked up, and a read of
// what it can see but may not read (a space's change requests, its members) is refused after.
// Operations open to anyone (`security: []`) have no actor at all: `ctx.actor` is undefined there.
import { type OperationId, policyKinds } from "@docstack/contract";
import type { RequestContext } from "../http/context";
import { forbidden } from "../http/errors";
import type { Level } from "./roles";

const READS: ReadonlySet<string> = new Set(policyKinds.space.contentTokenReads);

/** The level a content token has on a space: `read` on its site's spaces; undefined for any other caller. */
export function contentTokenLevel(ctx: RequestContext, spaceId: string): Level | undefined {
  const scope = ctx.actor?.contentScope;
  if (!scope) return undefined;
  return scope.spaceIds.has(spaceId) ? "read" : null;
}

const refusal = (what: string) =>
  forbidden("content_token_scope", `A site's content token only reads its site's published content (${what}): use an API token`);

/** Before the rule's policy loads anything: a content token never writes. */
export function demandContentTokenMayTry(ctx: RequestContext, method: string | undefined): void {
  if (ctx.actor?.contentScope && method !== "GET" && method !== "HEAD") throw refusal("it writes nothing");
}

/** After the rule's policy found what it acts on, visible to the token: only the reads the contract lists. */
export function demandContentTokenRead(ctx: RequestContext, operationId: OperationId | undefined): void {
  if (ctx.actor?.contentScope && (operationId === undefined || !READS.has(operationId))) throw refusal("this operation is not one of its reads");
}
