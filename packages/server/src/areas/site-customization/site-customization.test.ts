import { useHarness } from "../../../test/support/harness";
import { newSite, orgWithSpaces, PUBLIC_URL, siteRequests } from "../../../test/support/sites-fixtures";
import { DEFAULT_CUSTOMIZATION } from "./settings";

const h = useHarness({ publicUrl: PUBLIC_URL });
const { as } = siteRequests(h);

describe("site customization", () => {
  it("reads every default until set, then the settings sent over the defaults, with updatedAt", async () => {
    const org = await orgWithSpaces(h, ["Docs"]);
    const site = await newSite(h, org, { title: "Docs", spaces: [org.spaces[0]!.id] });
    const member = await h.member(org.id, "read");
    const initial = await as(member).get(`${site.url}/customization`).expect(200);
    expect(initial.body).toEqual(DEFAULT_CUSTOMIZATION);
    const put = await as(org.admin)
      .put(`${site.url}/customization`, {
        title: "Acme docs",
        styling: { theme: "bold", primaryColor: { light: "#0b7a4b", dark: "#3ddc97" } },
        favicon: { emoji: "1f389" },
        themes: { default: "dark", toggeable: false },
      })
      .expect(200);
    expect(put.body).toEqual({
      ...DEFAULT_CUSTOMIZATION,
      title: "Acme docs",
      styling: { ...DEFAULT_CUSTOMIZATION.styling, theme: "bold", primaryColor: { light: "#0b7a4b", dark: "#3ddc97" } },
      favicon: { emoji: "1f389" },
      themes: { default: "dark", toggeable: false },
      updatedAt: h.clock.now().toISOString(),
    });
    expect((await as(member).get(`${site.url}/customization`).expect(200)).body).toEqual(put.body);
    // A full replacement: what is left out goes back to its default.
    const replaced = await as(org.admin)
      .put(`${site.url}/customization`, { pagination: { enabled: false } })
      .expect(200);
    expect(replaced.body.title).toBeUndefined();
    expect(replaced.body.styling).toEqual(DEFAULT_CUSTOMIZATION.styling);
    expect(replaced.body.pagination).toEqual({ enabled: false });
    // The published view shows it too.
    const published = await as(member).get(`${site.url}/published`).expect(200);
    expect(published.body.customizations.site.title).toBe("Docs");
  });

  it("refuses invalid settings (400 naming the field), members below admin (403) and other organizations (404)", async () => {
    const org = await orgWithSpaces(h, ["Docs"]);
    const site = await newSite(h, org, { title: "Docs", spaces: [org.spaces[0]!.id] });
    const bad = await as(org.admin)
      .put(`${site.url}/customization`, { styling: { primaryColor: { light: "red", dark: "#000" } } })
      .expect(400);
    expect(bad.body.error.message).toMatch(/primaryColor/);
    await as(org.admin)
      .put(`${site.url}/customization`, { header: { links: [{ title: "x", to: { kind: "url", url: "javascript:alert(1)" }, links: [] }] } })
      .expect(400);
    await as(org.admin).put(`${site.url}/customization`, { unknown: true }).expect(400);
    const editor = await h.member(org.id, "edit");
    await as(editor).put(`${site.url}/customization`, {}).expect(403);
    const other = await orgWithSpaces(h, []);
    await as(other.admin).get(`${site.url}/customization`).expect(404);
  });
});
