import { useHarness } from "../../../test/support/harness";
import { hostnameFor, ids, newSite, orgWithSpaces, PUBLIC_URL, siteRequests } from "../../../test/support/sites-fixtures";

const h = useHarness({ publicUrl: PUBLIC_URL });
const { as } = siteRequests(h);

const keyOf = (link: { urls: { published: string } }) => new URL(link.urls.published).searchParams.get("shareKey")!;

async function shareLinkSite() {
  const hostname = hostnameFor("links");
  const org = await orgWithSpaces(h, ["Docs"], hostname);
  const site = await newSite(h, org, { title: "Beta docs", visibility: "share-link", spaces: [org.spaces[0]!.id] });
  return { org, site, hostname, url: `${site.url}/share-links`, admin: as(org.admin) };
}

describe("share links", () => {
  it("creates active links with a secret key in their published URL, whatever the site's state", async () => {
    const { site, hostname, url, admin } = await shareLinkSite();
    const link = await admin.post(url, { name: "Beta testers" }).expect(201);
    expect(link.body).toEqual({
      object: "share-link",
      id: expect.any(String),
      createdAt: h.clock.now().toISOString(),
      name: "Beta testers",
      active: true,
      urls: { published: expect.stringMatching(new RegExp(`^http://localhost:3000/sites/${hostname}/beta-docs\\?shareKey=sk_[0-9a-f]{32}$`)) },
    });
    const other = await admin.post(url, { name: "Beta testers" }).expect(201);
    expect(keyOf(other.body)).not.toBe(keyOf(link.body));
    // Behind a proxy, the link is the proxy's URL.
    await admin.patch(site.url, { proxy: `acme-${hostname}.example/docs` }).expect(200);
    const proxied = await admin.get(url).expect(200);
    expect(proxied.body.items[0].urls.published).toBe(`https://acme-${hostname}.example/docs?shareKey=${keyOf(link.body)}`);
  });

  it("lists the site's links oldest first, active or not, for admins only", async () => {
    const { org, url, admin } = await shareLinkSite();
    const first = await admin.post(url, { name: "One" }).expect(201);
    const second = await admin.post(url, { name: "Two" }).expect(201);
    await admin.patch(`${url}/${first.body.id}`, { active: false }).expect(200);
    const list = await admin.get(url).expect(200);
    expect(list.body.items.map((l: { id: string; active: boolean }) => [l.id, l.active])).toEqual([
      [first.body.id, false],
      [second.body.id, true],
    ]);
    const page = await admin.get(`${url}?limit=1`).expect(200);
    expect(ids(await admin.get(`${url}?limit=1&page=${page.body.next.page}`).expect(200))).toEqual([second.body.id]);
    const refused = await as(await h.member(org.id, "create"))
      .get(url)
      .expect(403);
    expect(refused.text).not.toContain(keyOf(first.body));
    const hidden = await as((await h.organization()).admin)
      .get(url)
      .expect(404);
    expect(hidden.text).not.toContain(keyOf(first.body));
  });

  it("renames, deactivates and reactivates a link with the same key", async () => {
    const { site, url, admin } = await shareLinkSite();
    await admin.patch(site.url, { published: true }).expect(200);
    const link = await admin.post(url, { name: "Partners" }).expect(201);
    const key = keyOf(link.body);
    const renamed = await admin.patch(`${url}/${link.body.id}`, { name: "Partner review" }).expect(200);
    expect(renamed.body).toMatchObject({ name: "Partner review", active: true });
    await admin.patch(`${url}/${link.body.id}`, { active: false }).expect(200);
    await admin.get(`${site.url}/published?shareKey=${key}`).expect(400);
    const reactivated = await admin.patch(`${url}/${link.body.id}`, { active: true }).expect(200);
    expect(keyOf(reactivated.body)).toBe(key);
    const published = await admin.get(`${site.url}/published?shareKey=${key}`).expect(200);
    expect(published.body.site.urls.published).toContain(key);
  });

  it("deletes a link, whose key stops working at once", async () => {
    const { site, url, admin } = await shareLinkSite();
    await admin.patch(site.url, { published: true }).expect(200);
    const link = await admin.post(url, { name: "Gone" }).expect(201);
    await admin.get(`${site.url}/published?shareKey=${keyOf(link.body)}`).expect(200);
    await admin.del(`${url}/${link.body.id}`).expect(205);
    await admin.get(`${site.url}/published?shareKey=${keyOf(link.body)}`).expect(400);
    await admin.del(`${url}/${link.body.id}`).expect(204);
    expect((await admin.get(url)).body.count).toBe(0);
  });

  it("refuses bad names (400), members below admin (403), outsiders and links of another site (404), changing nothing", async () => {
    const { org, site, url, admin } = await shareLinkSite();
    const link = await admin.post(url, { name: "Kept" }).expect(201);
    await admin.post(url, { name: "x".repeat(51) }).expect(400);
    await admin.post(url, {}).expect(400);
    await admin.patch(`${url}/${link.body.id}`, { active: "no" }).expect(400);
    const editor = as(await h.member(org.id, "edit"));
    await editor.post(url, { name: "No" }).expect(403);
    await editor.patch(`${url}/${link.body.id}`, { active: false }).expect(403);
    await editor.del(`${url}/${link.body.id}`).expect(403);
    const outsider = as((await h.organization()).admin);
    await outsider.patch(`${url}/${link.body.id}`, { active: false }).expect(404);
    await outsider.del(`${url}/${link.body.id}`).expect(404);
    const otherSite = await newSite(h, org);
    await admin.patch(`${otherSite.url}/share-links/${link.body.id}`, { active: false }).expect(404);
    await admin.del(`${otherSite.url}/share-links/${link.body.id}`).expect(204);
    expect((await admin.get(url)).body.items).toEqual([expect.objectContaining({ id: link.body.id, name: "Kept", active: true })]);
    expect(site.id).not.toBe(otherSite.id);
  });
});
