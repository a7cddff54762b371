// GitBook's site redirects: a path of a published site answered with 308 (permanent) or
// 307 to a page, a site space or section, or another URL. Written through the store's
// narrow interface (sites/redirects.ts); served by the published site (sites/published-sites.ts).
import type { Schemas } from "@docstack/contract";
import type { Db, Tx } from "../../db/database";
import type { Organization, Site } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/errors";
import { listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import type { SortField } from "../../http/pagination";
import { readAt } from "../../models/sites/urls";
import { deleteSiteRedirect, liveRedirectFor, type RedirectDestination, serializeSiteRedirect, upsertSiteRedirects } from "../../site-reader/redirects";

const ORDERS: Record<"createdAt" | "updatedAt" | "source", SortField[]> = {
  createdAt: [
    { field: "createdAt", direction: "desc" },
    { field: "id", direction: "desc" },
  ],
  updatedAt: [
    { field: "changedAt", direction: "desc" },
    { field: "id", direction: "desc" },
  ],
  source: [
    { field: "source", direction: "asc" },
    { field: "id", direction: "asc" },
  ],
};

/**
 * A destination as stored: a page given by its path in one of the site's spaces becomes that page (`site-page`).
 * Read through `db`: inside a transaction, its own (the embedded database runs one transaction at a time, so a read
 * outside it would wait for it).
 */
async function storedDestination(db: Db | Tx, site: Site, destination: Schemas["SiteRedirectInputDestination"]): Promise<RedirectDestination> {
  if (destination.kind !== "path") return destination;
  const siteSpace = await db.siteSpace.findFirst({ where: { siteId: site.id, spaceId: destination.spaceId }, select: { id: true } });
  if (!siteSpace) throw badRequest("invalid_reference", "request/body/destination: the destination's space is not one of the site's");
  const page = await db.spacePage.findFirst({ where: { spaceId: destination.spaceId, path: destination.path.replace(/^\/+|\/+$/g, "") } });
  if (!page) throw badRequest("invalid_reference", "request/body/destination: no page of the destination's space has this path");
  return { kind: "site-page", siteSpaceId: siteSpace.id, pageId: page.pageId };
}

/** Where the published site sends a reader opening the source: what it answers for that URL (anyone's view). */
async function targetOf(ctx: RequestContext, site: Site, organization: Organization, source: string): Promise<string | undefined> {
  const url = new URL(`${readAt(ctx, site, organization).replace(/\/+$/, "")}${source}`);
  const answer = await ctx.sites.answer({
    protocol: url.protocol.slice(0, -1),
    host: url.host,
    hostname: url.hostname,
    path: url.pathname,
    query: new URLSearchParams(),
    ifNoneMatch: undefined,
    cookie: undefined,
  });
  return answer?.kind === "redirect" && answer.status ? new URL(answer.location, url).toString() : undefined;
}

const uniqueViolation = (error: unknown) => (error as { code?: string }).code === "P2002";

export const siteRedirectsOperations = {
  listSiteRedirects: defineOperation("listSiteRedirects", {
    handle: async (request, { site }) => {
      const { ctx, query } = request;
      const order = ORDERS[query.orderBy ?? "createdAt"];
      const where = { siteId: site.id, draft: query.draft ?? false, ...(query.search ? { source: { contains: query.search } } : {}) };
      const body = await listRows(request, {
        model: ctx.prisma.siteRedirect,
        where,
        order,
        serialize: (redirects) => redirects.map(serializeSiteRedirect),
      });
      return { status: 200, body };
    },
  }),

  createSiteRedirect: defineOperation("createSiteRedirect", {
    handle: async ({ ctx, body }, { site }) => {
      const destination = await storedDestination(ctx.prisma, site, body.destination);
      const draft = body.draft ?? false;
      if (await ctx.prisma.siteRedirect.findUnique({ where: { siteId_draft_source: { siteId: site.id, draft, source: body.source } } })) {
        throw conflict("already_exists", "The site has a redirect of this source already");
      }
      const [created] = await upsertSiteRedirects(
        ctx.prisma,
        site.id,
        [{ source: body.source, destination, draft, permanent: body.permanent ?? false, captureWildcard: body.captureWildcard ?? false }],
        ctx.clock.now(),
      );
      const redirect = await ctx.prisma.siteRedirect.findUniqueOrThrow({ where: { id: created!.id } });
      return { status: 201, body: serializeSiteRedirect(redirect) };
    },
  }),

  bulkUpsertSiteRedirects: defineOperation("bulkUpsertSiteRedirects", {
    handle: async ({ ctx, body }, { site }) => {
      const now = ctx.clock.now();
      const results = await ctx.prisma.$transaction(async (tx) => {
        const out: Schemas["BulkUpsertSiteRedirectsResult"]["results"] = [];
        for (const item of body.redirects) {
          if (item.intent === "publish") {
            const draft = await tx.siteRedirect.findUnique({ where: { siteId_draft_source: { siteId: site.id, draft: true, source: item.source } } });
            if (!draft) {
              out.push({ status: "error", source: item.source, draft: true, error: "The site has no draft redirect of this source" });
              continue;
            }
            const input = {
              source: item.source,
              destination: draft.destination as RedirectDestination,
              permanent: draft.permanent,
              captureWildcard: draft.captureWildcard,
            };
            const [live] = await upsertSiteRedirects(tx, site.id, [input], now);
            await deleteSiteRedirect(tx, site.id, item.source, true);
            out.push({ status: "published", source: item.source, draft: false, id: live!.id });
            continue;
          }
          const draft = item.intent === "draft";
          if (item.destination === null || item.destination === undefined) {
            if (await deleteSiteRedirect(tx, site.id, item.source, draft)) out.push({ status: "deleted", source: item.source, draft });
            else out.push({ status: "error", source: item.source, draft, error: "The site has no redirect of this source" });
            continue;
          }
          let destination: RedirectDestination;
          try {
            destination = await storedDestination(tx, site, item.destination);
          } catch (error) {
            out.push({ status: "error", source: item.source, draft, error: (error as Error).message });
            continue;
          }
          const [result] = await upsertSiteRedirects(
            tx,
            site.id,
            [{ source: item.source, destination, draft, permanent: item.permanent, captureWildcard: item.captureWildcard ?? false }],
            now,
          );
          out.push({ status: result!.status, source: item.source, draft, id: result!.id });
        }
        return out;
      });
      return { status: 200, body: { results } };
    },
  }),

  updateSiteRedirectById: defineOperation("updateSiteRedirectById", {
    handle: async ({ ctx, params, body }, { site }) => {
      const redirect = await ctx.prisma.siteRedirect.findFirst({ where: { id: params.siteRedirectId, siteId: site.id } });
      if (!redirect) throw notFound("Redirect");
      try {
        const updated = await ctx.prisma.siteRedirect.update({
          where: { id: redirect.id },
          data: {
            source: body.source,
            draft: body.draft,
            permanent: body.permanent,
            captureWildcard: body.captureWildcard,
            ...(body.destination ? { destination: body.destination } : {}),
            updatedAt: ctx.clock.now(),
            changedAt: ctx.clock.now(),
          },
        });
        return { status: 200, body: serializeSiteRedirect(updated) };
      } catch (error) {
        if (uniqueViolation(error)) throw conflict("already_exists", "The site has a redirect of this source already");
        throw error;
      }
    },
  }),

  deleteSiteRedirectById: defineOperation("deleteSiteRedirectById", {
    handle: async ({ ctx, params }, { site }) => {
      const { count } = await ctx.prisma.siteRedirect.deleteMany({ where: { id: params.siteRedirectId, siteId: site.id } });
      return { status: count ? 205 : 204 };
    },
  }),

  getSiteRedirectBySource: defineOperation("getSiteRedirectBySource", {
    handle: async ({ ctx, query }, { site, organization }) => {
      const found = await liveRedirectFor(ctx.prisma, site.id, query.source);
      if (!found) throw notFound("Redirect");
      const redirect = serializeSiteRedirect(found.redirect);
      const destination = found.redirect.destination as RedirectDestination;
      const target =
        destination.kind === "external"
          ? `${destination.url}${found.redirect.captureWildcard ? found.rest : ""}`
          : ((await targetOf(ctx, site, organization, query.source)) ?? readAt(ctx, site, organization));
      return { status: 200, body: { redirect, target } };
    },
  }),
} satisfies AreaOperations;
