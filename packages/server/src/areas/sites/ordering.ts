// Siblings in a site (site spaces of a section, sections of a group, the sections and
// groups at the top of the site) are ordered by a float `position`, as collections and
// spaces are (src/tree/siblings.ts): placing items writes only them, between their new
// neighbours, until repeated halving leaves no room and the siblings are renumbered.
// Sites are small, so the siblings are read whole and the places computed in memory.
import { badRequest } from "../../http/errors";

export interface Positioned {
  id: string;
  position: number;
}

/**
 * The positions to write so that `ids`, in order, stand at `index` among `siblings`
 * (in order, without `ids`): only theirs, or, when there is no room left between the
 * neighbours there, those of every sibling.
 */
export function positionsAt(siblings: readonly Positioned[], index: number, ids: readonly string[]): Map<string, number> {
  const before = siblings[index - 1]?.position;
  const after = siblings[index]?.position;
  const low = before ?? (after === undefined ? 0 : after - ids.length - 1);
  const high = after ?? low + ids.length + 1;
  const step = (high - low) / (ids.length + 1);
  const positions = ids.map((_, i) => low + step * (i + 1));
  const increasing = [low, ...positions, high].every((position, i, all) => i === 0 || position > all[i - 1]!);
  if (increasing) return new Map(ids.map((id, i) => [id, positions[i]!]));
  const order = [...siblings.slice(0, index).map((s) => s.id), ...ids, ...siblings.slice(index).map((s) => s.id)];
  return new Map(order.map((id, i) => [id, i + 1]));
}

/** The position after the last sibling. */
export const positionAfterLast = (siblings: readonly Positioned[]) => Math.max(0, ...siblings.map((s) => s.position)) + 1;

/**
 * Where `position.before` or `position.after` places an item among `siblings` (without
 * the item): the index right before or after the sibling the reference `matches`.
 * A reference matching none (another container's item, the item itself, an unknown ID)
 * answers 400, naming the reference by `field` and `idOf`.
 */
export function indexNextTo<R, S extends Positioned>(
  siblings: readonly S[],
  position: { before?: R; after?: R } | undefined,
  reference: { matches: (reference: R, sibling: S) => boolean; idOf: (reference: R) => string; field: string },
): number {
  // No position: after the last sibling (GitBook's default).
  if (!position) return siblings.length;
  const side = position.before !== undefined ? "before" : "after";
  const given = (position.before ?? position.after) as R;
  const index = siblings.findIndex((sibling) => reference.matches(given, sibling));
  if (index < 0) {
    throw badRequest(
      "invalid_reference",
      `request/body/position/${side}/${reference.field}: ${reference.idOf(given)} is not a sibling of the item moved (or is the item itself)`,
    );
  }
  return side === "before" ? index : index + 1;
}
