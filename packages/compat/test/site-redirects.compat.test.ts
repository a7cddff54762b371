// Site redirects through GitBook's client.
import { docstack, gitbook, server, unique } from "./gitbook";

const api = gitbook();
const orgId = () => server.organizationId;
const external = { kind: "external" as const, url: "https://example.com/docs" };

async function newSite(): Promise<string> {
  const space = await docstack<{ id: string }>("POST", `/orgs/${orgId()}/spaces`, { title: unique("Redirects space") });
  return (await docstack<{ id: string }>("POST", `/orgs/${orgId()}/sites`, { title: unique("Redirects"), spaces: [space.id] })).id;
}

describe("site redirects", () => {
  it("createSiteRedirect", async () => {
    const siteId = await newSite();
    const { data } = await api.orgs.createSiteRedirect(orgId(), siteId, { source: "/old", destination: external, permanent: true });
    expect(data).toMatchObject({ object: "site-redirect", source: "/old", permanent: true, draft: false, destination: external });
  });

  it("bulkUpsertSiteRedirects", async () => {
    const siteId = await newSite();
    const { data } = await api.orgs.bulkUpsertSiteRedirects(orgId(), siteId, {
      redirects: [
        { source: "/a", destination: external },
        { source: "/b", intent: "draft", destination: external },
      ],
    });
    expect(data.results.map((result) => result.status)).toEqual(["created", "created"]);
  });

  it("listSiteRedirects", async () => {
    const siteId = await newSite();
    await api.orgs.createSiteRedirect(orgId(), siteId, { source: "/listed", destination: external });
    const { data } = await api.orgs.listSiteRedirects(orgId(), siteId);
    expect(data.items.map((item) => item.source)).toEqual(["/listed"]);
  });

  it("updateSiteRedirectById", async () => {
    const siteId = await newSite();
    const { data: created } = await api.orgs.createSiteRedirect(orgId(), siteId, { source: "/before", destination: external });
    const { data } = await api.orgs.updateSiteRedirectById(orgId(), siteId, created.id, { source: "/after" });
    expect(data).toMatchObject({ id: created.id, source: "/after" });
  });

  it("deleteSiteRedirectById", async () => {
    const siteId = await newSite();
    const { data: created } = await api.orgs.createSiteRedirect(orgId(), siteId, { source: "/gone", destination: external });
    await api.orgs.deleteSiteRedirectById(orgId(), siteId, created.id);
    const { data } = await api.orgs.listSiteRedirects(orgId(), siteId);
    expect(data.items).toEqual([]);
  });

  it("getSiteRedirectBySource", async () => {
    const siteId = await newSite();
    await api.orgs.createSiteRedirect(orgId(), siteId, { source: "/docs/*", captureWildcard: true, destination: external });
    const { data } = await api.orgs.getSiteRedirectBySource(orgId(), siteId, { source: "/docs/a/b" });
    expect(data).toMatchObject({ redirect: { source: "/docs/*" }, target: "https://example.com/docs/a/b" });
  });
});
