// A page's Markdown as GitBook takes it in (Git Sync's rules): YAML front matter opening the body sets the page's
// metadata, and a leading `# heading` can stand for its title. Both are taken out of the body.
import type { Schemas } from "@docstack/contract";
import { badRequest } from "../../http/errors";
import { withoutClosingSequence } from "./markdown";
import { yaml } from "./yaml";

/** What a change (or a body's front matter, all but `condition`) may set on a page: the contract's fields. */
export type PageMetadata = Pick<
  Schemas["ChangeRequestUpdatePage"],
  "title" | "description" | "emoji" | "icon" | "hidden" | "noIndex" | "noRobotsIndex" | "condition"
>;

/**
 * Front matter GitBook writes that is not one of the page's metadata fields: the cover (`cover`, a path relative
 * to the file, and `coverY`), the page's `layout`, and any other key, each as written (keys in their order).
 */
export interface PagePresentation {
  cover?: string;
  coverY?: number;
  layout?: unknown;
  /** Keys the layout does not know, kept for the way back. */
  other?: Record<string, unknown>;
}

export interface PageSource {
  /** The body without its front matter (and without the leading heading when `headingTitle` is taken). */
  body: string;
  /** What the front matter sets. */
  metadata: PageMetadata;
  /** The rest of the front matter. */
  presentation: PagePresentation;
  /** The text of a leading `# heading`, when the body opens with one. */
  headingTitle?: string;
  /** The body without the leading heading too. */
  bodyWithoutHeading: string;
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
/** A leading `# heading`'s opening; its text runs to the end of the line (less a closing `#` sequence). */
const LEADING_HEADING = /^\s*#[ \t]+/;
const STRINGS = ["title", "description", "emoji", "icon"] as const;
const FLAGS = ["hidden", "noIndex", "noRobotsIndex"] as const;

/** Reads `markdown`; `field` names it in a 400 (front matter that is not a YAML mapping, or a field of the wrong type). */
export function readPageSource(markdown: string, field: string): PageSource {
  const match = FRONT_MATTER.exec(markdown);
  let metadata: PageMetadata = {};
  let presentation: PagePresentation = {};
  let body = markdown;
  if (match) {
    let data: unknown;
    try {
      data = yaml().parse(match[1] ?? "", { schema: "core", maxAliasCount: 0 });
    } catch (error) {
      throw badRequest("invalid_request", `${field}: the front matter is not valid YAML (${(error as Error).message.split("\n")[0]})`);
    }
    if (data !== null && (typeof data !== "object" || Array.isArray(data)))
      throw badRequest("invalid_request", `${field}: the front matter is not a YAML mapping`);
    metadata = pickMetadata((data ?? {}) as Record<string, unknown>, field);
    presentation = pickPresentation((data ?? {}) as Record<string, unknown>);
    body = markdown.slice(match[0].length);
  }
  const heading = leadingHeading(body);
  return {
    body,
    metadata,
    presentation,
    ...(heading ? { headingTitle: heading.title.slice(0, 255) } : {}),
    bodyWithoutHeading: heading ? body.slice(heading.end).replace(/^\s*\n/, "") : body,
  };
}

/** The body's leading `# heading`: its text and where it ends (after its line break); read by hand, in time linear in the line. */
function leadingHeading(body: string): { title: string; end: number } | undefined {
  const opening = LEADING_HEADING.exec(body);
  if (!opening) return undefined;
  const lineBreak = body.indexOf("\n", opening[0].length);
  const end = lineBreak < 0 ? body.length : lineBreak + 1;
  const line = body.slice(opening[0].length, lineBreak < 0 ? body.length : lineBreak).replace(/\r$/, "");
  const title = withoutClosingSequence(line);
  return title ? { title, end } : undefined;
}

function pickMetadata(data: Record<string, unknown>, field: string): PageMetadata {
  const metadata: PageMetadata = {};
  for (const name of STRINGS) {
    const value = data[name];
    if (value === undefined) continue;
    if (value !== null && typeof value !== "string") throw badRequest("invalid_request", `${field}: the front matter's ${name} must be a string`);
    const limit = name === "title" ? 255 : name === "description" ? 1000 : 50;
    if (typeof value === "string" && value.length > limit)
      throw badRequest("invalid_request", `${field}: the front matter's ${name} is longer than ${limit} characters`);
    if (name === "title") {
      if (value) metadata.title = value;
    } else if (name === "description") metadata.description = value ?? "";
    else metadata[name] = value;
  }
  for (const name of FLAGS) {
    const value = data[name];
    if (value === undefined) continue;
    if (typeof value !== "boolean") throw badRequest("invalid_request", `${field}: the front matter's ${name} must be true or false`);
    metadata[name] = value;
  }
  return metadata;
}

const METADATA_KEYS: ReadonlySet<string> = new Set([...STRINGS, ...FLAGS]);

/** A `cover` or `coverY` of another type is kept as written, with the keys not known. */
function pickPresentation(data: Record<string, unknown>): PagePresentation {
  const presentation: PagePresentation = {};
  const other: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    if (METADATA_KEYS.has(name) || value === undefined) continue;
    if (name === "cover" && typeof value === "string") presentation.cover = value;
    else if (name === "coverY" && typeof value === "number" && Number.isFinite(value)) presentation.coverY = value;
    else if (name === "layout") presentation.layout = value;
    else other[name] = value;
  }
  if (Object.keys(other).length) presentation.other = other;
  return presentation;
}
