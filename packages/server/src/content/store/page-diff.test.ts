import { PagesDraft, pageDiff, pathsKept } from "./page-diff";
import { contentIndex, updatedContentIndex } from "./references";
import { childrenIndex, descendantsAndSelf, type StoredPage, tocOrder } from "./tree";

const at = "2026-01-01T00:00:00.000Z";
const page = (id: string, parent: string | null, slug = id): StoredPage => ({
  id,
  title: id,
  slug,
  type: "document",
  parent,
  document: `doc-${id}`,
  createdAt: at,
  updatedAt: at,
});

/** 200 pages, each under one of the pages before it (or at the root), in table-of-contents order. */
function tree(): StoredPage[] {
  const pages: StoredPage[] = [];
  for (let i = 0; i < 200; i++) pages.push(page(`p${i}`, i % 7 === 0 ? null : `p${(i * 37 + 11) % i}`));
  return tocOrder(pages);
}

const byIdOf = (pages: readonly StoredPage[]) => new Map(pages.map((p) => [p.id, p]));
const sorted = (map: ReadonlyMap<string, string>) => [...map].sort(([a], [b]) => a.localeCompare(b));

describe("a revision's pages against its parent's", () => {
  const before = tree();
  const gone = descendantsAndSelf(before, "p1");
  const after = [
    ...before.filter((p) => !gone.has(p.id)).map((p, i) => (i % 20 === 3 ? { ...p, document: `new-${p.id}` } : p)),
    ...Array.from({ length: 20 }, (_, i) => page(`n${i}`, i % 2 ? `p${i * 3 + 1}` : null, `new-${i}`)).filter((p) => !p.parent || !gone.has(p.parent)),
  ];

  it("are told apart by object: new and changed pages touched, those gone removed", () => {
    expect(gone.size).toBeGreaterThan(3); // a subtree, several levels deep
    const diff = pageDiff(byIdOf(before), byIdOf(after));
    expect(new Set(diff.touched.map((p) => p.id))).toEqual(new Set(after.filter((p) => !before.includes(p)).map((p) => p.id)));
    expect(new Set(diff.removed)).toEqual(gone);
    expect(pageDiff(byIdOf(before), byIdOf(before))).toEqual({ touched: [], removed: [] });
  });

  it("give the paths a full computation gives, derived from the parent's", () => {
    const diff = pageDiff(byIdOf(before), byIdOf(after));
    expect(pathsKept(byIdOf(before), diff)).toBe(true);
    const derived = updatedContentIndex(contentIndex(before, []), byIdOf(after), diff, []);
    const full = contentIndex(after, []);
    expect(sorted(derived.pathById)).toEqual(sorted(full.pathById));
    expect(sorted(derived.pageByPath)).toEqual(sorted(full.pageByPath));
  });

  it("tell a move or a rename, after which paths are computed again", () => {
    const moved = before.map((p) => (p.id === "p8" ? { ...p, parent: null } : p));
    expect(pathsKept(byIdOf(before), pageDiff(byIdOf(before), byIdOf(moved)))).toBe(false);
    const renamed = before.map((p) => (p.id === "p8" ? { ...p, slug: "other" } : p));
    expect(pathsKept(byIdOf(before), pageDiff(byIdOf(before), byIdOf(renamed)))).toBe(false);
  });

  it("keep the draft's indexes and diff in step as pages are replaced", () => {
    const draft = new PagesDraft(after, byIdOf(before));
    const replacements = after.filter((_, i) => i % 9 === 0).map((p) => ({ ...p, document: `again-${p.id}` }));
    draft.replace(replacements);
    expect(draft.pages.map((p) => p.document)).toEqual(after.map((p, i) => (i % 9 === 0 ? `again-${p.id}` : p.document)));
    expect(draft.children).toEqual(childrenIndex(draft.pages));
    expect(draft.byId).toEqual(byIdOf(draft.pages));
    const fresh = pageDiff(byIdOf(before), byIdOf(draft.pages));
    expect(new Set(draft.diff?.touched)).toEqual(new Set(fresh.touched));
    expect(draft.diff?.removed).toEqual(fresh.removed);
  });
});
