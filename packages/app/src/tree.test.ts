import { dropMove, keyboardMove, rowWindow, sameRowFacts, scrollToShow, type TreePage, trail, visibleRows, WINDOW_FROM } from "./tree";

const page = (id: string, pages: TreePage[] = [], type = "document"): TreePage => ({ id, title: id.toUpperCase(), type, pages });
// a
// b
//   b1
//   b2
// c (a link: holds no pages)
const pages = [page("a"), page("b", [page("b1"), page("b2")]), page("c", [], "link")];

describe("the page tree's rows", () => {
  it("show sub-pages only under expanded pages, with their depth and place", () => {
    expect(visibleRows(pages, new Set()).map((row) => row.page.id)).toEqual(["a", "b", "c"]);
    const rows = visibleRows(pages, new Set(["b"]));
    expect(rows.map((row) => [row.page.id, row.depth, row.parentId, row.index, row.siblings])).toEqual([
      ["a", 1, null, 0, 3],
      ["b", 1, null, 1, 3],
      ["b1", 2, "b", 0, 2],
      ["b2", 2, "b", 1, 2],
      ["c", 1, null, 2, 3],
    ]);
    expect(rows[1]?.hasChildren).toBe(true);
  });

  it("compare by what they show: rows made anew after an expansion are the same rows", () => {
    const before = visibleRows(pages, new Set());
    const after = visibleRows(pages, new Set(["b"]));
    const byId = (rows: typeof before, id: string) => rows.find((row) => row.page.id === id)!;
    expect(before[0]).not.toBe(after[0]); // new objects every time
    expect(sameRowFacts(byId(before, "a"), byId(after, "a"))).toBe(true);
    expect(sameRowFacts(byId(before, "c"), byId(after, "c"))).toBe(true);
    // A page moved up a place, or renamed (a new page object from the API), is not the same row.
    const moved = visibleRows([page("b", [page("b1"), page("b2")]), pages[0]!, pages[2]!], new Set());
    expect(sameRowFacts(byId(before, "a"), byId(moved, "a"))).toBe(false);
    const renamed = visibleRows([{ ...pages[0]!, title: "A2" }, pages[1]!, pages[2]!], new Set());
    expect(sameRowFacts(byId(before, "a"), byId(renamed, "a"))).toBe(false);
  });

  it("give breadcrumbs from the top down", () => {
    expect(trail(pages, "b2").map((p) => p.id)).toEqual(["b", "b2"]);
    expect(trail(pages, "nope")).toEqual([]);
  });
});

describe("moving a page by keyboard", () => {
  it("moves up and down among its siblings, not past the ends", () => {
    expect(keyboardMove(pages, "b", "up")).toEqual({ page: "b", into: null, at: 0 });
    expect(keyboardMove(pages, "b1", "down")).toEqual({ page: "b1", into: "b", at: 1 });
    expect(keyboardMove(pages, "a", "up")).toBeUndefined();
    expect(keyboardMove(pages, "b2", "down")).toBeUndefined();
  });

  it("indents under the page above (last among its sub-pages), never under a link", () => {
    expect(keyboardMove(pages, "b", "indent")).toEqual({ page: "b", into: "a", at: 0 });
    expect(keyboardMove(pages, "c", "indent")).toEqual({ page: "c", into: "b", at: 2 });
    expect(keyboardMove(pages, "b2", "indent")).toEqual({ page: "b2", into: "b1", at: 0 });
    expect(keyboardMove(pages, "a", "indent")).toBeUndefined();
    expect(keyboardMove([page("l", [], "link"), page("x")], "x", "indent")).toBeUndefined();
  });

  it("outdents to just after its parent", () => {
    expect(keyboardMove(pages, "b1", "outdent")).toEqual({ page: "b1", into: null, at: 2 });
    expect(keyboardMove(pages, "a", "outdent")).toBeUndefined();
  });
});

describe("moving a page by drag and drop", () => {
  it("drops before, after or inside a page, counting the dragged page's own place out", () => {
    expect(dropMove(pages, "a", "c", "before")).toEqual({ page: "a", into: null, at: 1 });
    expect(dropMove(pages, "c", "a", "before")).toEqual({ page: "c", into: null, at: 0 });
    expect(dropMove(pages, "a", "b1", "after")).toEqual({ page: "a", into: "b", at: 1 });
    expect(dropMove(pages, "a", "b", "inside")).toEqual({ page: "a", into: "b", at: 2 });
  });

  it("refuses a drop on itself, into its own sub-pages, or inside a link", () => {
    expect(dropMove(pages, "b", "b", "after")).toBeUndefined();
    expect(dropMove(pages, "b", "b1", "inside")).toBeUndefined();
    expect(dropMove(pages, "a", "c", "inside")).toBeUndefined();
  });
});

describe("a large tree's window", () => {
  it("renders every row of a small tree, and only the rows in view (with a margin) of a large one", () => {
    expect(rowWindow(WINDOW_FROM, 32, 5000, 600)).toEqual({ first: 0, last: WINDOW_FROM });
    expect(rowWindow(5000, 32, 0, 640)).toEqual({ first: 0, last: 30 });
    expect(rowWindow(5000, 32, 3200, 640)).toEqual({ first: 90, last: 130 });
    expect(rowWindow(5000, 32, 5000 * 32 - 640, 640)).toEqual({ first: 4970, last: 5000 });
  });

  it("scrolls as little as needed to show a row whole", () => {
    expect(scrollToShow(5, 32, 0, 640)).toBe(0); // already in view
    expect(scrollToShow(4999, 32, 0, 640)).toBe(5000 * 32 - 640); // to the bottom
    expect(scrollToShow(10, 32, 3200, 640)).toBe(320); // above: to its top
  });
});
