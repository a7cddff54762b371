// The store of sites' redirects (SiteRedirect), one module with a narrow write interface
// (`upsertSiteRedirects`, `deleteSiteRedirects`) for whatever writes them: the API's
// site-redirect operations, an import of `.gitbook.yaml` redirects. And the lookup a
// published site makes for a path no page has: the live redirect of the longest source
// matching it (exact before wildcard).
import type { Schemas } from "@docstack/contract";
import type { Tx } from "../db/database";
import { newId } from "../db/ids";
import type { Prisma, SiteRedirect } from "../generated/prisma/client";

type Db = Pick<Tx, "siteRedirect">;
export type RedirectDestination = Schemas["SiteRedirectDestination"];

export interface RedirectInput {
  source: string;
  destination: RedirectDestination;
  draft?: boolean;
  permanent?: boolean;
  captureWildcard?: boolean;
}

export interface UpsertResult {
  status: "created" | "updated";
  id: string;
  source: string;
  draft: boolean;
}

/** Creates or updates the site's redirect of each source (live or draft), in order. */
export async function upsertSiteRedirects(tx: Db, siteId: string, redirects: readonly RedirectInput[], now: Date): Promise<UpsertResult[]> {
  const results: UpsertResult[] = [];
  for (const redirect of redirects) {
    const draft = redirect.draft ?? false;
    const key = { siteId_draft_source: { siteId, draft, source: redirect.source } };
    const existing = await tx.siteRedirect.findUnique({ where: key, select: { id: true } });
    const fields = {
      destination: redirect.destination as Prisma.InputJsonValue,
      ...(redirect.permanent !== undefined ? { permanent: redirect.permanent } : {}),
      ...(redirect.captureWildcard !== undefined ? { captureWildcard: redirect.captureWildcard } : {}),
    };
    if (existing) {
      await tx.siteRedirect.update({ where: { id: existing.id }, data: { ...fields, updatedAt: now, changedAt: now } });
      results.push({ status: "updated", id: existing.id, source: redirect.source, draft });
    } else {
      const id = newId();
      await tx.siteRedirect.create({ data: { id, siteId, source: redirect.source, draft, ...fields, createdAt: now, changedAt: now } });
      results.push({ status: "created", id, source: redirect.source, draft });
    }
  }
  return results;
}

/** Deletes the site's redirect of this source (live or draft): whether there was one. */
export async function deleteSiteRedirect(tx: Db, siteId: string, source: string, draft: boolean): Promise<boolean> {
  const { count } = await tx.siteRedirect.deleteMany({ where: { siteId, source, draft } });
  return count > 0;
}

/** The sources that match a path: itself, then the wildcards of its prefixes, longest first. */
function matchingSources(path: string): string[] {
  const sources = [path];
  for (let end = path.length; end > 1; end--) {
    const prefix = path.slice(0, end);
    sources.push(`${prefix}*`);
    if (prefix.endsWith("/")) sources.push(`${prefix}*`.replace(/\/\*$/, "/*"));
  }
  return [...new Set(sources)];
}

/** The live redirect of a path of the site (exact source, else the longest wildcard source matching it), and the part a wildcard matched. */
export async function liveRedirectFor(db: Db, siteId: string, path: string): Promise<{ redirect: SiteRedirect; rest: string } | undefined> {
  if (!path.startsWith("/") || path.length > 512) return undefined;
  const found = await db.siteRedirect.findMany({ where: { siteId, draft: false, source: { in: matchingSources(path) } } });
  const best = found.sort((a, b) => Number(b.source === path) - Number(a.source === path) || b.source.length - a.source.length)[0];
  if (!best) return undefined;
  // What the wildcard matched, with its leading slash: `/docs/*` (or `/docs*`) matching `/docs/a/b` captured `/a/b`.
  const rest = best.source.endsWith("*") ? path.slice(best.source.slice(0, -1).replace(/\/$/, "").length) : "";
  return { redirect: best, rest };
}

/** A redirect as GitBook's API shows it. */
export function serializeSiteRedirect(redirect: SiteRedirect): Schemas["SiteRedirect"] {
  return {
    object: "site-redirect",
    id: redirect.id,
    source: redirect.source,
    draft: redirect.draft,
    captureWildcard: redirect.captureWildcard,
    permanent: redirect.permanent,
    destination: redirect.destination as RedirectDestination,
    createdAt: redirect.createdAt.toISOString(),
    ...(redirect.updatedAt ? { updatedAt: redirect.updatedAt.toISOString() } : {}),
  };
}
