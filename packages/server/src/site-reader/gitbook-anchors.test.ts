// GitBook's heading anchors (`### **4. Set Up the Editor Component**` is `#id-4.-set-up-the-editor-component`):
// headings get them on the published site and in the API, links to them resolve, the form Docstack gave before
// still lands (an alias), and a link to an anchor no heading has is reported broken.
// Runs once: heading anchors are rendering; the page reads behind them run on PostgreSQL too (serving.test.ts).
import type { Schemas } from "@docstack/contract";
import { answered, useHarness } from "../../test/support/harness";
import { siteFixtures } from "../../test/support/site-fixtures";
import { gitbookAnchorOf, HeadingAnchors } from "../content/format/markdown";

const h = useHarness({ publicUrl: "http://localhost:3000" });
const { publishedSite, read } = siteFixtures(h);

test("GitBook's anchor of a heading, and the former form as its alias", () => {
  expect(gitbookAnchorOf("**4. Set Up the Editor Component**")).toBe("id-4.-set-up-the-editor-component");
  expect(gitbookAnchorOf("5. Set Up the Proxy Server (V2 Auth)")).toBe("id-5.-set-up-the-proxy-server-v2-auth");
  expect(gitbookAnchorOf("Authentication Flow (Server-Side Only)")).toBe("authentication-flow-server-side-only");
  expect(gitbookAnchorOf("`init()` options")).toBe("init-options");
  const anchors = new HeadingAnchors();
  expect(anchors.next("**4. Set Up the Editor Component**")).toBe("id-4.-set-up-the-editor-component");
  expect(anchors.aliasesOf("id-4.-set-up-the-editor-component")).toEqual(["4-set-up-the-editor-component"]);
  expect(anchors.next("Usage")).toBe("usage");
  expect(anchors.aliasesOf("usage")).toEqual([]);
  expect(anchors.next("Usage")).toBe("usage-1");
});

test("headings carry GitBook's anchors on the site; links to them and to the former form resolve, others are reported", async () => {
  const guide = ["Intro.", "", "### **4. Set Up the Editor Component**", "", "Text.", ""].join("\n");
  const links = [
    "[GitBook's](/guide#id-4.-set-up-the-editor-component)",
    "[former](/guide#4-set-up-the-editor-component)",
    "[none](/guide#id-9.-nothing-here)",
    "",
  ].join("\n\n");
  const site = await publishedSite([
    { operation: "insert_page", title: "Guide", slug: "guide", document: { markdown: guide } },
    { operation: "insert_page", title: "Links", slug: "links", document: { markdown: links } },
  ]);

  const html = (await read(`${site.published}/guide`).expect(200)).text;
  expect(html).toMatch(/<h3 id="id-4\.-set-up-the-editor-component">/);
  expect(html).toContain('<span id="4-set-up-the-editor-component"></span></h3>');
  expect((await read(`${site.published}/links`).expect(200)).text).toContain('/guide#id-4.-set-up-the-editor-component"');

  const entries: Schemas["LinkEntry"][] = (
    await answered(h.as(site.admin).GET("/v1/spaces/{spaceId}/links", { params: { path: { spaceId: site.spaceId }, query: { limit: 100 } } }), 200)
  ).items;
  const byAnchor = Object.fromEntries(
    entries.map((entry) => [(entry.targetReference as { anchor?: string }).anchor ?? entry.targetReference.kind, entry.status]),
  );
  expect(byAnchor).toEqual({ "id-4.-set-up-the-editor-component": "ok", "4-set-up-the-editor-component": "ok", "id-9.-nothing-here": "broken" });

  const pages = (await answered(h.as(site.admin).GET("/v1/spaces/{spaceId}/content/pages", { params: { path: { spaceId: site.spaceId } } }), 200)).pages;
  const ofPage = { params: { path: { spaceId: site.spaceId, pageId: pages[0]!.id }, query: { format: "document" as const } } };
  const document = (await answered(h.as(site.admin).GET("/v1/spaces/{spaceId}/content/page/{pageId}", ofPage), 200)).document!;
  expect(document.nodes[1]).toMatchObject({ type: "heading-3", data: { anchor: "id-4.-set-up-the-editor-component" } });
});
