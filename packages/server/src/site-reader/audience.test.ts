// Who reads what, over HTTP: share links (key in the URL, then a cookie scoped to the
// site; lock-out on deactivation, deletion and visibility changes), visitor authentication
// (JWTs signed with the site's key, HS256 only; fallback URL or 401; regeneration; the
// published-URL lookup's redirectOnError), and adaptive content (conditions of site spaces,
// sections and pages over signed and unsigned claims, in every output).
import { type ApiClient, answered, at, refused, type TestUser, useHarness } from "../../test/support/harness";
import { insertPage, type PublishedFixture, siteFixtures, visitorToken } from "../../test/support/site-fixtures";

const PUBLIC_URL = "http://localhost:3000";
const h = useHarness({ publicUrl: PUBLIC_URL });
const fixtures = siteFixtures(h);
const { publishedSite, read, space, shareLink } = fixtures;
// The API through `h.as`; a published site's pages through `read` (raw HTTP: HTML, cookies, redirects and the site's
// own Host, which fetch does not let a caller set).

const SITE = "/v1/orgs/{organizationId}/sites/{siteId}";
const AUTH = "/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth";
const SITE_SPACES = "/v1/orgs/{organizationId}/sites/{siteId}/site-spaces";
const SITE_SPACE = "/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}";
const RESOLVE = "/v1/urls/published";
/** The path parameters of the fixture's site. */
const ofSite = (site: Pick<PublishedFixture, "organizationId" | "siteId">) => at({ organizationId: site.organizationId, siteId: site.siteId });
/** The site's admin, through the typed client. */
const adminOf = (site: { admin: TestUser }): ApiClient => h.as(site.admin);

const pages = () => [insertPage("Welcome", "Private pages."), insertPage("Reference", "## Options\n\nThe flamingo option.")];

/** The cookies a response sets, as a Cookie header (those it clears left out). */
const cookieHeader = (setCookie: string[] | string | undefined) =>
  ([] as string[])
    .concat(setCookie ?? [])
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

/** A JWT signed with this key (HS256 unless told), by the test's clock. */
const token = (privateKey: string, claims: Record<string, unknown> = {}, options: { expiresIn?: number; alg?: string } = {}) =>
  visitorToken(privateKey, claims, {
    now: h.clock.now(),
    ...(options.expiresIn !== undefined ? { expiresAt: options.expiresIn } : {}),
    ...(options.alg ? { alg: options.alg } : {}),
  });

/** A published share-link site, its URL (what its links open, without the key) and one link. */
async function shareSite() {
  const site = await publishedSite(pages(), { site: { visibility: "share-link" } });
  const link = await shareLink(site);
  return { site: { ...site, published: link.url.slice(0, link.url.indexOf("?")) }, link };
}

