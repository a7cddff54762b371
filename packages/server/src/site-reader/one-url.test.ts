// One URL per page: the default site space's URL is the site's root (GitBook's rule), and the form naming it
// (`<site>/<site space path>/…`) answers 308 there. `urls.published`, the sitemap and canonical URLs agree.
import { useHarness } from "../../test/support/harness";
import { siteFixtures } from "../../test/support/site-fixtures";

const h = useHarness({ publicUrl: "http://localhost:3000" });
const { as, publishedSite, read, space } = siteFixtures(h);

test("the default site space is at the site's root; its longer form answers 308 to it", async () => {
  const site = await publishedSite(
    [
      { operation: "insert_page", title: "Welcome", slug: "welcome", document: { markdown: "Hello." } },
      { operation: "insert_page", title: "Guides", slug: "guides", document: { markdown: "Guides." } },
    ],
    { title: "Tidewater" },
  );
  const otherSpace = await space(site.admin, site.organizationId, "Other", [
    { operation: "insert_page", title: "Elsewhere", slug: "elsewhere", document: { markdown: "There." } },
  ]);
  await as(site.admin).post(`${site.siteApiUrl}/site-spaces`, { spaceId: otherSpace }).expect(201);
  const siteSpaces = (await as(site.admin).get(`${site.siteApiUrl}/site-spaces`).expect(200)).body.items;
  const [tidewater, other] = siteSpaces as { path: string; default: boolean; urls: { published: string }; space: { urls: { published: string } } }[];
  expect(tidewater).toMatchObject({ path: "tidewater", default: true, urls: { published: site.published } });
  expect(tidewater!.space.urls.published).toBe(site.published);
  expect(other!.urls.published).toBe(`${site.published}/${other!.path}`);

  const base = new URL(site.published).pathname;
  const moved = await read(`${site.published}/tidewater/guides?x=1`).expect(308);
  expect(moved.headers.location).toBe(`${base}/guides?x=1`);
  expect((await read(`${site.published}/tidewater`).expect(308)).headers.location).toBe(base);
  expect((await read(`${site.published}/tidewater/guides.md`).expect(308)).headers.location).toBe(`${base}/guides.md`);

  const page = (await read(`${site.published}/guides`).expect(200)).text;
  expect(page).toContain(`<link rel="canonical" href="${site.published}/guides">`);
  await read(`${other!.urls.published}/elsewhere`).expect(200);
  const sitemap = (await read(`${site.published}/sitemap.xml`).expect(200)).text;
  expect(sitemap).toContain(`<loc>${site.published}/guides</loc>`);
  expect(sitemap).not.toContain(`${site.published}/tidewater/`);
});
