// A site's content token, the `apiToken` of a resolved published URL: it reads the spaces of its
// site (as GitBook's renderer reads a site's content) and opens nothing else, for minutes.
import { createHmac } from "node:crypto";
import { createHarness, type Harness } from "../../../test/support/harness";
import { insertPage, siteFixtures } from "../../../test/support/site-fixtures";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** A site publishing a space with pages, another space of its organization outside it, and a token for the site. */
async function siteWithToken() {
  const { publishedSite } = siteFixtures(h);
  const site = await publishedSite([insertPage("Welcome", "Hi."), insertPage("Guide", "More.")]);
  const asAdmin = (request: ReturnType<Harness["api"]["get"]>) => request.set("Authorization", site.admin.auth);
  const otherSpace = (
    await asAdmin(h.api.post(`/v1/orgs/${site.organizationId}/spaces`))
      .send({ title: "Internal" })
      .expect(201)
  ).body.id as string;
  const resolved = await asAdmin(h.api.get("/v1/urls/published").query({ url: `${site.published}/guide` })).expect(200);
  const token = resolved.body.apiToken as string;
  expect(typeof token).toBe("string");
  return { site, otherSpace, token, asAdmin, resolved: resolved.body as { revision: string; page: string } };
}

const bearer = (token: string) => `Bearer ${token}`;
const get = (path: string, token: string) => h.api.get(path).set("Authorization", bearer(token));
const reasonOf = (res: { body: { error?: { reason?: string } } }) => res.body.error?.reason;

