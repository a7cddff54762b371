// A space as GitBook's Git Sync lays it out in a repository, in memory: the page tree with each page's Markdown and
// metadata, the files, and what `.gitbook.yaml` says. Bodies are in the space's form (links to pages as `/path#anchor`,
// to files by their name), so the same tree is what a space's content reads as and what a repository holds.

export type LayoutPageType = "document" | "group" | "link";

export interface LayoutPage {
  type: LayoutPageType;
  title: string;
  /** Its segment of the space's path (and of the repository's file path). */
  slug: string;
  /** A document's body: without front matter and title heading; links to pages as `/path#anchor`, to files by name. */
  markdown?: string;
  /** Where a link page points. */
  href?: string;
  description?: string;
  icon?: string;
  emoji?: string;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  /** The cover image: a file's name (under `.gitbook/assets/`), or the front matter's value as written when it names none. */
  cover?: string;
  /** The cover's vertical offset (`coverY`). */
  coverY?: number;
  /** GitBook's `layout` front matter, as written (its keys in their order). */
  layout?: unknown;
  /** Front matter keys the layout does not know, as written, in their order: kept for the way back. */
  frontMatter?: Record<string, unknown>;
  children: LayoutPage[];
}

export interface LayoutConfig {
  /** Folder of the content in the repository: "" for its top, else ending with "/" (`docs/`). */
  root: string;
  /** File names of the first page and of the table of contents (`structure.readme`, `structure.summary`). */
  readme: string;
  summary: string;
  /** `redirects` of `.gitbook.yaml`: an old path to the file that replaces it. */
  redirects: Record<string, string>;
}

export interface Repository {
  config: LayoutConfig;
  pages: LayoutPage[];
  /** Files by name (their path under `.gitbook/assets/`). */
  files: Map<string, Buffer>;
}

export const DEFAULT_CONFIG: LayoutConfig = { root: "", readme: "README.md", summary: "SUMMARY.md", redirects: {} };
export const ASSETS = ".gitbook/assets/";
export const CONFIG_FILE = ".gitbook.yaml";
