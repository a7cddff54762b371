// Authorizing a request from its operation's rule, as the contract declares it
// (`x-docstack-policy`, see openapi/policies.yaml): the one `authorize` every operation runs.
import { type OperationId, operationPolicies } from "@docstack/contract";
import { demandContentTokenMayTry, demandContentTokenRead } from "./content-token";
import type { Access, Policy, PolicyKind, PolicyRequest } from "./factory";
import type { Role } from "./roles";

/** A rule of the contract, as src/policy.ts types it. */
export interface Rule {
  readonly on: PolicyKind;
  readonly needs?: string;
  readonly role?: Role;
  readonly self?: string;
  readonly fields?: Readonly<Record<string, readonly string[]>>;
  readonly when?: Readonly<Record<string, unknown>>;
  readonly and?: readonly Rule[];
}

export const ruleOf = (operationId: OperationId): Rule => operationPolicies[operationId] as Rule;

/** The policy of each kind of the contract: wiring/policies.ts makes it, the operation router hands it to `authorize`. */
// biome-ignore lint/suspicious/noExplicitAny: each kind finds its own kind of resource
export type PolicyTable = { readonly [K in PolicyKind]: Policy<K, any> };

type AnyPolicy = Policy<PolicyKind, object>;
const policyOf = (policies: PolicyTable, kind: PolicyKind) => policies[kind] as unknown as AnyPolicy;

function bodyField(request: PolicyRequest, field: string): unknown {
  return request.body && typeof request.body === "object" ? (request.body as Record<string, unknown>)[field] : undefined;
}

/** The checks of one rule on what its policy found: body fields first, then the permission or role. */
function check(policy: AnyPolicy, rule: Rule, request: PolicyRequest, access: Access<PolicyKind, object>): void {
  const { ctx } = request;
  for (const [permission, fields] of Object.entries(rule.fields ?? {})) {
    if (fields.some((field) => bodyField(request, field) !== undefined)) policy.demand(ctx, access, permission as never);
  }
  const self = rule.self !== undefined && request.params.userId === ctx.actor.userId;
  const needs = self ? rule.self : rule.needs;
  if (needs !== undefined) policy.demand(ctx, access, needs as never);
  if (rule.role !== undefined) policy.demandRole(access, rule.role);
}

/**
 * Loads what the rule acts on (404 when the caller cannot see it) and refuses (403, or 409 for
 * a state) before anything changes; then the rule's further rules, on what else the request names.
 * Answers what the operation's own policy found, for its handler.
 */
export async function authorize(policies: PolicyTable, rule: Rule, request: PolicyRequest): Promise<unknown> {
  demandContentTokenMayTry(request.ctx, request.method);
  const policy = policyOf(policies, rule.on);
  const access = await policy.load(request);
  demandContentTokenRead(request.ctx, request.operationId);
  check(policy, rule, request, access);
  for (const further of rule.and ?? []) {
    if (further.when && Object.entries(further.when).some(([field, value]) => bodyField(request, field) !== value)) continue;
    const other = policyOf(policies, further.on);
    if (!other.names(request)) continue;
    check(other, further, request, await other.load(request, access));
  }
  return access;
}
