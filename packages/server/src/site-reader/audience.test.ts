// Who reads what, over HTTP: share links (key in the URL, then a cookie scoped to the
// site; lock-out on deactivation, deletion and visibility changes), visitor authentication
// (JWTs signed with the site's key, HS256 only; fallback URL or 401; regeneration; the
// published-URL lookup's redirectOnError), and adaptive content (conditions of site spaces,
// sections and pages over signed and unsigned claims, in every output).
import { useHarness } from "../../test/support/harness";
import { insertPage, type PublishedFixture, siteFixtures, visitorToken } from "../../test/support/site-fixtures";

const PUBLIC_URL = "http://localhost:3000";
const h = useHarness({ publicUrl: PUBLIC_URL });
// Each test publishes one or two sites of merged pages through the API: past 30 s on a loaded shared machine.
jest.setTimeout(90_000);
const fixtures = siteFixtures(h);
const { as, publishedSite, read, space, shareLink } = fixtures;

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
    await as(site.admin).patch(`${site.siteApiUrl}/share-links/${link.id}`, { active: false }).expect(200);
    await read(site.published, { Cookie: cookie }).expect(404);
    await read(link.url).expect(404);
    await as(site.admin).patch(`${site.siteApiUrl}/share-links/${link.id}`, { active: true }).expect(200);
    await read(site.published, { Cookie: cookie }).expect(200);
    await as(site.admin).patch(site.siteApiUrl, { visibility: "visitor-auth" }).expect(200);
    await read(site.published, { Cookie: cookie }).expect(401);
    await as(site.admin).patch(site.siteApiUrl, { visibility: "share-link" }).expect(200);
    await read(site.published, { Cookie: cookie }).expect(200);
    await as(site.admin).delete(`${site.siteApiUrl}/share-links/${link.id}`).expect(205);
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
    const auth = (
      await as(site.admin)
        .patch(`${site.siteApiUrl}/publishing/auth`, { backend: "custom", ...(options.fallbackURL ? { fallbackURL: options.fallbackURL } : {}) })
        .expect(200)
    ).body;
    return { ...site, privateKey: auth.privateKey as string };
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

    await as(site.admin)
      .patch(`${site.siteApiUrl}/publishing/auth`, { backend: "custom", fallbackURL: "https://login.acme.example/docs?from=docstack" })
      .expect(200);
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
    const regenerated = (await as(site.admin).post(`${site.siteApiUrl}/publishing/auth/regenerate`).expect(200)).body;
    expect(regenerated.privateKey).not.toBe(site.privateKey);
    await read(site.published, { Cookie: cookie }).expect(401);
    await read(`${site.published}?jwt_token=${await token(regenerated.privateKey)}`).expect(302);
  });
});

