// Runs once: the app's static files, its routes and their HTTP headers; no query decides them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { useHarness } from "../../test/support/harness";
import { insertPage, siteFixtures } from "../../test/support/site-fixtures";

// A build of the app as packages/app makes it (its own tests load the real one in a browser).
const appDir = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-app-"));
fs.mkdirSync(path.join(appDir, "assets"));
fs.writeFileSync(path.join(appDir, "index.html"), '<!doctype html><script type="module" src="/app/assets/main-ABC123.js"></script>');
fs.writeFileSync(path.join(appDir, "assets/main-ABC123.js"), "console.log('app')");
const h = useHarness({ appDir });

describe("the app at /app/", () => {
  it("answers index.html for every screen's URL, never cached, under its own strict content-security policy", async () => {
    await h.api.get("/app").expect(301).expect("Location", "/app/");
    for (const url of ["/app/", "/app/spaces/abc/pages/def", "/app/orgs/o1/members", "/app/sign-in"]) {
      const res = await h.api.get(url).expect(200);
      expect(res.text).toContain("/app/assets/main-ABC123.js");
      expect(res.headers["cache-control"]).toBe("no-cache");
      const csp = res.headers["content-security-policy"] as string;
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-inline");
    }
  });

  it("answers every `urls.app` of a site and a page with the app (which opens their screen: packages/app's tests)", async () => {
    const { as, publishedSite, read } = siteFixtures(h);
    const site = await publishedSite([insertPage("Welcome", "Hello.")]);
    const siteApp = (await as(site.admin).get(site.siteApiUrl).expect(200)).body.urls.app as string;
    const pageApp = (await as(site.admin).get(`/v1/spaces/${site.spaceId}/content/pages`).expect(200)).body.pages[0].urls.app as string;
    for (const url of [siteApp, pageApp]) {
      expect(new URL(url).pathname).toMatch(/^\/app\//);
      expect((await read(url).expect(200)).text).toContain("/app/assets/main-ABC123.js");
    }
  });

  it("serves hashed assets as immutable, and a missing one as a 404 (not the page)", async () => {
    const asset = await h.api.get("/app/assets/main-ABC123.js").expect(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-type"]).toMatch(/javascript/);
    await h.api.get("/app/assets/main-OLD.js").expect(404);
  });
});

describe("the app before it is built", () => {
  const unbuilt = useHarness({ appDir: path.join(appDir, "nothing-here") });
  it("says how to build it", async () => {
    const res = await unbuilt.api.get("/app/").expect(503);
    expect(res.text).toMatch(/npm run build/);
  });
});
