// The one policy factory. Every kind of resource an operation acts on (openapi/policies.yaml)
// gets its policy here: how to find it from the request, the caller's level on it, and from
// that level and the kind's table (declared in the contract) its permissions. Requests are
// authorized from these (policy/rules.ts), and responses' `permissions` booleans come from
// the same functions.
import { type OperationId, policyKinds } from "@docstack/contract";
import type { RequestContext } from "../http/context";
import { type ApiError, absent, forbidden, notFound } from "../http/errors";
import { type Level, type Role, reaches } from "./roles";

export type PolicyKind = keyof typeof policyKinds;
type KindTable<K extends PolicyKind> = (typeof policyKinds)[K]["permissions"];
export type PermissionOf<K extends PolicyKind> = keyof KindTable<K> & string;
export type Permissions<K extends PolicyKind> = Record<PermissionOf<K>, boolean>;

/** What a policy reads of a request (any operation's). */
export interface PolicyRequest {
  ctx: RequestContext;
  /** The operation and its HTTP method (what a site's content token may make depends on them: policy/content-token.ts). */
  operationId?: OperationId;
  method?: string;
  params: Record<string, string>;
  body: unknown;
}

/** What a policy hands the handler: what it found, the caller's level there and their permissions. */
export type Access<K extends PolicyKind, Found> = Found & { level: Level; permissions: Permissions<K> };

/** The least level of each permission of a kind ("author": only authors, see `author`). */
export function tableOf<K extends PolicyKind>(kind: K): Readonly<Record<PermissionOf<K>, Level | "author">> {
  return policyKinds[kind].permissions as Record<PermissionOf<K>, Level | "author">;
}

/** Each permission of the table the level reaches. */
export function grantedBy<P extends string>(table: Readonly<Record<P, Level | "author">>, level: Level): Record<P, boolean> {
  const permissions = {} as Record<P, boolean>;
  for (const permission of Object.keys(table) as P[]) {
    const least = table[permission];
    permissions[permission] = least !== "author" && least !== null && reaches(level, least);
  }
  return permissions;
}

export interface PolicySpec<K extends PolicyKind, Found extends object> {
  /** Names the resource in the 404 ("Space not found"). */
  what: string;
  /** What a 403 says the level is missing on ("this space"); default from `what`. */
  on?: string | ((found: Found) => string);
  /** Whether the request names such a resource at all; a further rule on one it does not name is not checked. */
  names?: (request: PolicyRequest) => boolean;
  /** The resource the request names, or null (404). `main` is what the operation's own rule found. */
  find: (request: PolicyRequest, main: unknown) => Promise<Found | null>;
  /**
   * True when `find` answers null only for a resource missing from a place the caller can see (it throws the
   * place's own 404 first): then a DELETE of it answers 204 (`absent`). Not for resources named by their ID alone.
   */
  inVisiblePlace?: true;
  /** The caller's level on it; null: none. */
  level: (ctx: RequestContext, found: Found) => Level | Promise<Level>;
  /** Whether the caller may know it exists (404 otherwise); default: they have a level on it. */
  visible?: (ctx: RequestContext, found: Found, level: Level) => boolean;
  /** Its permissions; default: granted by the level from the kind's table. */
  permissions?: (ctx: RequestContext, found: Found, level: Level) => Permissions<K>;
  /** The refusal of a permission the caller does not have, when not the default 403 (a 409 for a state). */
  refuse?: (ctx: RequestContext, access: Access<K, Found>, permission: PermissionOf<K>) => ApiError | undefined;
}

export interface Policy<K extends PolicyKind, Found extends object> {
  kind: K;
  names: (request: PolicyRequest) => boolean;
  /** The resource the request names, when the caller may see it (404 otherwise), with their level and permissions. */
  load: (request: PolicyRequest, main?: unknown) => Promise<Access<K, Found>>;
  /** The permissions a level gives on a found resource (for responses' `permissions`). */
  permissionsOf: (ctx: RequestContext, found: Found, level: Level) => Permissions<K>;
  /** 403 (or the policy's own refusal) unless the access has the permission. */
  demand: (ctx: RequestContext, access: Access<K, Found>, permission: PermissionOf<K>) => void;
  /** 403 unless the caller's level is at least the role, whatever the resource's state. */
  demandRole: (access: Access<K, Found>, role: Role) => void;
}

/** What a policy of no resource finds (the caller's own account, a request anyone may make): nothing, open to all. */
export const NOTHING_TO_FIND = { find: async () => ({}), level: (): Level => "guest" } as const;

/** The role a 403 names: the least level of the permission, in the words of a role. */
const roleName = (least: Level | "author") => (least === "guest" || least === null ? "member" : least);

export function definePolicy<K extends PolicyKind, Found extends object>(kind: K, spec: PolicySpec<K, Found>): Policy<K, Found> {
  const table = tableOf(kind);
  const on = (found: Found) => (typeof spec.on === "function" ? spec.on(found) : (spec.on ?? `this ${spec.what.toLowerCase()}`));
  const permissionsOf = (ctx: RequestContext, found: Found, level: Level) => spec.permissions?.(ctx, found, level) ?? grantedBy(table, level);
  return {
    kind,
    names: spec.names ?? (() => true),
    permissionsOf,
    load: async (request, main) => {
      const found = await spec.find(request, main);
      const level = found ? await spec.level(request.ctx, found) : null;
      if (!found && spec.inVisiblePlace) throw absent(spec.what, kind);
      if (!found || !(spec.visible ? spec.visible(request.ctx, found, level) : level !== null)) throw notFound(spec.what);
      return Object.assign(found, { level, permissions: permissionsOf(request.ctx, found, level) });
    },
    demand: (ctx, access, permission) => {
      if (access.permissions[permission]) return;
      throw (
        spec.refuse?.(ctx, access, permission) ??
        forbidden("role_required", `Your role does not allow this: it needs the ${roleName(table[permission])} role or more on ${on(access)}`)
      );
    },
    demandRole: (access, role) => {
      if (!reaches(access.level, role)) throw forbidden("role_required", `Your role does not allow this: it needs the ${role} role or more on ${on(access)}`);
    },
  };
}

/**
 * The policy of a kind found inside another (a change request in its space, a section in its
 * site): the parent's policy first (404 when the caller cannot see it), then the item, which must
 * be the parent's (404 naming `what` otherwise); the caller's level, permissions and refusals are
 * the parent's.
 */
export function definePolicyWithin<K extends PolicyKind, P extends PolicyKind, ParentFound extends object, Item extends object>(
  kind: K,
  parent: Policy<P, ParentFound>,
  spec: { what: string; find: (request: PolicyRequest, parent: Access<P, ParentFound>) => Promise<Item | null> },
): Policy<K, ParentFound & Item> {
  type Within = Access<K, ParentFound & Item>;
  const asParent = (access: Within) => access as unknown as Access<P, ParentFound>;
  return {
    kind,
    names: () => true,
    permissionsOf: (ctx, found, level) => parent.permissionsOf(ctx, found, level) as unknown as Permissions<K>,
    load: async (request, main) => {
      const access = await parent.load(request, main);
      const item = await spec.find(request, access);
      if (!item) throw absent(spec.what, kind);
      return Object.assign(access, item) as unknown as Within;
    },
    demand: (ctx, access, permission) => parent.demand(ctx, asParent(access), permission as unknown as PermissionOf<P>),
    demandRole: (access, role) => parent.demandRole(asParent(access), role),
  };
}
