// A page's cover, layout and other front matter between the layout's page (values as the YAML read them) and the
// stored page (the layout and the other keys as JSON text, so that merges compare them as they compare any field).
import type { PagePresentation } from "../format/page-source";
import type { StoredPage } from "../store/tree";
import type { LayoutPage } from "./types";

export type StoredPresentation = Pick<StoredPage, "cover" | "coverY" | "layout" | "frontMatter">;

export function storedPresentation(page: Pick<LayoutPage, "cover" | "coverY" | "layout" | "frontMatter">): StoredPresentation {
  return {
    ...(page.cover !== undefined ? { cover: page.cover } : {}),
    ...(page.coverY !== undefined ? { coverY: page.coverY } : {}),
    ...(page.layout !== undefined ? { layout: JSON.stringify(page.layout) } : {}),
    ...(page.frontMatter ? { frontMatter: JSON.stringify(page.frontMatter) } : {}),
  };
}

/** What a body's front matter sets beyond the page's metadata fields (cover, coverY, layout, other keys), to store. */
export const frontMatterPresentation = ({ cover, coverY, layout, other }: PagePresentation): StoredPresentation =>
  storedPresentation({ cover, coverY, layout, ...(other ? { frontMatter: other } : {}) });

export function layoutPresentation(page: StoredPage): Partial<LayoutPage> {
  return {
    ...(page.cover !== undefined ? { cover: page.cover } : {}),
    ...(page.coverY !== undefined ? { coverY: page.coverY } : {}),
    ...(page.layout !== undefined ? { layout: JSON.parse(page.layout) } : {}),
    ...(page.frontMatter !== undefined ? { frontMatter: JSON.parse(page.frontMatter) as Record<string, unknown> } : {}),
  };
}
