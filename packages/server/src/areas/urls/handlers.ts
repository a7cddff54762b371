// Resolving published URLs (GitBook's GET and POST /urls/published): the site, section,
// site space, space, revision and page a URL shows, with a reader's visibility rules: the
// same audience as the site's own pages (sites/audience.ts), given the visitor's token and
// unsigned claims beside the URL or in it; with `redirectOnError`, a visitor-auth site's
// reader without a valid token is answered where the site sends them (its fallback URL).
// Content comes with its `apiToken`: a content token for the spaces of the site that reader
// may see (auth/content-tokens.ts), as GitBook's renderer reads a site's content with it.
import type { RequestContext } from "../../http/context";
import { badRequest, notFound } from "../../http/errors";
import { type AreaOperations, defineOperation } from "../../http/operation";
import type { ReaderCredentials } from "../../site-reader/audience";

async function resolve(ctx: RequestContext, field: string, url: string, credentials: ReaderCredentials, redirectOnError = false) {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest("invalid_request", `${field}: not an absolute URL`);
  }
  const found = await ctx.sites.resolve(parsed, credentials, { redirectOnError });
  if (!found) throw notFound("Published content");
  if (!("readableSpaces" in found)) return { status: 200 as const, body: found };
  const { readableSpaces, ...content } = found;
  const scope = { organizationId: content.organization, siteId: content.site, spaceIds: new Set(readableSpaces) };
  return { status: 200 as const, body: { ...content, apiToken: await ctx.contentTokens.mint(scope, ctx.clock.now()) } };
}

export const urlsOperations = {
  getPublishedContentByUrl: defineOperation("getPublishedContentByUrl", {
    handle: ({ ctx, query }) => resolve(ctx, "request/query/url", query.url, { visitorToken: query.visitorAuthToken }, query.redirectOnError),
  }),

  resolvePublishedContentByUrl: defineOperation("resolvePublishedContentByUrl", {
    handle: ({ ctx, body }) =>
      resolve(ctx, "request/body/url", body.url, { visitorToken: body.visitor?.jwtToken, unsignedClaims: body.visitor?.unsignedClaims }, body.redirectOnError),
  }),
} satisfies AreaOperations;
