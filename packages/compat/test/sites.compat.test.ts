// Sites and what is in them (sections, section groups, site spaces, share links, customization, visitor
// authentication, the adaptive schema) through GitBook's client.
import { SiteType, SiteVisibility } from "@gitbook/api";
import { docstack, gitbook, server, unique } from "./gitbook";

const api = gitbook();
const orgId = () => server.organizationId;

async function newSpace(): Promise<string> {
  return (await docstack<{ id: string }>("POST", `/orgs/${orgId()}/spaces`, { title: unique("Site space") })).id;
}

/** A site publishing a new space; `visibility` as given. */
async function newSite(body: Record<string, unknown> = {}): Promise<{ id: string; url: string; spaceId: string }> {
  const spaceId = await newSpace();
  const site = await docstack<{ id: string }>("POST", `/orgs/${orgId()}/sites`, { title: unique("Site"), spaces: [spaceId], ...body });
  return { id: site.id, url: `/orgs/${orgId()}/sites/${site.id}`, spaceId };
}

describe("sites", () => {
  it("createSite of type premium", async () => {
    const { data } = await api.orgs.createSite(orgId(), { title: unique("Premium"), type: SiteType.Premium });
    expect(data).toMatchObject({ object: "site", type: "premium" });
  });

  it("listSites", async () => {
    const site = await newSite();
    const { data } = await api.orgs.listSites(orgId());
    expect(data.items.map((item) => item.id)).toContain(site.id);
  });

  it("getSiteById", async () => {
    const site = await newSite();
    const { data } = await api.orgs.getSiteById(orgId(), site.id);
    expect(data.id).toBe(site.id);
  });

  it("updateSiteById", async () => {
    const site = await newSite();
    const { data } = await api.orgs.updateSiteById(orgId(), site.id, { title: "Renamed site", visibility: SiteVisibility.Unlisted });
    expect(data).toMatchObject({ title: "Renamed site", visibility: "unlisted" });
  });

  it("getSiteById names the site's features by GitBook's ids", async () => {
    const site = await newSite({ visibility: "share-link" });
    await docstack("PATCH", site.url, { adaptiveContent: { enabled: true } });
    const { data } = await api.orgs.getSiteById(orgId(), site.id);
    expect(data.features.map((feature) => feature.id)).toEqual(["sites-adaptive-content", "sites-share-links"]);
  });

  it("deleteSiteById, then again once gone", async () => {
    const site = await newSite();
    expect((await api.orgs.deleteSiteById(orgId(), site.id)).status).toBe(205);
    expect((await api.orgs.deleteSiteById(orgId(), site.id)).status).toBe(204);
  });

  it("publishSite", async () => {
    const site = await newSite();
    const { data } = await api.orgs.publishSite(orgId(), site.id);
    expect(data).toMatchObject({ id: site.id, published: true });
  });

  it("unpublishSite", async () => {
    const site = await newSite();
    await docstack("POST", `${site.url}/publish`);
    const { data } = await api.orgs.unpublishSite(orgId(), site.id);
    expect(data.published).toBe(false);
  });

  it("getPublishedContentSite", async () => {
    const site = await newSite();
    await docstack("POST", `${site.url}/publish`);
    const { data } = await api.orgs.getPublishedContentSite(orgId(), site.id);
    expect(data.site.id).toBe(site.id);
  });

  const claims = {
    $schema: "http://json-schema.org/draft-07/schema#" as const,
    type: "object" as const,
    properties: { isBetaUser: { type: "boolean" as const, description: "The visitor takes part in the beta." } },
    additionalProperties: false as const,
  };

  it("getSiteAdaptiveSchema", async () => {
    const site = await newSite();
    await docstack("PUT", `${site.url}/adaptive-schema`, { jsonSchema: claims });
    const { data } = await api.orgs.getSiteAdaptiveSchema(orgId(), site.id);
    expect(data.jsonSchema.properties).toHaveProperty("isBetaUser");
  });

  it("getSiteAdaptiveSchema before the first PUT answers the empty schema", async () => {
    const site = await newSite();
    const { data } = await api.orgs.getSiteAdaptiveSchema(orgId(), site.id);
    expect(data.jsonSchema).toMatchObject({ type: "object", properties: {}, additionalProperties: false });
  });

  it("updateSiteAdaptiveSchema", async () => {
    const site = await newSite();
    const { data } = await api.orgs.updateSiteAdaptiveSchema(orgId(), site.id, { jsonSchema: claims as never });
    expect(data.object).toBe("site-adaptive-schema");
  });

  it("getSiteCustomizationById", async () => {
    const site = await newSite();
    const { data } = await api.orgs.getSiteCustomizationById(orgId(), site.id);
    expect(data).toHaveProperty("styling");
  });

  it("updateSiteCustomizationById", async () => {
    const site = await newSite();
    const current = await docstack<Record<string, unknown>>("GET", `${site.url}/customization`);
    const { data } = await api.orgs.updateSiteCustomizationById(orgId(), site.id, { ...(current as object), title: "Custom title" } as never);
    expect(data.title).toBe("Custom title");
  });
});