describe("share links", () => {
  it("admits a reader with an active link's key, keeps it in a cookie scoped to the site and cleans the URL", async () => {
    const { site, link } = await shareSite();
    const unknown = await read(`${PUBLIC_URL}/sites/nobody/nothing`).expect(404);
    // Without the key, or with a wrong one: the 404 of an unknown site, byte for byte.
    expect((await read(site.published).expect(404)).text).toBe(unknown.text);
    expect((await read(`${site.published}?shareKey=sk_0000`).expect(404)).text).toBe(unknown.text);

    const admitted = await read(`${link.url}&q=kept`).expect(302);
    const path = new URL(site.published).pathname;
    expect(admitted.headers.location).toBe(`${path}/?q=kept`);
    expect(admitted.headers["cache-control"]).toBe("no-store");
    const cookies = ([] as string[]).concat(admitted.headers["set-cookie"] ?? []);
    const share = cookies.find((cookie) => cookie.startsWith(`ds_share_${site.siteId}=`))!;
    expect(share.split("; ").slice(1).sort()).toEqual([`Path=${path}`, "HttpOnly", "SameSite=Lax"].sort());
    const cookie = cookieHeader(cookies);

    const page = await read(`${site.published}/reference`, { Cookie: cookie }).expect(200);
    expect(page.text).toContain("The flamingo option.");
    expect(page.text).not.toContain(link.key);
    expect(page.headers["cache-control"]).toBe("private, no-cache");
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    await read(`${site.published}/~search?q=flamingo`, { Cookie: cookie }).expect(200);
    // The cookie of one site opens no other, even on the same host.
    const { site: other } = await shareSite();
    await read(other.published, { Cookie: cookie.replace(`ds_share_${site.siteId}`, `ds_share_${other.siteId}`) }).expect(404);
  });

  it("locks readers out on their next request when the link is deactivated or deleted, or the visibility changes", async () => {
    const { site, link } = await shareSite();
    const cookie = cookieHeader((await read(link.url).expect(302)).headers["set-cookie"]);
    await read(site.published, { Cookie: cookie }).expect(200);
    const ofLink = at({ organizationId: site.organizationId, siteId: site.siteId, shareLinkId: link.id });
    const LINK = "/v1/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}";
    await answered(adminOf(site).PATCH(LINK, { ...ofLink, body: { active: false } }), 200);
    await read(site.published, { Cookie: cookie }).expect(404);
    await read(link.url).expect(404);
    await answered(adminOf(site).PATCH(LINK, { ...ofLink, body: { active: true } }), 200);
    await read(site.published, { Cookie: cookie }).expect(200);
    await answered(adminOf(site).PATCH(SITE, { ...ofSite(site), body: { visibility: "visitor-auth" } }), 200);
    await read(site.published, { Cookie: cookie }).expect(401);
    await answered(adminOf(site).PATCH(SITE, { ...ofSite(site), body: { visibility: "share-link" } }), 200);
    await read(site.published, { Cookie: cookie }).expect(200);
    await answered(adminOf(site).DELETE(LINK, ofLink), 205);
    await read(site.published, { Cookie: cookie }).expect(404);
  });

  it("sets Secure cookies on HTTPS (a trusted proxy's X-Forwarded-Proto) and scopes them to the host of a site at its own hostname", async () => {
    const { site, link } = await shareSite();
    const hostname = `docs-${site.organizationId.slice(-8)}.acme.example`;
    await h.services.prisma.site.update({ where: { id: site.siteId }, data: { hostname } });
    h.services.sites.changed();
    const admitted = await read(`http://${hostname}/reference?shareKey=${link.key}`, { "X-Forwarded-Proto": "https" }).expect(302);
    expect(admitted.headers.location).toBe("/reference");
    const share = ([] as string[]).concat(admitted.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith("ds_share_"))!;
    expect(share).toContain("; Path=/;");
    expect(share).toContain("; Secure");
    expect(share).not.toContain("Domain=");
  });
});