describe("the published-URL lookup's redirectOnError", () => {
  it("answers a visitor-auth site's reader without a valid token with its fallback URL and the page wanted, by GET and POST", async () => {
    const site = await publishedSite(pages(), { site: { visibility: "visitor-auth" } });
    const authUrl = `${site.siteApiUrl}/publishing/auth`;
    const { privateKey } = (await as(site.admin).get(authUrl).expect(200)).body;
    const url = `${site.published}/reference?tab=2`;
    const get = (target: string, extra = "") => as(site.admin).get(`/v1/urls/published?url=${encodeURIComponent(target)}${extra}`);
    // Without a fallback URL there is nowhere to send the reader: 404, as without redirectOnError.
    await get(url, "&redirectOnError=true").expect(404);
    await as(site.admin).post("/v1/urls/published", { url, redirectOnError: true }).expect(404);

    await as(site.admin).patch(authUrl, { backend: "custom", fallbackURL: "https://login.acme.example/docs?from=docstack" }).expect(200);
    const expected = {
      target: "external",
      site: site.siteId,
      redirect: `https://login.acme.example/docs?from=docstack&location=${encodeURIComponent("/reference?tab=2")}`,
    };
    expect((await get(url, "&redirectOnError=true").expect(200)).body).toEqual(expected);
    expect((await as(site.admin).post("/v1/urls/published", { url, redirectOnError: true }).expect(200)).body).toEqual(expected);
    // Where the site itself sends the same reader: the lookup reuses it, credentials left out of `location`.
    const forged = `${(await token(privateKey)).slice(0, -4)}AAAA`;
    const onSite = await read(`${site.published}/reference?jwt_token=${forged}&tab=2`).expect(302);
    expect(onSite.headers.location).toBe(expected.redirect);
    expect((await get(`${site.published}/reference?jwt_token=${forged}&tab=2`, "&redirectOnError=true").expect(200)).body).toEqual(expected);
    const expired = await token(privateKey, {}, { expiresIn: Math.floor(h.clock.now().getTime() / 1000) - 3600 });
    expect(
      (
        await as(site.admin)
          .post("/v1/urls/published", { url, redirectOnError: true, visitor: { jwtToken: expired } })
          .expect(200)
      ).body,
    ).toEqual(expected);
    // The site's root: `location` is `/`.
    expect((await get(site.published, "&redirectOnError=true").expect(200)).body.redirect).toBe("https://login.acme.example/docs?from=docstack&location=%2F");

    // Without redirectOnError (or false): 404, as before.
    await get(url).expect(404);
    await get(url, "&redirectOnError=false").expect(404);
    await as(site.admin).post("/v1/urls/published", { url }).expect(404);
    // A valid token resolves the page itself.
    const valid = await token(privateKey, { plan: "pro" });
    const resolved = await as(site.admin)
      .post("/v1/urls/published", { url, redirectOnError: true, visitor: { jwtToken: valid } })
      .expect(200);
    expect(resolved.body).toMatchObject({ site: site.siteId, pathname: "reference" });
    expect(resolved.body).not.toHaveProperty("target");
    await get(url, `&redirectOnError=true&visitorAuthToken=${valid}`).expect(200);
    // A page the valid reader cannot find is a 404, never a redirect.
    await get(`${site.published}/nothing-here`, `&redirectOnError=true&visitorAuthToken=${valid}`).expect(404);
  });

  it("redirects nobody on sites that are not visitor-auth, and nothing of an unpublished site", async () => {
    const site = await publishedSite(pages());
    await as(site.admin).patch(`${site.siteApiUrl}/publishing/auth`, { backend: "custom", fallbackURL: "https://login.acme.example/docs" }).expect(200);
    const lookup = (url: string) => as(site.admin).post("/v1/urls/published", { url, redirectOnError: true });
    const reference = `${site.published}/reference`;
    expect((await lookup(reference).expect(200)).body).toMatchObject({ site: site.siteId, pathname: "reference" });
    await lookup(`${site.published}/nothing-here`).expect(404);
    await as(site.admin).patch(site.siteApiUrl, { visibility: "share-link" }).expect(200);
    await lookup(reference).expect(404);
    await as(site.admin).patch(site.siteApiUrl, { visibility: "visitor-auth" }).expect(200);
    expect((await lookup(reference).expect(200)).body).toMatchObject({ target: "external", site: site.siteId });
    await as(site.admin).post(`${site.siteApiUrl}/unpublish`).expect(200);
    await lookup(reference).expect(404);
  });
});

