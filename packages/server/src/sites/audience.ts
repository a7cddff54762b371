// What a reader may see of a site: the one place that decides it. Its key is part of
// every cache key of rendered pages, so two readers who may see different things never
// share an answer. Today: a published `public` or `unlisted` site is readable by anyone;
// `share-link` and `visitor-auth` sites answer 404 until share keys and visitor tokens are
// checked here (they will add to the key what decides visibility, never the raw secret);
// sections and site spaces with a `condition` are hidden on sites with adaptive content
// until conditions are evaluated here.
import type { Audience } from "@docstack/sites";
import type { Site } from "../generated/prisma/client";

export interface ReaderAudience extends Audience {
  /** Whether a section or site space with this condition is shown. */
  admits(condition: string | null): boolean;
}

/** What the reader of this request may see of the site; undefined when nothing (the site answers 404). */
export function audienceFor(
  site: Pick<Site, "published" | "visibility" | "adaptiveContent">,
  _request: { query: URLSearchParams },
): ReaderAudience | undefined {
  if (!site.published) return undefined;
  if (site.visibility !== "public" && site.visibility !== "unlisted") return undefined;
  // Conditions apply only with adaptive content; until they are evaluated, an item with one is not shown.
  return { key: "anyone", admits: (condition) => !site.adaptiveContent || !condition };
}
