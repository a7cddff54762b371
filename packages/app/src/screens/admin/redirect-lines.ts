// A pasted list (or CSV file) of redirects, one `source,destination` a line, checked line by line before anything
// is sent: every failing line is named, and a list with any is not sent at all (nothing half-applied by us).
// The destination is an http(s) URL, or a page's path (`/guides/install`) in the space chosen beside the list.

/** The contract's SiteRedirectSourcePath (openapi/site-redirects/schemas.yaml), checked here to name the line. */
const SOURCE = /^\/(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+(?:\/(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+)*(?:\/\*|\*)?$/;
/** The bulk operation's limit (BulkUpsertSiteRedirectsRequest's maxItems). */
export const MAX_REDIRECTS = 500;

export type Destination = { kind: "external"; url: string } | { kind: "path"; spaceId: string; path: string };
export interface RedirectLine {
  line: number;
  source: string;
  destination: Destination;
}
export interface LineProblem {
  /** 1-based, as an editor numbers them; 0 for the list as a whole. */
  line: number;
  text: string;
  problem: string;
}

const unquote = (field: string) =>
  field
    .trim()
    .replace(/^"(.*)"$/, "$1")
    .trim();

function destinationOf(value: string, spaceId: string | undefined): Destination | string {
  if (/^https?:\/\//i.test(value)) {
    if (value.length > 2048) return "the URL is longer than 2,048 characters";
    try {
      new URL(value);
      return { kind: "external", url: value };
    } catch {
      return "the destination is not a valid URL";
    }
  }
  if (value.startsWith("/")) {
    if (!spaceId) return "a page path needs a space: add a space to the site first";
    const path = value.replace(/^\/+/, "");
    return path ? { kind: "path", spaceId, path } : "the destination names no page";
  }
  return "the destination must be an http(s) URL or a page path starting with /";
}

/** One line read: its redirect, or why it cannot be one. */
function redirectOf(text: string, spaceId: string | undefined, seen: Map<string, number>): Omit<RedirectLine, "line"> | string {
  const fields = text.split(",").map(unquote);
  if (fields.length !== 2) return "expected two fields, source,destination";
  const [source, target] = fields as [string, string];
  if (source.length > 512 || !SOURCE.test(source)) return "the source must be a path such as /old/page (letters, digits, - . _ ~ +; may end with *)";
  const earlier = seen.get(source);
  if (earlier !== undefined) return `${source} is already on line ${earlier}`;
  const destination = destinationOf(target, spaceId);
  return typeof destination === "string" ? destination : { source, destination };
}

export function parseRedirectLines(text: string, spaceId: string | undefined): { redirects: RedirectLine[]; problems: LineProblem[] } {
  const redirects: RedirectLine[] = [];
  const problems: LineProblem[] = [];
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (!trimmed || trimmed.startsWith("#") || /^"?source"?\s*,\s*"?destination"?$/i.test(trimmed)) return;
    const read = redirectOf(trimmed, spaceId, seen);
    if (typeof read === "string") problems.push({ line, text: trimmed, problem: read });
    else {
      seen.set(read.source, line);
      redirects.push({ line, ...read });
    }
  });
  if (redirects.length + problems.length > MAX_REDIRECTS) {
    problems.unshift({ line: 0, text: "", problem: `at most ${MAX_REDIRECTS} redirects at a time: split the list` });
  }
  return { redirects, problems };
}
