import { childrenIndex, type StoredPage } from "../store/tree";
import { EditedTree } from "./edited-tree";

const at = "2026-01-01T00:00:00.000Z";
const page = (id: string, parent: string | null, slug: string): StoredPage => ({
  id,
  title: slug,
  slug,
  type: "document",
  parent,
  createdAt: at,
  updatedAt: at,
});

function treeOf(pages: StoredPage[]): EditedTree {
  return new EditedTree({ pages, files: [], byId: new Map(pages.map((p) => [p.id, p])), children: childrenIndex(pages) });
}

/** The answers the tree's kept counts must match: its pages' slugs, looked at afresh. */
function slugsOfChildren(pages: readonly StoredPage[], parent: string | null, except?: string): Set<string> {
  return new Set(pages.filter((p) => p.parent === parent && p.id !== except).map((p) => p.slug));
}

describe("an edited tree's sibling slugs", () => {
  it("stay true through inserts, moves, renames, removals and restores", () => {
    const pages = [page("a", null, "guide"), page("b", null, "guide-2"), page("c", "a", "intro"), page("d", "a", "setup")];
    const tree = treeOf(pages);
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor((seed / 2147483648) * n); // the high bits: the low ones of this generator repeat quickly
    };
    const slugs = ["guide", "guide-2", "intro", "setup", "faq"];
    let next = 0;
    const removed: StoredPage[] = [];
    for (let step = 0; step < 400; step++) {
      const ids = [...tree.byId.keys()];
      const parents = [null, ...ids];
      const parent = parents[random(parents.length)]!;
      const target = ids.length ? tree.byId.get(ids[random(ids.length)]!) : undefined;
      const action = random(5);
      if (action === 0 || !target) {
        const slug = tree.slugAmong(parent, slugs[random(slugs.length)]!);
        expect(slugsOfChildren(tree.pages(), parent).has(slug)).toBe(false);
        tree.place(page(`n${next++}`, parent, slug), random(3));
      } else if (action === 1 && !tree.descendantsAndSelf(target.id).has(parent ?? "")) {
        const slug = tree.freeSlug(parent, target.slug, target.id);
        expect(slugsOfChildren(tree.pages(), parent, target.id).has(slug)).toBe(false);
        tree.place({ ...target, parent, slug }, random(3));
      } else if (action === 2) {
        const slug = slugs[random(slugs.length)]!;
        if (!tree.slugTaken(target.parent, slug, target.id)) tree.replace({ ...target, slug });
      } else if (action === 3 && ids.length > 3) {
        for (const id of tree.remove(target.id)) if (id === target.id) removed.push(target);
      } else if (action === 4 && removed.length) {
        // A page removed then restored (restore_page in the same batch) comes back with no sub-pages.
        const back = removed.splice(random(removed.length), 1)[0]!;
        tree.place({ ...back, parent, slug: tree.freeSlug(parent, back.slug) }, undefined);
      }
      const all = tree.pages();
      for (const p of [null, ...tree.byId.keys()]) {
        const actual = slugsOfChildren(all, p);
        for (const slug of slugs) if (tree.slugTaken(p, slug) !== actual.has(slug)) throw new Error(`step ${step}: ${slug} under ${p}`);
        for (const child of all) {
          if (child.parent === p && tree.slugTaken(p, child.slug, child.id) !== slugsOfChildren(all, p, child.id).has(child.slug))
            throw new Error(`step ${step}: ${child.slug} under ${p}, but for ${child.id}`);
        }
      }
    }
    // Every sibling's slug was kept unique, so no two siblings share one.
    const children = childrenIndex(tree.pages());
    for (const list of children.values()) expect(new Set(list.map((p) => p.slug)).size).toBe(list.length);
  });
});