describe("a site's content token (apiToken of GET /v1/urls/published)", () => {
  it("reads the site's space: the space, its revisions, pages and files, with read-only permissions", async () => {
    const { site, token, resolved } = await siteWithToken();
    const space = await get(`/v1/spaces/${site.spaceId}`, token).expect(200);
    expect(space.body.permissions).toMatchObject({ view: true, edit: false, comment: false, admin: false });
    const pages = await get(`/v1/spaces/${site.spaceId}/content/pages`, token).expect(200);
    expect(pages.body.pages.map((page: { title: string }) => page.title)).toEqual(["Welcome", "Guide"]);
    await get(`/v1/spaces/${site.spaceId}/content/page/${resolved.page}`, token).expect(200);
    await get(`/v1/spaces/${site.spaceId}/content/path/guide`, token).expect(200);
    await get(`/v1/spaces/${site.spaceId}/content/files`, token).expect(200);
    const revision = `/v1/spaces/${site.spaceId}/revisions/${resolved.revision}`;
    await get(revision, token).expect(200);
    await get(`${revision}/pages`, token).expect(200);
    await get(`${revision}/page/${resolved.page}`, token).expect(200);
    await get(`${revision}/files`, token).expect(200);
    // POST /v1/urls/published mints one as well, which reads alike.
    const posted = await h.api.post("/v1/urls/published").set("Authorization", site.admin.auth).send({ url: site.published }).expect(200);
    await get(`/v1/spaces/${site.spaceId}/content/pages`, posted.body.apiToken).expect(200);
  });

  it("answers 404 for any other space, site or organization, and 403 for reads of the space that are not its content", async () => {
    const { site, otherSpace, token } = await siteWithToken();
    const elsewhere = await h.organization();
    const foreignSpace = (await h.api.post(`/v1/orgs/${elsewhere.id}/spaces`).set("Authorization", elsewhere.admin.auth).send({ title: "Theirs" }).expect(201))
      .body.id as string;
    for (const path of [
      `/v1/spaces/${otherSpace}`,
      `/v1/spaces/${otherSpace}/content/pages`,
      `/v1/spaces/${foreignSpace}`,
      `/v1/orgs/${site.organizationId}`,
      `/v1/orgs/${site.organizationId}/spaces`,
      `/v1/orgs/${site.organizationId}/sites/${site.siteId}`,
      `/v1/orgs/${site.organizationId}/sites/${site.siteId}/site-spaces`,
      `/v1/orgs/${elsewhere.id}`,
    ]) {
      const res = await get(path, token);
      expect([path, res.status, reasonOf(res)]).toEqual([path, 404, "not_found"]);
    }
    // What it can see but is not published content: the space's change requests and members, the caller's account.
    for (const path of [`/v1/spaces/${site.spaceId}/change-requests`, `/v1/spaces/${site.spaceId}/permissions/users`, "/v1/user", "/v1/orgs"]) {
      const res = await get(path, token);
      expect([path, res.status, reasonOf(res)]).toEqual([path, 403, "content_token_scope"]);
    }
  });

  it("refuses every write with 403, and changes nothing", async () => {
    const { site, otherSpace, token, asAdmin } = await siteWithToken();
    const writes = {
      "rename the space": () => h.api.patch(`/v1/spaces/${site.spaceId}`).send({ title: "Taken over" }),
      "open a change request": () => h.api.post(`/v1/spaces/${site.spaceId}/change-requests`).send({ subject: "Edits" }),
      "delete the space": () => h.api.delete(`/v1/spaces/${site.spaceId}`),
      "rename another space": () => h.api.patch(`/v1/spaces/${otherSpace}`).send({ title: "Taken over" }),
      "rename the site": () => h.api.patch(`/v1/orgs/${site.organizationId}/sites/${site.siteId}`).send({ title: "Taken over" }),
      "make an API token": () => h.api.post("/v1/user/tokens").send({ label: "mine now" }),
    };
    for (const [what, write] of Object.entries(writes)) {
      const res = await write().set("Authorization", bearer(token));
      expect([what, res.status, reasonOf(res)]).toEqual([what, 403, "content_token_scope"]);
    }
    const space = await asAdmin(h.api.get(`/v1/spaces/${site.spaceId}`)).expect(200);
    expect(space.body.title).toBe("Handbook");
    await asAdmin(h.api.get(`/v1/spaces/${site.spaceId}/change-requests`))
      .expect(200)
      .expect((res) => expect(res.body.items).toEqual([]));
  });

  it("expires after its configured minutes (401 content_token_expired)", async () => {
    const { site, token } = await siteWithToken();
    const lifetime = h.services.config.contentTokenMs;
    expect(lifetime).toBe(10 * 60_000);
    h.clock.advance(lifetime - 5_000);
    await get(`/v1/spaces/${site.spaceId}`, token).expect(200);
    h.clock.advance(10_000);
    const res = await get(`/v1/spaces/${site.spaceId}`, token).expect(401);
    expect(reasonOf(res)).toBe("content_token_expired");
  });

  it("refuses a modified or forged token (401 content_token_invalid)", async () => {
    const { site, otherSpace, token } = await siteWithToken();
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const widened = encode({ ...claims, spaces: [...claims.spaces, otherSpace] });
    const flipped = `${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    const signedElsewhere = (data: string) => createHmac("sha256", "not the server's secret, not the server's secret").update(data).digest("base64url");
    const forgedData = `${header}.${widened}`;
    for (const [what, forged] of [
      ["its spaces widened", `${header}.${widened}.${signature}`],
      ["its signature changed", `${header}.${payload}.${flipped}`],
      ["signed with another key", `${forgedData}.${signedElsewhere(forgedData)}`],
      ["unsigned (alg none)", `${encode({ alg: "none", typ: "JWT" })}.${widened}.x`],
      ["its expiry pushed back", `${header}.${encode({ ...claims, exp: claims.exp + 86_400 })}.${signature}`],
    ] as const) {
      const res = await get(`/v1/spaces/${otherSpace}`, forged);
      expect([what, res.status, reasonOf(res)]).toEqual([what, 401, "content_token_invalid"]);
    }
    await get(`/v1/spaces/${site.spaceId}`, token).expect(200);
  });

  it("is taken from the Authorization header only: never from a cookie or the query string", async () => {
    const { site, token } = await siteWithToken();
    // Operations open to anyone have no actor at all: still served.
    await h.api.get("/v1/").expect(200);
    const fromCookie = await h.api.get(`/v1/spaces/${site.spaceId}`).set("Cookie", `docstack_session=${token}`);
    expect([fromCookie.status, reasonOf(fromCookie)]).toEqual([401, "session_invalid"]);
    for (const name of ["apiToken", "access_token", "token"]) {
      const fromQuery = await h.api.get(`/v1/spaces/${site.spaceId}`).query({ [name]: token });
      expect([name, fromQuery.status, reasonOf(fromQuery)]).toEqual([name, 401, "unauthenticated"]);
    }
  });

  it("reads every space the site shows, each site space's", async () => {
    const { site, otherSpace, asAdmin } = await siteWithToken();
    await asAdmin(h.api.post(`${site.siteApiUrl}/site-spaces`))
      .send({ spaceId: otherSpace })
      .expect(201);
    await asAdmin(h.api.post(`${site.siteApiUrl}/publish`)).expect(200);
    const resolved = await asAdmin(h.api.get("/v1/urls/published").query({ url: site.published })).expect(200);
    await get(`/v1/spaces/${site.spaceId}`, resolved.body.apiToken).expect(200);
    await get(`/v1/spaces/${otherSpace}`, resolved.body.apiToken).expect(200);
  });
});
