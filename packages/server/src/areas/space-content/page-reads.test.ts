import { contentHelpers, insertPage } from "../../../test/support/content";
import { type Harness, type TestUser, useHarness } from "../../../test/support/harness";
import type { Db } from "../../db/database";

const cached = useHarness();
// The same reads with nothing cached: what they return must not depend on the cache.
const uncached = useHarness({ contentCacheBytes: 0 });

type PageBody = { id: string; title: string; path: string; markdown?: string; document?: { nodes: unknown[] }; pages: { path: string }[] };

/** A space with a nested page linking to another, and a change request editing it (not merged). */
async function setup(h: Harness) {
  const c = contentHelpers(h);
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  const [guides, reference] = await c.publish(org.admin, space.id, [
    insertPage("Guides", "All the guides."),
    insertPage("Reference", "# Tokens\n\nAbout tokens."),
  ]);
  await c.publish(org.admin, space.id, [insertPage("Install", "See [tokens](/reference#tokens).", { into: guides!.id })]);
  const install = (await c.pages(org.admin, space.id))[0]!.pages[0] as { id: string; path: string };
  const cr = await c.createChangeRequest(org.admin, space.id);
  await c
    .write(org.admin, space.id, cr.id, [{ operation: "update_page", page: install.id, title: "Setup", slug: "setup", document: { markdown: "Edited." } }])
    .expect(200);
  return { org, admin: org.admin, space, install, reference: reference!, cr };
}

/** A page without its URLs (supertest serves each request on a new port, which they hold). */
const withoutUrls = ({ urls: _urls, ...page }: PageBody & { urls?: unknown }) => page;

const read = (h: Harness, user: TestUser, url: string, status = 200) =>
  h.api
    .get(url)
    .set("Authorization", user.auth)
    .expect(status)
    .then((res) => res.body as PageBody);

describe.each([
  ["with the content cache", cached],
  ["without it", uncached],
])("page reads %s", (_name, h) => {
  it("read a space's page by ID and by path (slashes as they are or encoded), with links by current path", async () => {
    const { admin, space, install } = await setup(h);
    const byId = await read(h, admin, `/v1/spaces/${space.id}/content/page/${install.id}`);
    expect(byId).toMatchObject({ id: install.id, title: "Install", path: "guides/install", markdown: "See [tokens](/reference#tokens)." });
    for (const path of ["guides/install", "guides%2Finstall", "/guides/install/"]) {
      expect(withoutUrls(await read(h, admin, `/v1/spaces/${space.id}/content/path/${path}`))).toEqual(withoutUrls(byId));
    }
    const parent = await read(h, admin, `/v1/spaces/${space.id}/content/path/guides`);
    expect(parent.pages.map((page) => page.path)).toEqual(["guides/install"]);
    const structured = await read(h, admin, `/v1/spaces/${space.id}/content/path/guides/install?format=document`);
    expect(structured.document?.nodes.length).toBeGreaterThan(0);
    expect(structured.markdown).toBeUndefined();
    for (const missing of ["guides/nothing", "install", "guides/install/deeper"]) await read(h, admin, `/v1/spaces/${space.id}/content/path/${missing}`, 404);
  });

  it("read a change request's pages by ID and by path: its own content, the space's unchanged until merged", async () => {
    const { admin, space, install, cr } = await setup(h);
    const inCr = `/v1/spaces/${space.id}/change-requests/${cr.id}`;
    expect(await read(h, admin, `${inCr}/content/page/${install.id}`)).toMatchObject({ title: "Setup", path: "guides/setup", markdown: "Edited." });
    expect(await read(h, admin, `${inCr}/content/path/guides/setup`)).toMatchObject({ id: install.id, markdown: "Edited." });
    expect(await read(h, admin, `/v1/spaces/${space.id}/change-requests/${cr.number}/content/path/guides%2Fsetup`)).toMatchObject({ id: install.id });
    await read(h, admin, `${inCr}/content/path/guides/install`, 404);
    await read(h, admin, `/v1/spaces/${space.id}/content/path/guides/setup`, 404);
    expect(await read(h, admin, `/v1/spaces/${space.id}/content/path/guides/install`)).toMatchObject({ markdown: expect.stringContaining("tokens") });
    await contentHelpers(h).merge(admin, space.id, cr.id).expect(200);
    expect(await read(h, admin, `/v1/spaces/${space.id}/content/path/guides/setup`)).toMatchObject({ id: install.id, markdown: "Edited." });
    await read(h, admin, `/v1/spaces/${space.id}/content/path/guides/install`, 404);
  });

  it("follow a renamed parent: its sub-pages answer at their new path only", async () => {
    const { admin, space, install } = await setup(h);
    const c = contentHelpers(h);
    const guides = (await c.pages(admin, space.id))[0]!;
    await c.publish(admin, space.id, [{ operation: "update_page", page: guides.id, title: "Tutorials", slug: "tutorials" }]);
    expect(await read(h, admin, `/v1/spaces/${space.id}/content/path/tutorials/install`)).toMatchObject({ id: install.id });
    await read(h, admin, `/v1/spaces/${space.id}/content/path/guides/install`, 404);
  });

  it("hide pages of spaces the caller cannot read, by path as by ID", async () => {
    const { space, install, cr } = await setup(h);
    const outsider = (await h.organization()).admin;
    await read(h, outsider, `/v1/spaces/${space.id}/content/path/guides/install`, 404);
    await read(h, outsider, `/v1/spaces/${space.id}/change-requests/${cr.id}/content/path/guides/setup`, 404);
    await read(h, outsider, `/v1/spaces/${space.id}/content/page/${install.id}`, 404);
  });
});

describe("page reads with the content cache", () => {
  it("read a page a second time without querying its revision, chunks or document", async () => {
    const h = cached;
    const { admin, space, install, cr } = await setup(h);
    const urls = [
      `/v1/spaces/${space.id}/content/page/${install.id}`,
      `/v1/spaces/${space.id}/content/path/guides/install`,
      `/v1/spaces/${space.id}/change-requests/${cr.id}/content/path/guides/setup`,
    ];
    for (const url of urls) await read(h, admin, url);
    const real = h.services.prisma;
    const used = new Set<string>();
    h.services.prisma = new Proxy(real, {
      get(target, key) {
        if (typeof key === "string" && !key.startsWith("$")) used.add(key);
        return Reflect.get(target, key);
      },
    }) as Db;
    try {
      for (const url of urls) await read(h, admin, url);
    } finally {
      h.services.prisma = real;
    }
    expect([...used].filter((model) => ["revision", "contentChunk", "pageDocument"].includes(model))).toEqual([]);
    expect(used.has("space")).toBe(true); // the access check still reads the space (its current revision may have moved)
  });
});