describe("visitor authentication", () => {
  it("getSitePublishingAuthById", async () => {
    const site = await newSite({ visibility: "visitor-auth" });
    const { data } = await api.orgs.getSitePublishingAuthById(orgId(), site.id);
    expect(data.privateKey).toBeTruthy();
  });

  it("updateSitePublishingAuthById", async () => {
    const site = await newSite({ visibility: "visitor-auth" });
    const { data } = await api.orgs.updateSitePublishingAuthById(orgId(), site.id, { backend: "custom", fallbackURL: "https://example.com/login" });
    expect(data.fallbackURL).toBe("https://example.com/login");
  });

  it("regenerateSitePublishingAuthById", async () => {
    const site = await newSite({ visibility: "visitor-auth" });
    const before = await docstack<{ privateKey: string }>("GET", `${site.url}/publishing/auth`);
    const { data } = await api.orgs.regenerateSitePublishingAuthById(orgId(), site.id);
    expect(data.privateKey).not.toBe(before.privateKey);
  });
});

describe("sections and section groups", () => {
  async function withSections() {
    const site = await newSite({ type: "ultimate" });
    const section = await docstack<{ id: string }>("POST", `${site.url}/sections`, { spaceId: await newSpace(), title: "Guides" });
    return { site, section };
  }

  it("addSectionToSite", async () => {
    const site = await newSite({ type: "ultimate" });
    const { data } = await api.orgs.addSectionToSite(orgId(), site.id, { spaceId: await newSpace(), title: "API" });
    expect(data.object).toBe("site-section");
  });

  it("addSectionToSite with the site's one space makes its site space the first section's", async () => {
    const site = await newSite({ type: "ultimate" });
    const { data } = await api.orgs.addSectionToSite(orgId(), site.id, { spaceId: site.spaceId, title: "Guides" });
    expect(data.siteSpaces.map((siteSpace) => siteSpace.space.id)).toEqual([site.spaceId]);
    expect((await api.orgs.getSiteById(orgId(), site.id)).data.features).toEqual([{ id: "sites-sections", plan: "ultimate", frozen: false }]);
  });

  it("listSiteSections", async () => {
    const { site, section } = await withSections();
    const { data } = await api.orgs.listSiteSections(orgId(), site.id);
    expect(data.items.map((item) => item.id)).toContain(section.id);
  });

  it("updateSiteSectionById", async () => {
    const { site, section } = await withSections();
    const { data } = await api.orgs.updateSiteSectionById(orgId(), site.id, section.id, { title: "Tutorials" });
    expect(data.title).toBe("Tutorials");
  });

  it("moveSiteSection", async () => {
    const { site, section } = await withSections();
    const { data } = await api.orgs.moveSiteSection(orgId(), site.id, section.id, {});
    expect(data.id).toBe(section.id);
  });

  it("deleteSiteSectionById, then again once gone", async () => {
    const { site, section } = await withSections();
    expect((await api.orgs.deleteSiteSectionById(orgId(), site.id, section.id)).status).toBe(205);
    expect((await api.orgs.deleteSiteSectionById(orgId(), site.id, section.id)).status).toBe(204);
  });

  it("addSectionGroupToSite", async () => {
    const { site, section } = await withSections();
    const { data } = await api.orgs.addSectionGroupToSite(orgId(), site.id, { title: "Group", sections: [section.id] });
    expect(data.object).toBe("site-section-group");
  });

  async function withGroup() {
    const { site, section } = await withSections();
    const group = await docstack<{ id: string }>("POST", `${site.url}/section-groups`, { title: "Group", sections: [section.id] });
    return { site, group };
  }

  it("listSiteSectionGroups", async () => {
    const { site, group } = await withGroup();
    const { data } = await api.orgs.listSiteSectionGroups(orgId(), site.id);
    expect(data.items.map((item) => item.id)).toEqual([group.id]);
  });

  it("updateSiteSectionGroupById", async () => {
    const { site, group } = await withGroup();
    const { data } = await api.orgs.updateSiteSectionGroupById(orgId(), site.id, group.id, { title: "Renamed group" });
    expect(data.title).toBe("Renamed group");
  });

  it("moveSiteSectionGroup", async () => {
    const { site, group } = await withGroup();
    const { data } = await api.orgs.moveSiteSectionGroup(orgId(), site.id, group.id, {});
    expect(data.id).toBe(group.id);
  });

  it("deleteSiteSectionGroupById, then again once gone", async () => {
    const { site, group } = await withGroup();
    expect((await api.orgs.deleteSiteSectionGroupById(orgId(), site.id, group.id)).status).toBe(205);
    expect((await api.orgs.deleteSiteSectionGroupById(orgId(), site.id, group.id)).status).toBe(204);
  });
});

