// searchSiteContent (GitBook's POST …/sites/{siteId}/search): what a reader of the published
// site finds, no page hidden from that reader, narrowed by GitBook's scopes.
import { useHarness } from "../../../test/support/harness";
import { insertPage, siteFixtures } from "../../../test/support/site-fixtures";

const h = useHarness({ publicUrl: "http://localhost:3000" });
const { as, publishedSite, sectionedSite, setPageFields, enableAdaptiveContent } = siteFixtures(h);

type Found = { items: { id: string; title: string; pages: { title: string; sections?: { body: string }[] }[] }[]; count: number };
const titles = (found: Found) => found.items.flatMap((space) => space.pages.map((page) => page.title)).sort();

describe("searchSiteContent", () => {
  it("finds what a reader of the site finds: no page hidden from the navigation or behind a condition that does not hold", async () => {
    const site = await publishedSite([
      insertPage("Reference", "## Options\n\nThe flamingo option."),
      insertPage("Secret plans", "The flamingo secret."),
      insertPage("Enterprise", "The flamingo plan.", { condition: 'visitor.claims.plan == "enterprise"' }),
    ]);
    await setPageFields(site.spaceId, { "Secret plans": { hidden: true } });
    const search = (body: object) => as(site.admin).post(`${site.siteApiUrl}/search`, body);

    // Without adaptive content, conditions are not read: the enterprise page is everyone's.
    expect(titles((await search({ query: "flamingo", scope: { mode: "all" } }).expect(200)).body)).toEqual(["Enterprise", "Reference"]);
    await enableAdaptiveContent(site, { unsigned: [], signed: ["plan"] });
    const found: Found = (await search({ query: "flamingo", scope: { mode: "all" } }).expect(200)).body;
    expect(titles(found)).toEqual(["Reference"]);
    expect(found.items[0]).toMatchObject({ type: "space", id: site.spaceId, title: "Handbook" });
    expect(found.items[0]!.pages[0]!.sections?.[0]?.body).toContain("<mark>flamingo</mark>");
    // The deprecated modes are GitBook's too.
    expect(titles((await search({ query: "flamingo", mode: "all" }).expect(200)).body)).toEqual(["Reference"]);
    expect((await search({ query: " ", scope: { mode: "all" } }).expect(200)).body).toEqual({ items: [], count: 0 });

    // An unpublished site finds nothing; a caller who cannot see the site gets a 404; a scope GitBook has not, a 400.
    await as(site.admin).post(`${site.siteApiUrl}/unpublish`).expect(200);
    expect((await search({ query: "flamingo", mode: "all" }).expect(200)).body).toEqual({ items: [], count: 0 });
    const stranger = await h.organization();
    await as(stranger.admin).post(`${site.siteApiUrl}/search`, { query: "flamingo", mode: "all" }).expect(404);
    // GitBook's body names a scope (or a deprecated mode): a query alone is a 400.
    await search({ query: "flamingo" }).expect(400);
    await search({ query: "flamingo", scope: { mode: "everything" } }).expect(400);
    await search({ scope: { mode: "all" } }).expect(400);
  });

  it("searches the site spaces its scope names: all, each section's default (with or without the current one), or those given", async () => {
    const site = await sectionedSite();
    const siteSpaces = (await as(site.admin).get(`${site.siteApiUrl}/site-spaces`).expect(200)).body.items as { id: string; space: { title: string } }[];
    const idOf = (title: string) => siteSpaces.find((siteSpace) => siteSpace.space.title === title)!.id;
    const spacesFound = async (body: object) =>
      (
        (
          await as(site.admin)
            .post(`${site.siteApiUrl}/search`, { query: "version", ...body })
            .expect(200)
        ).body as Found
      ).items
        .map((space) => space.title)
        .sort();

    expect(await spacesFound({ scope: { mode: "all" } })).toEqual(["Guides v1", "Guides v2"]);
    expect(await spacesFound({ scope: { mode: "default" } })).toEqual(["Guides v2"]);
    expect(await spacesFound({ scope: { mode: "default", currentSiteSpace: idOf("Guides v1") } })).toEqual(["Guides v1", "Guides v2"]);
    expect(await spacesFound({ scope: { mode: "default", currentSiteSpace: idOf("Guides v1"), restrictTo: "currentSiteSpace" } })).toEqual(["Guides v1"]);
    expect(await spacesFound({ scope: { mode: "default", currentSiteSpace: idOf("Guides v2"), restrictTo: "otherSiteSpaces" } })).toEqual([]);
    expect(await spacesFound({ scope: { mode: "specific", siteSpaceIds: [idOf("Guides v1"), "unknown"] } })).toEqual(["Guides v1"]);
    expect(await spacesFound({ siteSpaceIds: [idOf("Guides v1")] })).toEqual(["Guides v1"]);
    expect(await spacesFound({ mode: "current", siteSpaceId: idOf("Guides v1") })).toEqual(["Guides v1", "Guides v2"]);
  });
});