describe("adaptive content", () => {
  /** A site with adaptive content: "Handbook" for everyone, "Beta" for `unsigned.beta`, "Enterprise" for signed `plan == "enterprise"`. */
  async function adaptiveSite() {
    const site = await publishedSite(pages());
    const beta = await space(site.admin, site.organizationId, "Beta", [insertPage("Beta page", "The pelican feature.")]);
    const enterprise = await space(site.admin, site.organizationId, "Enterprise", [insertPage("Enterprise page", "The albatross feature.")]);
    const betaSpace = (await as(site.admin).post(`${site.siteApiUrl}/site-spaces`, { spaceId: beta }).expect(201)).body;
    const enterpriseSpace = (await as(site.admin).post(`${site.siteApiUrl}/site-spaces`, { spaceId: enterprise }).expect(201)).body;
    await as(site.admin).patch(`${site.siteApiUrl}/site-spaces/${betaSpace.id}`, { condition: "visitor.claims.unsigned.beta" }).expect(200);
    await as(site.admin).patch(`${site.siteApiUrl}/site-spaces/${enterpriseSpace.id}`, { condition: 'visitor.claims.plan == "enterprise"' }).expect(200);
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
    const siteSpaces = (await as(site.admin).get(`${site.siteApiUrl}/site-spaces`).expect(200)).body.items as { id: string; condition?: string }[];
    const beta = siteSpaces.find((item) => item.condition)!;
    const refused = await as(site.admin).patch(`${site.siteApiUrl}/site-spaces/${beta.id}`, { condition: "visitor.claims.a && (" }).expect(400);
    expect(refused.body.error.message).toMatch(/^request\/body\/condition: not a valid condition: .* at position \d+$/);
    const hostile = await as(site.admin).patch(`${site.siteApiUrl}/site-spaces/${beta.id}`, { condition: "visitor.constructor" }).expect(400);
    expect(hostile.body.error.message).toContain('"constructor" is not allowed at position 8');
    const after = (await as(site.admin).get(`${site.siteApiUrl}/site-spaces`).expect(200)).body.items as { id: string; condition?: string }[];
    expect(after.find((item) => item.id === beta.id)?.condition).toBe(beta.condition);
    const guides = await space(site.admin, site.organizationId, "Guides", []);
    const section = (await as(site.admin).post(`${site.siteApiUrl}/sections`, { spaceId: guides, title: "Guides" }).expect(201)).body;
    const answer = await as(site.admin).patch(`${site.siteApiUrl}/sections/${section.id}`, { condition: "process.exit()" }).expect(400);
    expect(answer.body.error.message).toMatch(/at position 0$/);
    await as(site.admin).patch(`${site.siteApiUrl}/sections/${section.id}`, { condition: "visitor.claims.isAdmin" }).expect(200);
  });

  it("applies the same rules to POST /v1/urls/published with a visitor's token and unsigned claims", async () => {
    const site = await adaptiveSite();
    const url = `${site.published}/beta/beta-page`;
    await as(site.admin).post("/v1/urls/published", { url }).expect(404);
    const resolved = await as(site.admin)
      .post("/v1/urls/published", { url, visitor: { unsignedClaims: { beta: true } } })
      .expect(200);
    expect(resolved.body.pathname).toBe("beta-page");
    await as(site.admin)
      .post("/v1/urls/published", { url, visitor: { unsignedClaims: { beta: "yes" } } })
      .expect(404);
    const enterprise = `${site.published}/enterprise/enterprise-page`;
    await as(site.admin)
      .post("/v1/urls/published", { url: enterprise, visitor: { unsignedClaims: { plan: "enterprise" } } })
      .expect(404);
    const jwt = await token(site.privateKey, { plan: "enterprise" });
    await as(site.admin)
      .post("/v1/urls/published", { url: enterprise, visitor: { jwtToken: jwt } })
      .expect(200);
    await as(site.admin)
      .get(`/v1/urls/published?url=${encodeURIComponent(enterprise)}&visitorAuthToken=${jwt}`)
      .expect(200);
    // Share-link sites resolve with the key in the URL, and not without.
    await as(site.admin).patch(site.siteApiUrl, { visibility: "share-link" }).expect(200);
    const link = await shareLink(site);
    await as(site.admin).post("/v1/urls/published", { url: site.published }).expect(404);
    await as(site.admin).post("/v1/urls/published", { url: link.url }).expect(200);
    // The key inside the `url` parameter is redacted in the request's log line too (the harness fails on any leak).
    await as(site.admin)
      .get(`/v1/urls/published?url=${encodeURIComponent(link.url)}`)
      .set("X-Request-Id", "nested-key")
      .expect(200);
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
    for (const path of ["/beta-guide", "/beta-guide/beta-details"]) {
      await as(site.admin)
        .post("/v1/urls/published", { url: `${site.published}${path}` })
        .expect(404);
      await as(site.admin)
        .post("/v1/urls/published", { url: `${site.published}${path}`, visitor: { unsignedClaims: { beta: true } } })
        .expect(200);
    }
    await as(site.admin)
      .get(`/v1/urls/published?url=${encodeURIComponent(`${site.published}/enterprise`)}&visitorAuthToken=${jwt}`)
      .expect(200);
    await as(site.admin)
      .post("/v1/urls/published", { url: `${site.published}/enterprise` })
      .expect(404);

    // A merge removing the condition shows the page to everyone on the next request.
    const [, betaGuide] = (await as(site.admin).get(`/v1/spaces/${site.spaceId}/content/pages`).expect(200)).body.pages;
    const cr = (await as(site.admin).post(`/v1/spaces/${site.spaceId}/change-requests`, { subject: "Open the beta" }).expect(201)).body;
    await as(site.admin)
      .post(`/v1/spaces/${site.spaceId}/change-requests/${cr.id}/content`, { changes: [{ operation: "update_page", page: betaGuide.id, condition: "" }] })
      .expect(200);
    await as(site.admin).post(`/v1/spaces/${site.spaceId}/change-requests/${cr.id}/merge`).expect(200);
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
    const addSpace = async (siteApiUrl: string, title: string, condition: string) => {
      const spaceId = await space(a.admin, a.organizationId, title, [insertPage(`${title} page`, "Conditional.")]);
      const siteSpace = (await as(a.admin).post(`${siteApiUrl}/site-spaces`, { spaceId }).expect(201)).body;
      await as(a.admin).patch(`${siteApiUrl}/site-spaces/${siteSpace.id}`, { condition }).expect(200);
    };
    await addSpace(a.siteApiUrl, "Alpha", "visitor.claims.unsigned.alpha");
    const created = (
      await as(a.admin)
        .post(`/v1/orgs/${a.organizationId}/sites`, { title: "Second", spaces: [a.spaceId] })
        .expect(201)
    ).body;
    const b: PublishedFixture = { ...a, siteId: created.id, siteApiUrl: `/v1/orgs/${a.organizationId}/sites/${created.id}`, published: "" };
    await addSpace(b.siteApiUrl, "Gamma", "visitor.claims.unsigned.gamma");
    b.published = (await as(a.admin).post(`${b.siteApiUrl}/publish`).expect(200)).body.urls.published;
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
    await as(a.admin)
      .post("/v1/urls/published", { url: `${a.published}/beta-guide`, visitor: { unsignedClaims: { alpha: true } } })
      .expect(404);
  });
});