describe("site spaces", () => {
  async function withSiteSpace() {
    const site = await newSite();
    const spaces = await docstack<{ items: { id: string }[] }>("GET", `${site.url}/site-spaces`);
    return { site, siteSpaceId: (spaces.items[0] as { id: string }).id };
  }

  it("addSpaceToSite", async () => {
    const site = await newSite();
    const { data } = await api.orgs.addSpaceToSite(orgId(), site.id, { spaceId: await newSpace() });
    expect(data.object).toBe("site-space");
  });

  it("listSiteSpaces", async () => {
    const { site, siteSpaceId } = await withSiteSpace();
    const { data } = await api.orgs.listSiteSpaces(orgId(), site.id);
    expect(data.items.map((item) => item.id)).toEqual([siteSpaceId]);
  });

  it("updateSiteSpaceById", async () => {
    const { site, siteSpaceId } = await withSiteSpace();
    const { data } = await api.orgs.updateSiteSpaceById(orgId(), site.id, siteSpaceId, { path: "v2" });
    expect(data.path).toBe("v2");
  });

  it("moveSiteSpace", async () => {
    const { site, siteSpaceId } = await withSiteSpace();
    const { data } = await api.orgs.moveSiteSpace(orgId(), site.id, siteSpaceId, {});
    expect(data.id).toBe(siteSpaceId);
  });

  it("deleteSiteSpaceById, then again once gone", async () => {
    const { site, siteSpaceId } = await withSiteSpace();
    await docstack("POST", `${site.url}/site-spaces`, { spaceId: await newSpace() });
    expect((await api.orgs.deleteSiteSpaceById(orgId(), site.id, siteSpaceId)).status).toBe(205);
    expect((await api.orgs.deleteSiteSpaceById(orgId(), site.id, siteSpaceId)).status).toBe(204);
  });
});

describe("share links", () => {
  async function withShareLink() {
    const site = await newSite({ visibility: "share-link" });
    const link = await docstack<{ id: string }>("POST", `${site.url}/share-links`, { name: "Partners" });
    return { site, link };
  }

  it("createSiteShareLink", async () => {
    const site = await newSite({ visibility: "share-link" });
    const { data } = await api.orgs.createSiteShareLink(orgId(), site.id, { name: "Partners" });
    expect(data.object).toBe("share-link");
  });

  it("listSiteShareLinks", async () => {
    const { site, link } = await withShareLink();
    const { data } = await api.orgs.listSiteShareLinks(orgId(), site.id);
    expect(data.items.map((item) => item.id)).toEqual([link.id]);
  });

  it("updateSiteShareLinkById", async () => {
    const { site, link } = await withShareLink();
    const { data } = await api.orgs.updateSiteShareLinkById(orgId(), site.id, link.id, { active: false });
    expect(data.active).toBe(false);
  });

  it("deleteSiteShareLinkById, then again once gone", async () => {
    const { site, link } = await withShareLink();
    expect((await api.orgs.deleteSiteShareLinkById(orgId(), site.id, link.id)).status).toBe(205);
    expect((await api.orgs.deleteSiteShareLinkById(orgId(), site.id, link.id)).status).toBe(204);
  });
});
