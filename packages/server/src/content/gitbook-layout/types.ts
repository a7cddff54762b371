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
  /** The file it was read from (from the content's root): written back there while its path is `sourcePath` (or always, without one). */
  sourceFile?: string;
  sourcePath?: string;
  /** An imported page's file as it was read. */
  origin?: PageOrigin;
  children: LayoutPage[];
}

/**
 * What a document was imported from, kept so that an export gives the author's bytes back: the file and its text, the
 * page's path then, fingerprints of its metadata and body as read (unchanged: the text is written as it was), and the
 * author's spelling of each link the import rewrote (a link whose target has not moved is written that way again).
 */
export interface PageOrigin {
  file: string;
  /** The page's path in the space when it was read. */
  path: string;
  text: string;
  /** Where the body starts in `text` (after the front matter and the title heading). */
  bodyStart: number;
  /** `metadataKey` of the page as read. */
  metadata: string;
  /** `bodyKey` of its body as read (in the space's form). */
  body: string;
  /** Each link target the import rewrote: its form in the space (`/path#anchor`, a file's name), then the author's. */
  links: [string, string][];
}

/** What the repository's own files said, kept so that an export writes them as they were while what they describe is unchanged. */
export interface RepositoryOrigin {
  /** SUMMARY.md as written, and the table of contents it described (`writeSummary`'s text for the pages as read). */
  summary?: { text: string; written: string };
  /** `.gitbook.yaml` as written, and the configuration it described (`configYaml`'s text). */
  config?: { text: string; written: string };
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
  /** The repository's SUMMARY.md and .gitbook.yaml as read (an imported space's, for its export). */
  origin?: RepositoryOrigin;
  /** Files by name (their path under `.gitbook/assets/`). */
  files: Map<string, Buffer>;
}

export const DEFAULT_CONFIG: LayoutConfig = { root: "", readme: "README.md", summary: "SUMMARY.md", redirects: {} };
export const ASSETS = ".gitbook/assets/";
export const CONFIG_FILE = ".gitbook.yaml";
