// Visitor authentication settings (GitBook's .../publishing/auth): the key is made once,
// kept, shown only to admins and is a secret of the registry; what readers get with it is
// in sites/audience.test.ts and sites/browser.test.ts.

import { useHarness } from "../../../test/support/harness";
import { insertPage, siteFixtures } from "../../../test/support/site-fixtures";

const h = useHarness({ publicUrl: "http://localhost:3000" });
const { as, publishedSite } = siteFixtures(h);
const pages = () => [insertPage("Welcome", "Private pages.")];

describe("the publishing-auth operations", () => {
  it("give admins the key (made once, kept), its fallback and logout URLs; refuse other members", async () => {
    const site = await publishedSite(pages());
    const first = (await as(site.admin).get(`${site.siteApiUrl}/publishing/auth`).expect(200)).body;
    expect(first).toEqual({ object: "publishing-auth", backend: "custom", privateKey: expect.stringMatching(/^pk_[A-Za-z0-9_-]{43}$/) });
    expect(h.secrets.has(first.privateKey)).toBe(true);
    expect((await as(site.admin).get(`${site.siteApiUrl}/publishing/auth`).expect(200)).body.privateKey).toBe(first.privateKey);
    const updated = await as(site.admin)
      .patch(`${site.siteApiUrl}/publishing/auth`, {
        backend: "custom",
        fallbackURL: "https://login.acme.example/",
        logoutURL: "https://login.acme.example/out",
      })
      .expect(200);
    expect(updated.body).toEqual({ ...first, fallbackURL: "https://login.acme.example/", logoutURL: "https://login.acme.example/out" });
    const cleared = await as(site.admin).patch(`${site.siteApiUrl}/publishing/auth`, { backend: "custom", logoutURL: null }).expect(200);
    expect(cleared.body).toEqual({ ...first, fallbackURL: "https://login.acme.example/" });
    await as(site.admin).patch(`${site.siteApiUrl}/publishing/auth`, { backend: "integration" }).expect(400);
    await as(site.admin).patch(`${site.siteApiUrl}/publishing/auth`, { backend: "custom", fallbackURL: "javascript:alert(1)" }).expect(400);

    const member = await h.member(site.organizationId, "edit");
    await as(member).get(`${site.siteApiUrl}/publishing/auth`).expect(403);
    await as(member).post(`${site.siteApiUrl}/publishing/auth/regenerate`).expect(403);
    const outsider = (await h.organization()).admin;
    await as(outsider).get(`${site.siteApiUrl}/publishing/auth`).expect(404);
  });
});
