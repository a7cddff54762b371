// Resolving published URLs (GitBook's GET and POST /urls/published): the site, section,
// site space, space, revision and page a URL shows, with a reader's visibility rules.
import type { RequestContext } from "../../http/context";
import { badRequest, notFound } from "../../http/errors";
import { type AreaOperations, defineOperation } from "../../http/operation";

async function resolve(ctx: RequestContext, field: string, url: string) {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest(`${field}: not an absolute URL`);
  }
  const found = await ctx.sites.resolve(parsed);
  if (!found) throw notFound("Published content");
  return { status: 200 as const, body: found };
}

export const urlsOperations = {
  getPublishedContentByUrl: defineOperation("getPublishedContentByUrl", {
    handle: ({ ctx, query }) => resolve(ctx, "request/query/url", query.url),
  }),

  resolvePublishedContentByUrl: defineOperation("resolvePublishedContentByUrl", {
    handle: ({ ctx, body }) => resolve(ctx, "request/body/url", body.url),
  }),
} satisfies AreaOperations;