describe("visitor authentication", () => {
  async function visitorSite(options: { fallbackURL?: string } = {}) {
    const site = await publishedSite(pages(), { site: { visibility: "visitor-auth" } });
    const body = { backend: "custom" as const, ...(options.fallbackURL ? { fallbackURL: options.fallbackURL } : {}) };
    const auth = await answered(adminOf(site).PATCH(AUTH, { ...ofSite(site), body }), 200);
    return { ...site, privateKey: auth.privateKey };
  }

  it("admits a reader with a valid token: the token moves into a cookie, the URL is cleaned, navigation keeps working", async () => {
    const site = await visitorSite();
    const jwt = await token(site.privateKey, { plan: "pro" });
    const admitted = await read(`${site.published}/reference?jwt_token=${jwt}`).expect(302);
    expect(admitted.headers.location).toBe(`${new URL(site.published).pathname}/reference`);
    const visitor = ([] as string[]).concat(admitted.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith(`ds_visitor_${site.siteId}=`))!;
    expect(visitor).toMatch(/; Max-Age=(3600|3599); /);
    expect(visitor).toContain("; HttpOnly");
    const cookie = cookieHeader(admitted.headers["set-cookie"]);
    expect((await read(`${site.published}/reference`, { Cookie: cookie }).expect(200)).text).toContain("The flamingo option.");
    await read(`${site.published}/welcome`, { Cookie: cookie }).expect(200);
    // The token is never logged: the request line shows the parameter redacted.
    const line = h.logs.map((l) => JSON.parse(l) as { msg?: string; url?: string }).find((l) => l.msg === "request" && l.url?.includes("jwt_token"));
    expect(line?.url).toBe(`${new URL(site.published).pathname}/reference?jwt_token=[redacted]`);
  });

  it("refuses expired, tampered, wrongly signed and unsigned tokens, and none: a 401 page, or the fallback URL with the page wanted", async () => {
    const site = await visitorSite();
    const now = Math.floor(h.clock.now().getTime() / 1000);
    const valid = await token(site.privateKey);
    const [header, payload, signature] = valid.split(".");
    const tampered = `${header}.${Buffer.from(JSON.stringify({ exp: now + 3600, plan: "enterprise" })).toString("base64url")}.${signature}`;
    const refused = [
      await token(site.privateKey, {}, { expiresIn: now - 120 }),
      tampered,
      await token("another key of at least thirty-two bytes", {}),
      await token(site.privateKey, {}, { alg: "HS512" }),
      `${Buffer.from('{"alg":"none"}').toString("base64url")}.${payload}.`,
      "not-a-token",
    ];
    for (const jwt of refused) {
      const answer = await read(`${site.published}/reference?jwt_token=${jwt}`).expect(401);
      expect(answer.text).toContain("Sign-in required");
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
    await read(`${site.published}/reference`, { Cookie: `ds_visitor_${site.siteId}=${refused[0]}` }).expect(401);
    await read(site.published).expect(401);
    // Within the clock skew tolerated (60 s), a token just expired still admits.
    await read(`${site.published}?jwt_token=${await token(site.privateKey, {}, { expiresIn: now - 30 })}`).expect(302);

    const fallbackURL = "https://login.acme.example/docs?from=docstack";
    await answered(adminOf(site).PATCH(AUTH, { ...ofSite(site), body: { backend: "custom", fallbackURL } }), 200);
    const sent = await read(`${site.published}/reference?jwt_token=${refused[1]}&tab=2`).expect(302);
    const fallback = new URL(sent.headers.location!);
    expect(fallback.origin + fallback.pathname).toBe("https://login.acme.example/docs");
    expect(Object.fromEntries(fallback.searchParams)).toEqual({ from: "docstack", location: "/reference?tab=2" });
  });

  it("locks out old tokens when the key is regenerated", async () => {
    const site = await visitorSite();
    const jwt = await token(site.privateKey);
    const cookie = cookieHeader((await read(`${site.published}?jwt_token=${jwt}`).expect(302)).headers["set-cookie"]);
    await read(site.published, { Cookie: cookie }).expect(200);
    const regenerated = await answered(adminOf(site).POST("/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth/regenerate", ofSite(site)), 200);
    expect(regenerated.privateKey).not.toBe(site.privateKey);
    await read(site.published, { Cookie: cookie }).expect(401);
    await read(`${site.published}?jwt_token=${await token(regenerated.privateKey)}`).expect(302);
  });
});

describe("the published-URL lookup's redirectOnError", () => {
  it("answers a visitor-auth site's reader without a valid token with its fallback URL and the page wanted, by GET and POST", async () => {
    const site = await publishedSite(pages(), { site: { visibility: "visitor-auth" } });
    const admin = adminOf(site);
    const { privateKey } = await answered(admin.GET(AUTH, ofSite(site)), 200);
    const url = `${site.published}/reference?tab=2`;
    const get = (target: string, query: { redirectOnError?: boolean; visitorAuthToken?: string } = {}) =>
      admin.GET(RESOLVE, { params: { query: { url: target, ...query } } });
    const onError = { redirectOnError: true };
    // Without a fallback URL there is nowhere to send the reader: 404, as without redirectOnError.
    await refused(get(url, onError), 404);
    await refused(admin.POST(RESOLVE, { body: { url, redirectOnError: true } }), 404);

    await answered(admin.PATCH(AUTH, { ...ofSite(site), body: { backend: "custom", fallbackURL: "https://login.acme.example/docs?from=docstack" } }), 200);
    const expected = {
      target: "external",
      site: site.siteId,
      redirect: `https://login.acme.example/docs?from=docstack&location=${encodeURIComponent("/reference?tab=2")}`,
    };
    expect(await answered(get(url, onError), 200)).toEqual(expected);
    expect(await answered(admin.POST(RESOLVE, { body: { url, redirectOnError: true } }), 200)).toEqual(expected);
    // Where the site itself sends the same reader: the lookup reuses it, credentials left out of `location`.
    const forged = `${(await token(privateKey)).slice(0, -4)}AAAA`;
    const onSite = await read(`${site.published}/reference?jwt_token=${forged}&tab=2`).expect(302);
    expect(onSite.headers.location).toBe(expected.redirect);
    expect(await answered(get(`${site.published}/reference?jwt_token=${forged}&tab=2`, onError), 200)).toEqual(expected);
    const expired = await token(privateKey, {}, { expiresIn: Math.floor(h.clock.now().getTime() / 1000) - 3600 });
    expect(await answered(admin.POST(RESOLVE, { body: { url, redirectOnError: true, visitor: { jwtToken: expired } } }), 200)).toEqual(expected);
    // The site's root: `location` is `/`.
    expect(await answered(get(site.published, onError), 200)).toMatchObject({ redirect: "https://login.acme.example/docs?from=docstack&location=%2F" });

    // Without redirectOnError (or false): 404, as before.
    await refused(get(url), 404);
    await refused(get(url, { redirectOnError: false }), 404);
    await refused(admin.POST(RESOLVE, { body: { url } }), 404);
    // A valid token resolves the page itself.
    const valid = await token(privateKey, { plan: "pro" });
    const resolved = await answered(admin.POST(RESOLVE, { body: { url, redirectOnError: true, visitor: { jwtToken: valid } } }), 200);
    expect(resolved).toMatchObject({ site: site.siteId, pathname: "reference" });
    expect(resolved).not.toHaveProperty("target");
    await answered(get(url, { redirectOnError: true, visitorAuthToken: valid }), 200);
    // A page the valid reader cannot find is a 404, never a redirect.
    await refused(get(`${site.published}/nothing-here`, { redirectOnError: true, visitorAuthToken: valid }), 404);
  });

  it("redirects nobody on sites that are not visitor-auth, and nothing of an unpublished site", async () => {
    const site = await publishedSite(pages());
    const admin = adminOf(site);
    await answered(admin.PATCH(AUTH, { ...ofSite(site), body: { backend: "custom", fallbackURL: "https://login.acme.example/docs" } }), 200);
    const lookup = (url: string) => admin.POST(RESOLVE, { body: { url, redirectOnError: true } });
    const reference = `${site.published}/reference`;
    expect(await answered(lookup(reference), 200)).toMatchObject({ site: site.siteId, pathname: "reference" });
    await refused(lookup(`${site.published}/nothing-here`), 404);
    await answered(admin.PATCH(SITE, { ...ofSite(site), body: { visibility: "share-link" } }), 200);
    await refused(lookup(reference), 404);
    await answered(admin.PATCH(SITE, { ...ofSite(site), body: { visibility: "visitor-auth" } }), 200);
    expect(await answered(lookup(reference), 200)).toMatchObject({ target: "external", site: site.siteId });
    await answered(admin.POST("/v1/orgs/{organizationId}/sites/{siteId}/unpublish", ofSite(site)), 200);
    await refused(lookup(reference), 404);
  });
});

describe("adaptive content", () => {
  /** Adds the space to the site as a site space shown where the condition holds. */
  async function addConditionalSpace(site: PublishedFixture, spaceId: string, condition: string) {
    const admin = adminOf(site);
    const siteSpace = await answered(admin.POST(SITE_SPACES, { ...ofSite(site), body: { spaceId } }), 201);
    await answered(
      admin.PATCH(SITE_SPACE, { ...at({ organizationId: site.organizationId, siteId: site.siteId, siteSpaceId: siteSpace.id }), body: { condition } }),
      200,
    );
  }

  /** A site with adaptive content: "Handbook" for everyone, "Beta" for `unsigned.beta`, "Enterprise" for signed `plan == "enterprise"`. */
  async function adaptiveSite() {
    const site = await publishedSite(pages());
    const beta = await space(site.admin, site.organizationId, "Beta", [insertPage("Beta page", "The pelican feature.")]);
    const enterprise = await space(site.admin, site.organizationId, "Enterprise", [insertPage("Enterprise page", "The albatross feature.")]);
    await addConditionalSpace(site, beta, "visitor.claims.unsigned.beta");
    await addConditionalSpace(site, enterprise, 'visitor.claims.plan == "enterprise"');
    return { ...site, ...(await enableAdaptiveContent(site)) };
  }

  /** Declares the claims (`isAdmin`, unsigned `beta`), enables adaptive content; the site's key. */
  const enableAdaptiveContent = (site: PublishedFixture) => fixtures.enableAdaptiveContent(site, { unsigned: ["beta"], signed: ["isAdmin"] });

  it("shows exactly the site spaces whose conditions hold, in the navigation, at their URLs, in search, llms.txt and the sitemap", async () => {
    const site = await adaptiveSite();
    const outputs = async (cookie = "") => {
      const get = (path: string) => read(`${site.published}${path}`, cookie ? { Cookie: cookie } : {});
      return {
        home: (await get("/").expect(200)).text,
        beta: (await get("/beta/beta-page")).status,
        enterprise: (await get("/enterprise/enterprise-page")).status,
        search: (await get("/~search?q=feature").expect(200)).text,
        llms: (await get("/llms.txt").expect(200)).text,
        full: (await get("/llms-full.txt").expect(200)).text,
        sitemap: (await get("/sitemap.xml").expect(200)).text,
      };
    };
    const anonymous = await outputs();
    expect([anonymous.beta, anonymous.enterprise]).toEqual([404, 404]);
    for (const text of Object.values(anonymous).filter((value) => typeof value === "string")) {
      expect(text).not.toMatch(/pelican|albatross|Beta page|Enterprise page/);
    }

    // An unsigned claim switches the Beta variant on (and, kept in a cookie, keeps it on).
    const beta = await read(`${site.published}/?visitor.beta=true&visitor.unknown=true`).expect(302);
    expect(beta.headers.location).toBe(`${new URL(site.published).pathname}/`);
    const betaCookie = cookieHeader(beta.headers["set-cookie"]);
    expect(decodeURIComponent(betaCookie)).toBe(`ds_claims_${site.siteId}={"beta":true}`);
    const betaReader = await outputs(betaCookie);
    expect([betaReader.beta, betaReader.enterprise]).toEqual([200, 404]);
    expect(betaReader.search).toContain("pelican");
    expect(betaReader.llms).toContain("Beta page");
    expect(betaReader.full).toContain("The pelican feature.");
    expect(betaReader.sitemap).toContain("/beta/beta-page");
    expect(betaReader.home).not.toMatch(/Enterprise/);
    expect(betaReader.search).not.toContain("albatross");
    const off = cookieHeader((await read(`${site.published}/?visitor.beta=false`, { Cookie: betaCookie }).expect(302)).headers["set-cookie"]);
    expect((await outputs(off)).beta).toBe(404);

    // A signed claim opens Enterprise; an unsigned one of the same name cannot.
    const unsignedPlan = cookieHeader((await read(`${site.published}/?visitor.plan=true`).expect(302)).headers["set-cookie"]);
    expect((await outputs(unsignedPlan)).enterprise).toBe(404);
    const jwt = await token(site.privateKey, { plan: "enterprise", unsigned: { beta: true } });
    const signed = cookieHeader((await read(`${site.published}/?jwt_token=${jwt}`).expect(302)).headers["set-cookie"]);
    const enterprise = await outputs(signed);
    expect([enterprise.beta, enterprise.enterprise]).toEqual([404, 200]);
    expect(enterprise.search).toContain("albatross");
    expect(enterprise.search).not.toContain("pelican");
  });

  it("refuses a condition that does not parse with a 400 naming the position, and keeps the condition stored before", async () => {
    const site = await adaptiveSite();
    const admin = adminOf(site);
    const siteSpaces = async () => (await answered(admin.GET(SITE_SPACES, ofSite(site)), 200)).items;
    const beta = (await siteSpaces()).find((item) => item.condition)!;
    const ofBeta = at({ organizationId: site.organizationId, siteId: site.siteId, siteSpaceId: beta.id });
    const unparsed = await refused(admin.PATCH(SITE_SPACE, { ...ofBeta, body: { condition: "visitor.claims.a && (" } }), 400);
    expect(unparsed.error.message).toMatch(/^request\/body\/condition: not a valid condition: .* at position \d+$/);
    const hostile = await refused(admin.PATCH(SITE_SPACE, { ...ofBeta, body: { condition: "visitor.constructor" } }), 400);
    expect(hostile.error.message).toContain('"constructor" is not allowed at position 8');
    expect((await siteSpaces()).find((item) => item.id === beta.id)?.condition).toBe(beta.condition);
    const guides = await space(site.admin, site.organizationId, "Guides", []);
    const section = await answered(
      admin.POST("/v1/orgs/{organizationId}/sites/{siteId}/sections", { ...ofSite(site), body: { spaceId: guides, title: "Guides" } }),
      201,
    );
    const SECTION = "/v1/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}";
    const ofSection = at({ organizationId: site.organizationId, siteId: site.siteId, siteSectionId: section.id });
    const answer = await refused(admin.PATCH(SECTION, { ...ofSection, body: { condition: "process.exit()" } }), 400);
    expect(answer.error.message).toMatch(/at position 0$/);
    await answered(admin.PATCH(SECTION, { ...ofSection, body: { condition: "visitor.claims.isAdmin" } }), 200);
  });

  it("applies the same rules to POST /v1/urls/published with a visitor's token and unsigned claims", async () => {
    const site = await adaptiveSite();
    const admin = adminOf(site);
    const url = `${site.published}/beta/beta-page`;
    await refused(admin.POST(RESOLVE, { body: { url } }), 404);
    const resolved = await answered(admin.POST(RESOLVE, { body: { url, visitor: { unsignedClaims: { beta: true } } } }), 200);
    expect(resolved).toMatchObject({ pathname: "beta-page" });
    await refused(admin.POST(RESOLVE, { body: { url, visitor: { unsignedClaims: { beta: "yes" } } } }), 404);
    const enterprise = `${site.published}/enterprise/enterprise-page`;
    await refused(admin.POST(RESOLVE, { body: { url: enterprise, visitor: { unsignedClaims: { plan: "enterprise" } } } }), 404);
    const jwt = await token(site.privateKey, { plan: "enterprise" });
    await answered(admin.POST(RESOLVE, { body: { url: enterprise, visitor: { jwtToken: jwt } } }), 200);
    await answered(admin.GET(RESOLVE, { params: { query: { url: enterprise, visitorAuthToken: jwt } } }), 200);
    // Share-link sites resolve with the key in the URL, and not without.
    await answered(admin.PATCH(SITE, { ...ofSite(site), body: { visibility: "share-link" } }), 200);
    const link = await shareLink(site);
    await refused(admin.POST(RESOLVE, { body: { url: site.published } }), 404);
    await answered(admin.POST(RESOLVE, { body: { url: link.url } }), 200);
    // The key inside the `url` parameter is redacted in the request's log line too (the harness fails on any leak).
    await answered(admin.GET(RESOLVE, { params: { query: { url: link.url } }, headers: { "X-Request-Id": "nested-key" } }), 200);
    const nested = h.logs
      .map((l) => JSON.parse(l) as { msg?: string; url?: string; reqId?: string })
      .find((l) => l.reqId === "nested-key" && l.msg === "request");
    expect(decodeURIComponent(nested?.url ?? "")).toBe(`/v1/urls/published?url=${site.published}?shareKey=[redacted]`);
    const line = h.logs.map((l) => JSON.parse(l) as { msg?: string; url?: string }).find((l) => l.msg === "request" && l.url?.includes("visitorAuthToken"));
    expect(line?.url).toContain("visitorAuthToken=[redacted]");
  });

  it("hides a page whose condition does not hold, with its sub-pages, from every output; the render cache never shares them", async () => {
    const site = await publishedSite([
      insertPage("Welcome", "Open to all. See [the beta guide](/beta-guide)."),
      insertPage("Beta guide", "The heron feature.", { ref: "beta", condition: "visitor.claims.unsigned.beta" }),
      insertPage("Beta details", "The egret setting.", { into: "beta" }),
      insertPage("Enterprise", "The cormorant plan.", { condition: 'visitor.claims.plan == "enterprise"' }),
    ]);
    const get = (path: string, cookie = "") => read(`${site.published}${path}`, cookie ? { Cookie: cookie } : {});
    // Until adaptive content is enabled, conditions are not read: every page is shown.
    expect((await get("/").expect(200)).text).toContain("Enterprise");
    await get("/beta-guide/beta-details").expect(200);
    const { privateKey } = await enableAdaptiveContent(site);

    const outputs = async (cookie = "") => ({
      home: (await get("/", cookie).expect(200)).text,
      statuses: await Promise.all(
        ["/beta-guide", "/beta-guide/beta-details", "/beta-guide.md", "/beta-guide/beta-details.md", "/enterprise", "/enterprise.md"].map(
          async (path) => (await get(path, cookie)).status,
        ),
      ),
      // The results only (the page repeats the query).
      search: (await get("/~search?q=heron OR egret OR cormorant", cookie).expect(200)).text.split('role="status"')[1]!,
      llms: (await get("/llms.txt", cookie).expect(200)).text,
      full: (await get("/llms-full.txt", cookie).expect(200)).text,
      sitemap: (await get("/sitemap.xml", cookie).expect(200)).text,
      cacheControl: (await get("/welcome", cookie).expect(200)).headers["cache-control"],
    });
    const hiddenText = /heron|egret|cormorant|Beta guide|Beta details|Enterprise|beta-guide\/|\/enterprise/;

    // A beta reader first, so that the anonymous reader's answers would be theirs if the cache were shared.
    const beta = cookieHeader((await read(`${site.published}/?visitor.beta=true`).expect(302)).headers["set-cookie"]);
    const betaReader = await outputs(beta);
    expect(betaReader.statuses).toEqual([200, 200, 200, 200, 404, 404]);
    expect(betaReader.home).toContain("Beta details");
    expect(betaReader.search).toMatch(/heron/);
    expect(betaReader.search).toMatch(/egret/);
    expect(betaReader.search).not.toMatch(/cormorant/);
    expect(betaReader.llms).toContain("beta-guide/beta-details.md");
    expect(betaReader.full).toContain("The egret setting.");
    expect(betaReader.sitemap).toContain("/beta-guide/beta-details");
    for (const text of [betaReader.home, betaReader.llms, betaReader.full, betaReader.sitemap]) expect(text).not.toMatch(/Enterprise|cormorant/);
    expect(betaReader.cacheControl).toBe("private, no-cache");

    const anonymous = await outputs();
    expect(anonymous.statuses).toEqual([404, 404, 404, 404, 404, 404]);
    for (const text of [anonymous.home, anonymous.search, anonymous.llms, anonymous.full, anonymous.sitemap]) expect(text).not.toMatch(hiddenText);
    expect(anonymous.home).toContain("Open to all.");
    // The link to the hidden page leads nowhere: marked broken, not a link.
    expect(anonymous.home).not.toMatch(/<a [^>]*href="[^"]*beta-guide"/);

    // The signed claim opens Enterprise; an unsigned claim of the same name cannot.
    const unsignedPlan = cookieHeader((await read(`${site.published}/?visitor.plan=true`).expect(302)).headers["set-cookie"]);
    expect((await get("/enterprise", unsignedPlan)).status).toBe(404);
    const jwt = await token(privateKey, { plan: "enterprise" });
    const signed = cookieHeader((await read(`${site.published}/?jwt_token=${jwt}`).expect(302)).headers["set-cookie"]);
    const enterprise = await outputs(signed);
    expect(enterprise.statuses).toEqual([404, 404, 404, 404, 200, 200]);
    expect(enterprise.search).toContain("cormorant");
    expect(enterprise.sitemap).toContain("/enterprise");
    expect(enterprise.home).not.toContain("Beta guide");

    // The published-URL lookup applies the same rule, the page's parent's condition included.
    const admin = adminOf(site);
    for (const path of ["/beta-guide", "/beta-guide/beta-details"]) {
      await refused(admin.POST(RESOLVE, { body: { url: `${site.published}${path}` } }), 404);
      await answered(admin.POST(RESOLVE, { body: { url: `${site.published}${path}`, visitor: { unsignedClaims: { beta: true } } } }), 200);
    }
    await answered(admin.GET(RESOLVE, { params: { query: { url: `${site.published}/enterprise`, visitorAuthToken: jwt } } }), 200);
    await refused(admin.POST(RESOLVE, { body: { url: `${site.published}/enterprise` } }), 404);

    // A merge removing the condition shows the page to everyone on the next request.
    const inSpace = at({ spaceId: site.spaceId });
    const [, betaGuide] = (await answered(admin.GET("/v1/spaces/{spaceId}/content/pages", inSpace), 200)).pages;
    const cr = await answered(admin.POST("/v1/spaces/{spaceId}/change-requests", { ...inSpace, body: { subject: "Open the beta" } }), 201);
    const ofChange = at({ spaceId: site.spaceId, changeRequestId: cr.id });
    const changes = [{ operation: "update_page" as const, page: betaGuide!.id, condition: "" }];
    await answered(admin.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content", { ...ofChange, body: { changes } }), 200);
    await answered(admin.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge", ofChange), 200);
    await get("/beta-guide/beta-details").expect(200);
    expect((await get("/sitemap.xml").expect(200)).text).toContain("/beta-guide/beta-details");
  });

  it("never shares a view of a space between two sites whose conditions differ, even where their keys' bits would match", async () => {
    // Site A: the space (a page for unsigned `beta`) and a site space for `alpha`: its conditions [alpha, beta].
    // Site B, of the same organization: the same space and a site space for `gamma`: [beta, gamma].
    // An A reader with alpha only and a B reader with beta only both hold "the first condition, not the second".
    const a = await publishedSite([
      insertPage("Welcome", "Open."),
      insertPage("Beta guide", "The plover note.", { condition: "visitor.claims.unsigned.beta" }),
    ]);
    const admin = adminOf(a);
    const addSpace = async (site: PublishedFixture, title: string, condition: string) =>
      addConditionalSpace(site, await space(a.admin, a.organizationId, title, [insertPage(`${title} page`, "Conditional.")]), condition);
    await addSpace(a, "Alpha", "visitor.claims.unsigned.alpha");
    const created = await answered(
      admin.POST("/v1/orgs/{organizationId}/sites", { ...at({ organizationId: a.organizationId }), body: { title: "Second", spaces: [a.spaceId] } }),
      201,
    );
    const b: PublishedFixture = { ...a, siteId: created.id, siteApiUrl: `/v1/orgs/${a.organizationId}/sites/${created.id}`, published: "" };
    await addSpace(b, "Gamma", "visitor.claims.unsigned.gamma");
    b.published = (await answered(admin.POST("/v1/orgs/{organizationId}/sites/{siteId}/publish", ofSite(b)), 200)).urls.published ?? "";
    for (const site of [a, b]) await fixtures.enableAdaptiveContent(site, { unsigned: ["alpha", "beta", "gamma"] });
    const claims = async (site: PublishedFixture, query: string) => cookieHeader((await read(`${site.published}/?${query}`).expect(302)).headers["set-cookie"]);

    // The B reader first: their view of the space (with the page) must not become the A reader's.
    const bReader = await claims(b, "visitor.beta=true&visitor.gamma=false");
    await read(`${b.published}/beta-guide`, { Cookie: bReader }).expect(200);
    expect((await read(`${b.published}/sitemap.xml`, { Cookie: bReader }).expect(200)).text).toContain("/beta-guide");
    const aReader = await claims(a, "visitor.alpha=true&visitor.beta=false");
    await read(`${a.published}/beta-guide`, { Cookie: aReader }).expect(404);
    expect((await read(`${a.published}/sitemap.xml`, { Cookie: aReader }).expect(200)).text).not.toContain("/beta-guide");
    expect((await read(`${a.published}/`, { Cookie: aReader }).expect(200)).text).not.toContain("Beta guide");
    await refused(admin.POST(RESOLVE, { body: { url: `${a.published}/beta-guide`, visitor: { unsignedClaims: { alpha: true } } } }), 404);
  });
});
