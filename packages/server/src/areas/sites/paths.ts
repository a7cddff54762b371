// The URL segments of sites (basename), sections and site spaces (path), made from
// titles when they are created.

const MAX_LENGTH = 100;

/**
 * A segment from a title: lower case, each run of other characters than letters and
 * digits turned into "-" (none at either end); `fallback` when nothing is left.
 */
export function segmentFrom(title: string, fallback: string): string {
  const segment = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_LENGTH)
    .replace(/-+$/, "");
  return segment || fallback;
}

/** `base`, else `base-2`, `base-3`, ...: the first that none of `taken` is, ignoring case. */
export function freeSegment(base: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((segment) => segment.toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "" : `-${n}`;
    const candidate = `${base.slice(0, MAX_LENGTH - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/** Whether `segment` is one of `taken`, ignoring case (paths are unique that way). */
export const isTaken = (segment: string, taken: Iterable<string>) => [...taken].some((other) => other.toLowerCase() === segment.toLowerCase());
