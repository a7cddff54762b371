import { answered, at, refused, untyped, useHarness } from "../../../test/support/harness";
import { newSite, orgWithSpaces, PUBLIC_URL } from "../../../test/support/sites-fixtures";
import { DEFAULT_CUSTOMIZATION } from "../../models/sites/customization";

const h = useHarness({ publicUrl: PUBLIC_URL });

const CUSTOMIZATION = "/v1/orgs/{organizationId}/sites/{siteId}/customization";

describe("site customization", () => {
  it("reads every default until set, then the settings sent over the defaults, with updatedAt", async () => {
    const org = await orgWithSpaces(h, ["Docs"]);
    const site = await newSite(h, org, { title: "Docs", spaces: [org.spaces[0]!.id] });
    const ofSite = at({ organizationId: org.id, siteId: site.id });
    const admin = h.as(org.admin);
    const member = h.as(await h.member(org.id, "read"));
    expect(await answered(member.GET(CUSTOMIZATION, ofSite), 200)).toEqual(DEFAULT_CUSTOMIZATION);
    const body = {
      title: "Acme docs",
      styling: { theme: "bold" as const, primaryColor: { light: "#0b7a4b", dark: "#3ddc97" } },
      favicon: { emoji: "1f389" },
      themes: { default: "dark" as const, toggeable: false },
    };
    const put = await answered(admin.PUT(CUSTOMIZATION, { ...ofSite, body }), 200);
    expect(put).toEqual({
      ...DEFAULT_CUSTOMIZATION,
      title: "Acme docs",
      styling: { ...DEFAULT_CUSTOMIZATION.styling, theme: "bold", primaryColor: { light: "#0b7a4b", dark: "#3ddc97" } },
      favicon: { emoji: "1f389" },
      themes: { default: "dark", toggeable: false },
      updatedAt: h.clock.now().toISOString(),
    });
    expect(await answered(member.GET(CUSTOMIZATION, ofSite), 200)).toEqual(put);
    // A full replacement: what is left out goes back to its default.
    const replaced = await answered(admin.PUT(CUSTOMIZATION, { ...ofSite, body: { pagination: { enabled: false } } }), 200);
    expect(replaced.title).toBeUndefined();
    expect(replaced.styling).toEqual(DEFAULT_CUSTOMIZATION.styling);
    expect(replaced.pagination).toEqual({ enabled: false });
    // The published view shows it too.
    const published = await answered(member.GET("/v1/orgs/{organizationId}/sites/{siteId}/published", ofSite), 200);
    expect(published.customizations.site.title).toBe("Docs");
  });

  it("refuses invalid settings (400 naming the field), members below admin (403) and other organizations (404)", async () => {
    const org = await orgWithSpaces(h, ["Docs"]);
    const site = await newSite(h, org, { title: "Docs", spaces: [org.spaces[0]!.id] });
    const ofSite = at({ organizationId: org.id, siteId: site.id });
    const admin = h.as(org.admin);
    const bad = await refused(admin.PUT(CUSTOMIZATION, { ...ofSite, body: { styling: { primaryColor: { light: "red", dark: "#000" } } } }), 400);
    expect(bad.error.message).toMatch(/primaryColor/);
    const script = { title: "x", to: { kind: "url" as const, url: "javascript:alert(1)" }, links: [] };
    await refused(admin.PUT(CUSTOMIZATION, { ...ofSite, body: { header: { links: [script] } } }), 400);
    await refused(admin.PUT(CUSTOMIZATION, { ...ofSite, body: untyped({ unknown: true }) }), 400);
    const editor = h.as(await h.member(org.id, "edit"));
    await refused(editor.PUT(CUSTOMIZATION, { ...ofSite, body: {} }), 403);
    const other = await orgWithSpaces(h, []);
    await refused(h.as(other.admin).GET(CUSTOMIZATION, ofSite), 404);
  });
});
