// The page tree's logic, kept apart from React: which rows show, and what a keyboard move asks of the API.

export interface TreePage {
  id: string;
  title: string;
  type: string;
  pages?: TreePage[];
}

export interface Row {
  page: TreePage;
  depth: number;
  parentId: string | null;
  /** Place among its siblings (0-based), and how many siblings there are. */
  index: number;
  siblings: number;
  hasChildren: boolean;
}

/** The rows a reader sees: every top-level page, and the sub-pages of expanded ones. */
export function visibleRows(pages: readonly TreePage[], expanded: ReadonlySet<string>, depth = 1, parentId: string | null = null, rows: Row[] = []): Row[] {
  pages.forEach((page, index) => {
    const children = page.pages ?? [];
    rows.push({ page, depth, parentId, index, siblings: pages.length, hasChildren: children.length > 0 });
    if (children.length > 0 && expanded.has(page.id)) visibleRows(children, expanded, depth + 1, page.id, rows);
  });
  return rows;
}

/**
 * Whether two rows show the same: the rows are new objects whenever the rows shown change (a page expanded
 * above), so a memoized row compares their facts, not their objects (a renamed page is a new page object).
 */
export function sameRowFacts(a: Row, b: Row): boolean {
  return (
    a.page === b.page && a.depth === b.depth && a.parentId === b.parentId && a.index === b.index && a.siblings === b.siblings && a.hasChildren === b.hasChildren
  );
}

/** Where a page goes: under `into` (null: the top level), at place `at`. */
export interface Move {
  page: string;
  into: string | null;
  at: number;
}

export type MoveKey = "up" | "down" | "indent" | "outdent";

/** The move a keyboard shortcut makes (Alt+arrows), or undefined when the page cannot go that way. */
export function keyboardMove(pages: readonly TreePage[], pageId: string, key: MoveKey): Move | undefined {
  const found = locate(pages, pageId);
  if (!found) return undefined;
  const { siblings, index, parentId, grandParent } = found;
  switch (key) {
    case "up":
      return index > 0 ? { page: pageId, into: parentId, at: index - 1 } : undefined;
    case "down":
      return index < siblings.length - 1 ? { page: pageId, into: parentId, at: index + 1 } : undefined;
    case "indent": {
      // Under the sibling above, as its last sub-page (a document or group page can hold pages).
      const above = siblings[index - 1];
      if (!above || above.type === "link") return undefined;
      return { page: pageId, into: above.id, at: (above.pages ?? []).length };
    }
    case "outdent":
      return parentId === null || !grandParent ? undefined : { page: pageId, into: grandParent.parentId, at: grandParent.index + 1 };
  }
}

/** The move of a drop: `target` is the row dropped on; `position` says before it, after it or inside it. */
export function dropMove(pages: readonly TreePage[], pageId: string, targetId: string, position: "before" | "after" | "inside"): Move | undefined {
  if (pageId === targetId || isWithin(pages, pageId, targetId)) return undefined;
  const target = locate(pages, targetId);
  if (!target) return undefined;
  if (position === "inside") {
    const page = target.siblings[target.index]!;
    return page.type === "link" ? undefined : { page: pageId, into: targetId, at: (page.pages ?? []).length };
  }
  const dragged = locate(pages, pageId);
  let at = target.index + (position === "after" ? 1 : 0);
  // Among the same siblings, the dragged page's own place is freed first.
  if (dragged && dragged.parentId === target.parentId && dragged.index < at) at -= 1;
  return { page: pageId, into: target.parentId, at };
}

interface Located {
  siblings: readonly TreePage[];
  index: number;
  parentId: string | null;
  grandParent?: { parentId: string | null; index: number };
}

function locate(pages: readonly TreePage[], pageId: string, parentId: string | null = null, grandParent?: Located["grandParent"]): Located | undefined {
  for (const [index, page] of pages.entries()) {
    if (page.id === pageId) return { siblings: pages, index, parentId, ...(grandParent ? { grandParent } : {}) };
    const inside = locate(page.pages ?? [], pageId, page.id, { parentId, index });
    if (inside) return inside;
  }
  return undefined;
}

/** Whether `descendantId` is under `ancestorId`. */
function isWithin(pages: readonly TreePage[], ancestorId: string, descendantId: string): boolean {
  const ancestor = find(pages, ancestorId);
  return ancestor ? find(ancestor.pages ?? [], descendantId) !== undefined : false;
}

export function find(pages: readonly TreePage[], pageId: string): TreePage | undefined {
  for (const page of pages) {
    if (page.id === pageId) return page;
    const inside = find(page.pages ?? [], pageId);
    if (inside) return inside;
  }
  return undefined;
}

/** The pages from the top down to the page (for breadcrumbs); empty when it is not in the tree. */
export function trail(pages: readonly TreePage[], pageId: string): TreePage[] {
  for (const page of pages) {
    if (page.id === pageId) return [page];
    const inside = trail(page.pages ?? [], pageId);
    if (inside.length) return [page, ...inside];
  }
  return [];
}

/** From how many visible rows the tree renders only those in view (and a few around them). */
export const WINDOW_FROM = 200;
const OVERSCAN = 10;

/** The rows [first, last) a windowed tree renders, scrolled to `scrollTop` with `viewHeight` pixels in view. */
export function rowWindow(count: number, rowHeight: number, scrollTop: number, viewHeight: number): { first: number; last: number } {
  if (count <= WINDOW_FROM) return { first: 0, last: count };
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(count, Math.ceil((scrollTop + viewHeight) / rowHeight) + OVERSCAN);
  return { first, last: Math.max(last, Math.min(count, first + 1)) };
}

/** The scroll position that shows row `index` whole, moving as little as possible from `scrollTop`. */
export function scrollToShow(index: number, rowHeight: number, scrollTop: number, viewHeight: number): number {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewHeight) return Math.max(0, top + rowHeight - viewHeight);
  return scrollTop;
}
