// A page of a million hostile characters (unclosed brackets, image openers, emphasis runs,
// backticks, `<`…) written through a change request, merged (long steps let the loop turn, ../event-loop.ts), and read every way: the API
// (markdown and format=document), the published page and its `.md`. Its rendering runs
// in the render pool's worker, so the event loop stays free for everyone else meanwhile:
// measured as the event loop's longest delay (perf_hooks), which is what a second client's
// /healthz waits, without depending on the machine's speed the way request timings do.
// Runs once: rendering in the render pool's worker and the event loop's delay, not the database's work.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { contentHelpers, insertPage } from "../../test/support/content";
import { useHarness } from "../../test/support/harness";
import { hostileMarkdown } from "../../test/support/hostile-markdown";
import { siteFixtures } from "../../test/support/site-fixtures";

// A budget no loaded machine misses on this page (seconds are enough unloaded); the body limit fits its JSON.
const h = useHarness({ publicUrl: "http://localhost:3000", bodyLimitBytes: 8 * 1024 * 1024, render: { minLength: 20_000, budgetMs: 120_000, workers: 1 } });
const { publishedSite, read } = siteFixtures(h);
const content = contentHelpers(h);

/**
 * The longest the event loop was held, in ms, while reading. Before the render pool a page
 * like this held it for minutes; what is left on the request thread is linear work on
 * the page (loaded from the in-process PGlite, its targets rewritten, the answer serialized):
 * 15 to 900 ms per read measured on a loaded 2-core machine, once 3.8 s; the bound leaves room for that.
 */
const MAX_BLOCKED_MS = 5000;

describe("a page of a million hostile characters", () => {
  it("is merged, and read through the API and the published site while the event loop stays free", async () => {
    const markdown = hostileMarkdown(1_000_000);
    const blocked: Record<string, number> = {};
    const measured = async <T>(name: string, request: () => PromiseLike<T>): Promise<T> => {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const answer = await request();
      delay.disable();
      blocked[name] = delay.max / 1e6;
      return answer;
    };
    const site = await measured("written, merged and published", () => publishedSite([insertPage("Hostile", markdown)]));
    const [page] = await content.pages(site.admin, site.spaceId);
    const api = (format: string) => h.api.get(`/v1/spaces/${site.spaceId}/content/page/${page!.id}?format=${format}`).set("Authorization", site.admin.auth);
    const html = await measured("site page", () => read(`${site.published}/hostile`));
    const md = await measured("site .md", () => read(`${site.published}/hostile.md`));
    const source = await measured("API markdown", () => api("markdown"));
    const document = await measured("API document", () => api("document"));

    expect(document.status).toBe(200);
    expect(document.body.document.object).toBe("document");
    expect(source.status).toBe(200);
    expect(source.body.markdown.length).toBeGreaterThan(900_000);
    expect(html.status).toBe(200);
    expect(html.text).toContain("<h1>Hostile</h1>");
    expect(md.status).toBe(200);
    for (const ms of Object.values(blocked)) expect(ms).toBeLessThan(MAX_BLOCKED_MS);
  }, 300_000);

  it("answers 503 with the reason, on the site and in the API, when rendering passes the budget", async () => {
    h.services.renderPool.options.budgetMs = 1;
    try {
      const site = await publishedSite([insertPage("Slow", hostileMarkdown(200_000))]);
      const [page] = await content.pages(site.admin, site.spaceId);
      const html = await read(`${site.published}/slow`).expect(503);
      expect(html.text).toContain("too long or complex to render within");
      const api = await h.api.get(`/v1/spaces/${site.spaceId}/content/page/${page!.id}?format=document`).set("Authorization", site.admin.auth).expect(503);
      expect(api.body.error.message).toMatch(/too long or complex to render.*format=markdown/);
      // The markdown itself is still readable.
      await h.api.get(`/v1/spaces/${site.spaceId}/content/page/${page!.id}`).set("Authorization", site.admin.auth).expect(200);
    } finally {
      h.services.renderPool.options.budgetMs = 120_000;
    }
  }, 300_000);
});
