import { bodyOf, draftOf, type Settings } from "./customization-draft";

/** A customization as the API reads it for a site never customized. */
const read = {
  styling: {},
  internationalization: {},
  favicon: {},
  header: {},
  footer: {},
  themes: { default: "system" },
  feedback: {},
  ai: {},
  advancedCustomization: {},
  trademark: {},
  externalLinks: {},
  pagination: {},
  pageActions: {},
  privacyPolicy: {},
  socialPreview: {},
  socialAccounts: [],
  insights: {},
} as unknown as Settings;

describe("the customization's draft and the body it is saved as", () => {
  it("leaves empty text out, fills a code theme's other half, and reads the links typed as lines", () => {
    const draft = draftOf({ ...read, updatedAt: "2026-12-01T00:00:00.000Z" } as Settings);
    draft.settings = {
      ...draft.settings,
      title: "",
      footer: { copyright: "" },
      privacyPolicy: { url: "" },
      announcement: { enabled: false, message: "", style: "info" },
      styling: { codeTheme: { default: { dark: "dracula" } } } as Settings["styling"],
    };
    draft.look.font = "Lato";
    draft.headerLinks = "Blog | https://example.com/blog";
    draft.suggestions = "How do I start?\n\n";
    const { body } = bodyOf(draft);
    expect(body).toEqual({
      ...read,
      styling: {
        primaryColor: { light: "#346ddb", dark: "#346ddb" },
        font: "Lato",
        monospaceFont: "IBMPlexMono",
        theme: "clean",
        corners: "rounded",
        codeTheme: { default: { light: "default-light", dark: "dracula" } },
      },
      header: { links: [{ title: "Blog", to: { kind: "url", url: "https://example.com/blog" }, links: [] }] },
      footer: { groups: [] },
      ai: { suggestions: ["How do I start?"] },
    });
  });

  it("saves nothing while a line of links cannot be read, naming it", () => {
    const draft = draftOf(read);
    draft.footerLinks = "  Orphan | https://example.com";
    expect(bodyOf(draft)).toEqual({ errors: { header: [], footer: [{ line: 1, message: "an indented link needs a group's title above it" }] } });
  });
});
