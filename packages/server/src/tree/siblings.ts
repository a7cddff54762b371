// Collections and spaces share one order among siblings (same organization and
// parent): a float `position`, so placing an item touches only that item.
import type { Schemas } from "@docstack/contract";
import type { Tx } from "../db/database";
import { badRequest } from "../http/errors";

interface Sibling {
  id: string;
  position: number;
}

async function siblings(tx: Tx, organizationId: string, parentId: string | null, exceptId: string): Promise<Sibling[]> {
  const select = { id: true, position: true } as const;
  const [collections, spaces] = await Promise.all([
    tx.collection.findMany({ where: { organizationId, parentId, id: { not: exceptId } }, select }),
    tx.space.findMany({ where: { organizationId, parentId, deletedAt: null, id: { not: exceptId } }, select }),
  ]);
  return [...collections, ...spaces].sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1));
}

/** Gives siblings whole-number positions again, when repeated halving has used up a gap. */
async function renumber(tx: Tx, all: Sibling[]): Promise<void> {
  for (const [index, item] of all.entries()) {
    item.position = index + 1;
    await tx.collection.updateMany({ where: { id: item.id }, data: { position: item.position } });
    await tx.space.updateMany({ where: { id: item.id }, data: { position: item.position } });
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
  const all = await siblings(tx, organizationId, parentId, itemId);
  const reference = position?.before ?? position?.after;
  if (!reference) return (all[all.length - 1]?.position ?? 0) + 1;
  const referenceId = reference.type === "space" ? reference.space : reference.collection;
  const field = position?.before ? "before" : "after";
  for (let attempt = 0; attempt < 2; attempt++) {
    const index = all.findIndex((item) => item.id === referenceId);
    if (index < 0) {
      throw badRequest(`request/body/position/${field}: ${reference.type} ${referenceId} is not a sibling at the destination`);
    }
    const anchor = all[index] as Sibling;
    const neighbour = all[field === "before" ? index - 1 : index + 1];
    const candidate = neighbour
      ? (anchor.position + neighbour.position) / 2
      : anchor.position + (field === "before" ? -1 : 1);
    if (!neighbour || (candidate !== anchor.position && candidate !== neighbour.position)) return candidate;
    await renumber(tx, all);
  }
  throw new Error("Could not find a position between siblings");
}
