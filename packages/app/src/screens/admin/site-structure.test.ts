import type { Schemas } from "@docstack/sdk";
import { structureOf, swapAtTop } from "./site-structure";

const section = (id: string, sectionGroup?: string) => ({ id, title: id, sectionGroup }) as Schemas["SiteSection"];
const group = (id: string, sections: Schemas["SiteSection"][]) => ({ id, title: id, sections }) as Schemas["SiteSectionGroup"];

describe("a site's top level", () => {
  const a = section("a");
  const b1 = section("b1", "B");
  const b2 = section("b2", "B");
  const c = section("c");
  const structure = structureOf([a, b1, b2, c], [group("B", [b1, b2]), group("E", [])]);

  it("places a group where its first section stands, and empty groups apart", () => {
    expect(structure.top.map((item) => `${item.kind}:${item.id}`)).toEqual(["section:a", "group:B", "section:c"]);
    expect(structure.empty.map((item) => item.id)).toEqual(["E"]);
  });

  it("swaps neighbours with the move the API accepts: a group moves, never a section next to a group", () => {
    const [itemA, itemB, itemC] = structure.top as [never, never, never];
    expect(swapAtTop(itemA, itemB)).toEqual({ kind: "group", id: "B", position: { before: { type: "site-section", id: "a" } } });
    expect(swapAtTop(itemB, itemC)).toEqual({ kind: "group", id: "B", position: { after: { type: "site-section", id: "c" } } });
    expect(swapAtTop(itemA, itemC)).toEqual({ kind: "section", id: "c", position: { before: { type: "site-section", siteSection: "a" } } });
  });
});
