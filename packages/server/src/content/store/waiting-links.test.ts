import type { StoredLink } from "./links";
import { contentIndex } from "./references";
import type { StoredPage } from "./tree";
import { appearedTargets, deriveWaitingIndex, pagesWaitingFor, waitingIndex } from "./waiting-links";

const at = "2026-01-01T00:00:00.000Z";
const page = (id: string, slug = id, parent: string | null = null): StoredPage => ({
  id,
  title: id,
  slug,
  type: "document",
  parent,
  createdAt: at,
  updatedAt: at,
});
const waiting = (pageId: string, url: string): StoredLink => ({ page: pageId, target: { kind: "url", url }, relation: "reference", status: "broken" });
const external = (pageId: string, url: string): StoredLink => ({ page: pageId, target: { kind: "url", url }, relation: "reference", status: "ok" });

describe("links waiting for their target", () => {
  const links = new Map([
    ["a", [waiting("a", "/guides/install#step"), external("a", "https://example.com"), waiting("a", "diagram.png")]],
    ["b", [waiting("b", "/guides/install")]],
    ["c", [waiting("c", "/other")]],
  ]);

  it("are indexed by the page path or file name they name", () => {
    const index = waitingIndex(links);
    expect([...index].map(([named, pages]) => [named, [...pages].sort()])).toEqual([
      ["page:guides/install", ["a", "b"]],
      ["file:diagram.png", ["a"]],
      ["page:other", ["c"]],
    ]);
    expect(waitingIndex(links)).toBe(index);
  });

  it("are found by what a revision brings: new paths (moves and renames too) and new files' names", () => {
    const before = contentIndex([page("guides"), page("x", "setup", "guides")], []);
    const after = contentIndex(
      [page("guides"), page("x", "install", "guides")],
      [{ id: "f", name: "diagram.png", contentType: "image/png", blob: "", size: 1 }],
    );
    const appeared = appearedTargets(after, before, ["x"]);
    expect(appeared).toEqual(["page:guides/install", "file:diagram.png"]);
    expect([...pagesWaitingFor(waitingIndex(links), appeared)].sort()).toEqual(["a", "b"]);
  });

  it("are kept indexed from one revision to the next by looking at the pages relinked only, the parent's index unchanged", () => {
    const parent = waitingIndex(links);
    const next = new Map(links);
    next.set("b", []);
    next.set("d", [waiting("d", "/other")]);
    deriveWaitingIndex(links, next, ["b", "d"]);
    expect([...waitingIndex(next)].map(([named, pages]) => [named, [...pages].sort()])).toEqual([
      ["page:guides/install", ["a"]],
      ["file:diagram.png", ["a"]],
      ["page:other", ["c", "d"]],
    ]);
    expect([...parent.get("page:guides/install")!].sort()).toEqual(["a", "b"]);
  });
});
