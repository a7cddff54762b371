// The tree as the app works with it, from the API's page tree: ID, title, type and sub-pages.
import type { Schemas } from "@docstack/sdk";
import type { TreePage } from "./tree";

type ApiPage = Schemas["PageTree"]["pages"][number];

export function toTree(pages: readonly ApiPage[]): TreePage[] {
  return pages.map((page) => {
    const children = "pages" in page && Array.isArray(page.pages) ? toTree(page.pages as ApiPage[]) : [];
    return { id: page.id, title: page.title, type: page.type, pages: children };
  });
}
