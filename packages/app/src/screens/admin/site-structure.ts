// A site's top level as its admin screen shows it: sections outside groups and section groups share one order,
// which the API gives only through the sections' list (a group's sections stand where the group stands). And
// the one API move that swaps two neighbours there (a section cannot be placed next to a group: the group moves).
import type { Schemas } from "@docstack/sdk";

type Section = Schemas["SiteSection"];
type Group = Schemas["SiteSectionGroup"];

export type TopItem = { kind: "section"; id: string; section: Section } | { kind: "group"; id: string; group: Group };

export interface Structure {
  /** Sections outside groups and groups holding sections, in the site's order. */
  top: TopItem[];
  /** Groups holding no section: no read gives their place among the others, so they are shown apart. */
  empty: Group[];
}

export function structureOf(sections: readonly Section[], groups: readonly Group[]): Structure {
  const byId = new Map(groups.map((group) => [group.id, group]));
  const placed = new Set<string>();
  const top: TopItem[] = [];
  for (const section of sections) {
    const group = section.sectionGroup ? byId.get(section.sectionGroup) : undefined;
    if (!group) top.push({ kind: "section", id: section.id, section });
    else if (!placed.has(group.id)) {
      placed.add(group.id);
      top.push({ kind: "group", id: group.id, group });
    }
  }
  return { top, empty: groups.filter((group) => !placed.has(group.id) && group.sections.length === 0) };
}

export type Move =
  | { kind: "section"; id: string; position: Schemas["SiteSectionPosition"] }
  | { kind: "group"; id: string; position: Schemas["SiteSectionGroupPosition"] };

const reference = (item: TopItem) => ({ type: item.kind === "group" ? ("site-section-group" as const) : ("site-section" as const), id: item.id });

/** The move putting `below` before `above`, its neighbour at the top of the site. */
export function swapAtTop(above: TopItem, below: TopItem): Move {
  if (below.kind === "group") return { kind: "group", id: below.id, position: { before: reference(above) } };
  if (above.kind === "group") return { kind: "group", id: above.id, position: { after: reference(below) } };
  return swapSections(above.id, below.id);
}

/** The move putting the section `below` before its sibling `above` (at the top, or in the same group). */
export const swapSections = (above: string, below: string): Move => ({
  kind: "section",
  id: below,
  position: { before: { type: "site-section", siteSection: above } },
});
