// Who may do what with a collection, and with what is created or moved into one: from the
// caller's level on it (policy/content.ts) and the contract's table (openapi/policies.yaml).
import type { Schemas } from "@docstack/contract";
import type { Collection } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { notFound } from "../../http/errors";
import { collectionLevel, containerLevel, loadCollection } from "../../policy/content";
import { type Access, definePolicy, grantedBy, type PolicyKind, type PolicyRequest, tableOf } from "../../policy/factory";
import type { Level } from "../../policy/roles";

export type CollectionPermissions = Schemas["Collection"]["permissions"];

export const collectionPermissions = (level: Level): CollectionPermissions => grantedBy(tableOf("collection"), level);

/** The collection of the path. */
export const collectionPolicy = definePolicy("collection", {
  what: "Collection",
  find: async ({ ctx, params }) => {
    const collection = await loadCollection(ctx, params.collectionId as string);
    return collection && { collection };
  },
  level: (ctx, { collection }) => collectionLevel(ctx, collection),
});

export type CollectionAccess = Access<"collection", { collection: Collection }>;

/** A collection the caller can see (404 otherwise), checked for a permission (403). */
export async function collectionAccess(ctx: RequestContext, collectionId: string, permission: keyof CollectionPermissions): Promise<CollectionAccess> {
  const access = await collectionPolicy.load({ ctx, params: { collectionId }, body: undefined });
  collectionPolicy.demand(ctx, access, permission);
  return access;
}

/** Where something is created or moved to: a collection of the organization, or (null) its root. */
interface Place {
  organizationId: string;
  parentId: string | null;
}

/**
 * The policy of a container kind: the collection `place` names (it must be a collection of the
 * same organization the caller can see, 404 otherwise), or the organization's root, where the
 * level is the organization role.
 */
function containerPolicy<K extends PolicyKind>(kind: K, place: (request: PolicyRequest, main: unknown) => Place, names?: (request: PolicyRequest) => boolean) {
  return definePolicy(kind, {
    what: "Collection",
    on: ({ collection }: { collection: Collection | null }) => (collection ? "this collection" : "this organization"),
    ...(names ? { names } : {}),
    find: async (request, main) => {
      const { organizationId, parentId } = place(request, main);
      if (!parentId) {
        // At the root: a caller with no level there (a guest) is told, as anyone, that there is no such organization.
        if ((await containerLevel(request.ctx, organizationId, null)) === null) throw notFound("Organization");
        return { organizationId, collection: null };
      }
      const { collection } = await collectionPolicy.load({ ...request, params: { collectionId: parentId } });
      return collection.organizationId === organizationId ? { organizationId, collection } : null;
    },
    level: (ctx, { organizationId, collection }: { organizationId: string; collection: Collection | null }) => containerLevel(ctx, organizationId, collection),
  });
}

const bodyParent = ({ body }: PolicyRequest) => (body as { parent?: string | null } | undefined)?.parent;
const organizationOf = (main: unknown) => {
  const { space, collection } = main as { space?: { organizationId: string }; collection?: { organizationId: string } };
  return (space ?? collection)?.organizationId as string;
};

/** Creating in the collection `parent` names, or at the organization's root. */
export const containerPolicyOfBody = containerPolicy("container", (request) => ({
  organizationId: request.params.organizationId as string,
  parentId: bodyParent(request) ?? null,
}));

/** Moving into the collection `parent` names (null: the root), when it is sent. */
export const destinationPolicy = containerPolicy(
  "destination",
  (request, main) => ({ organizationId: organizationOf(main), parentId: bodyParent(request) ?? null }),
  (request) => bodyParent(request) !== undefined,
);

/** Where the space of the path is (a copy goes there). */
export const spaceContainerPolicy = containerPolicy("spaceContainer", (_request, main) => {
  const { space } = main as { space: { organizationId: string; parentId: string | null } };
  return { organizationId: space.organizationId, parentId: space.parentId };
});

/** The root of the organization of the path. */
export const organizationRootPolicy = containerPolicy("organizationRoot", ({ params }) => ({
  organizationId: params.organizationId as string,
  parentId: null,
}));
