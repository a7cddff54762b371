// Collections and spaces share one order among siblings (same organization and
// parent): a float `position`, so placing an item writes only that item, and finding
// its place reads only its neighbours (indexed on organization, parent, position).
import type { Schemas } from "@docstack/contract";
import type { Tx } from "../db/database";
import { badRequest } from "../http/errors";

interface Sibling {
  id: string;
  position: number;
}

const siblingsWhere = (organizationId: string, parentId: string | null, exceptId: string) => ({
  collection: { organizationId, parentId, id: { not: exceptId } },
  space: { organizationId, parentId, deletedAt: null, id: { not: exceptId } },
});

/** The sibling right before (or after) a position, in either table. */
async function neighbour(
  tx: Tx,
  organizationId: string,
  parentId: string | null,
  exceptId: string,
  position: number,
  side: "before" | "after",
): Promise<Sibling | undefined> {
  const where = siblingsWhere(organizationId, parentId, exceptId);
  const bound = side === "before" ? { lt: position } : { gt: position };
  const direction = side === "before" ? "desc" : "asc";
  const select = { id: true, position: true } as const;
  const [collection, space] = await Promise.all([
    tx.collection.findFirst({ where: { ...where.collection, position: bound }, orderBy: { position: direction }, select }),
    tx.space.findFirst({ where: { ...where.space, position: bound }, orderBy: { position: direction }, select }),
  ]);
  const found = [collection, space].filter((item): item is Sibling => item !== null);
  return found.sort((a, b) => (side === "before" ? b.position - a.position : a.position - b.position))[0];
}

/** Gives siblings whole-number positions again, when repeated halving has used up a gap. */
async function renumber(tx: Tx, organizationId: string, parentId: string | null, exceptId: string): Promise<void> {
  const where = siblingsWhere(organizationId, parentId, exceptId);
  const select = { id: true, position: true } as const;
  const all = [...(await tx.collection.findMany({ where: where.collection, select })), ...(await tx.space.findMany({ where: where.space, select }))];
  all.sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1));
  for (const [index, item] of all.entries()) {
    await tx.collection.updateMany({ where: { id: item.id }, data: { position: index + 1 } });
    await tx.space.updateMany({ where: { id: item.id }, data: { position: index + 1 } });
  }
}

/**
 * The position for `itemId` among the children of `parentId`: right before or after
 * the referenced sibling, or last without a position.
 */
export async function placeAmongSiblings(
  tx: Tx,
  organizationId: string,
  parentId: string | null,
  itemId: string,
  position?: Schemas["Position"],
): Promise<number> {
  const reference = position?.before ?? position?.after;
  if (!reference) {
    const last = await neighbour(tx, organizationId, parentId, itemId, Number.POSITIVE_INFINITY, "before");
    return (last?.position ?? 0) + 1;
  }
  const referenceId = reference.type === "space" ? reference.space : reference.collection;
  const side = position?.before ? "before" : "after";
  for (let attempt = 0; attempt < 2; attempt++) {
    const where = siblingsWhere(organizationId, parentId, itemId);
    const anchor =
      reference.type === "space"
        ? await tx.space.findFirst({ where: { ...where.space, id: referenceId }, select: { id: true, position: true } })
        : await tx.collection.findFirst({ where: { ...where.collection, id: referenceId }, select: { id: true, position: true } });
    if (!anchor) throw badRequest("invalid_reference", `request/body/position/${side}: ${reference.type} ${referenceId} is not a sibling at the destination`);
    const next = await neighbour(tx, organizationId, parentId, itemId, anchor.position, side);
    const candidate = next ? (anchor.position + next.position) / 2 : anchor.position + (side === "before" ? -1 : 1);
    if (!next || (candidate !== anchor.position && candidate !== next.position)) return candidate;
    await renumber(tx, organizationId, parentId, itemId);
  }
  throw new Error("Could not find a position between siblings");
}
