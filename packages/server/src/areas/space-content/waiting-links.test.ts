// Links to pages and files that arrive later (a migration in batches, in any order):
// they resolve when their target arrives, in the change request and in the merge.
import type { Schemas } from "@docstack/contract";
import { type Change, contentHelpers, insertPage } from "../../../test/support/content";
import { type ApiClient, answered, at, useHarness } from "../../../test/support/harness";

const h = useHarness();
const c = contentHelpers(h);

const CR_PAGE = "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/path/{pagePath}";

/** The links' `kind:status`, sorted: of the space, or of every page of a change request's content. */
async function statuses(client: ApiClient, spaceId: string, changeRequestId?: string): Promise<string[]> {
  let entries: Schemas["LinkEntry"][];
  if (!changeRequestId)
    entries = (await answered(client.GET("/v1/spaces/{spaceId}/links", { params: { path: { spaceId }, query: { limit: 100 } } }), 200)).items;
  else {
    const ofCr = at({ spaceId, changeRequestId });
    type Page = { id: string; pages?: Page[] };
    const flat = (pages: Page[]): Page[] => pages.flatMap((page) => [page, ...flat(page.pages ?? [])]);
    const pages = flat((await answered(client.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages", ofCr), 200)).pages);
    entries = [];
    for (const page of pages) {
      const links = client.GET(
        "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links",
        at({ spaceId, changeRequestId, pageId: page.id }),
      );
      entries.push(...(await answered(links, 200)).items);
    }
  }
  return entries.map((entry) => `${entry.targetReference.kind}:${entry.status}`).sort();
}

async function setup() {
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  const cr = await c.createChangeRequest(org.admin, space.id);
  const write = (changes: Change[]) => c.write(org.admin, space.id, cr.id, changes).expect(200);
  return { org, admin: org.admin, client: h.as(org.admin), space, cr, write };
}

describe("links to pages and files written before them", () => {
  it("resolve when a later batch brings the target, in reverse batch order, and stay resolved through the merge", async () => {
    const { admin, client, space, cr, write } = await setup();
    // Batch 1: the linking pages, under a chapter; their targets do not exist yet.
    await write([
      insertPage("Manual", "Start at [install](/reference/install#requirements) or [the API](/reference/api)."),
      insertPage("Tour", "See ![the diagram](diagram.png) and [usage](/reference/usage)."),
    ]);
    expect(await statuses(client, space.id, cr.id)).toEqual(["url:broken", "url:broken", "url:broken", "url:broken"]);
    // Batch 2: the chapter and two of the targets.
    await write([
      insertPage("Reference", "", { ref: "ref" }),
      insertPage("Install", "## Requirements\n\nNode.", { into: "ref" }),
      insertPage("API", "Calls.", { into: "ref" }),
    ]);
    expect(await statuses(client, space.id, cr.id)).toEqual(["anchor:ok", "page:ok", "url:broken", "url:broken"]);
    // Batch 3: the file, then the last page, named otherwise and moved (a new slug) to the path it is waited at.
    await write([{ operation: "insert_files", files: [{ name: "diagram.png", contentType: "image/png", data: Buffer.from("png").toString("base64") }] }]);
    const pages = await c.pages(admin, space.id, cr.id);
    const chapter = pages.find((page) => page.title === "Reference")!;
    await write([insertPage("Using it", "Use it.", { into: chapter.id })]);
    expect(await statuses(client, space.id, cr.id)).toEqual(["anchor:ok", "file:ok", "page:ok", "url:broken"]);
    const ofCr = { spaceId: space.id, changeRequestId: cr.id };
    const usingIt = (await answered(client.GET(CR_PAGE, at({ ...ofCr, pagePath: "reference/using-it" })), 200)).id;
    await write([{ operation: "update_page", page: usingIt, title: "Usage", slug: "usage" }]);
    expect(await statuses(client, space.id, cr.id)).toEqual(["anchor:ok", "file:ok", "page:ok", "page:ok"]);
    // The links are references now: they follow their targets as they move.
    await write([{ operation: "update_page", page: usingIt, slug: "how-to-use" }]);
    expect(await statuses(client, space.id, cr.id)).toEqual(["anchor:ok", "file:ok", "page:ok", "page:ok"]);
    const tour = await answered(client.GET(CR_PAGE, at({ ...ofCr, pagePath: "tour" })), 200);
    expect(tour.markdown).toBe("See ![the diagram](diagram.png) and [usage](/reference/how-to-use).");
    await c.merge(admin, space.id, cr.id).expect(200);
    expect(await statuses(client, space.id)).toEqual(["anchor:ok", "file:ok", "page:ok", "page:ok"]);
  });

  it("resolve in a merge that brings the target from another change request, whichever merges first", async () => {
    for (const linksFirst of [true, false]) {
      const { org, admin, space } = await setup();
      const [links, targets] = [await c.createChangeRequest(admin, space.id, "Links"), await c.createChangeRequest(admin, space.id, "Targets")];
      await c.write(admin, space.id, links.id, [insertPage("Home", "Go to [the guide](/guide).")]).expect(200);
      await c.write(admin, space.id, targets.id, [insertPage("Guide", "Guided.")]).expect(200);
      for (const cr of linksFirst ? [links, targets] : [targets, links]) expect((await c.merge(admin, space.id, cr.id).expect(200)).body.result).toBe("merge");
      expect(await statuses(h.as(org.admin), space.id)).toEqual(["page:ok"]);
    }
  });

  it("resolve when a page moves to the path they wait for", async () => {
    const { admin, client, space, cr, write } = await setup();
    await write([insertPage("Home", "[the install guide](/guides/install)"), insertPage("Guides", ""), insertPage("Install", "Steps.")]);
    const pages = await c.pages(admin, space.id, cr.id);
    const [guides, install] = [pages.find((page) => page.title === "Guides")!, pages.find((page) => page.title === "Install")!];
    expect(await statuses(client, space.id, cr.id)).toEqual(["url:broken"]);
    await write([{ operation: "update_page", page: install.id, into: guides.id }]);
    expect(await statuses(client, space.id, cr.id)).toEqual(["page:ok"]);
  });

  it("classify addresses of other schemes as external (ok), and paths matching nothing as broken", async () => {
    const { admin, client, space, cr, write } = await setup();
    await write([
      insertPage(
        "Links",
        "[ftp](ftp://files.example.com/a), [news](news:comp.lang), [mail](mailto:a@example.com), [tel](tel:+331), [irc](irc://irc.example.com/x), [proto](//cdn.example.com/x), [js](javascript:void), [nothing](/nothing), [bad](%zz)",
      ),
    ]);
    const [page] = await c.pages(admin, space.id, cr.id);
    const path = at({ spaceId: space.id, changeRequestId: cr.id, pageId: page!.id });
    const links = (await answered(client.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links", path), 200)).items;
    const byUrl = Object.fromEntries(links.map((entry) => ["url" in entry.targetReference ? entry.targetReference.url : undefined, entry.status]));
    expect(byUrl).toEqual({
      "ftp://files.example.com/a": "ok",
      "news:comp.lang": "ok",
      "mailto:a@example.com": "ok",
      "tel:+331": "ok",
      "irc://irc.example.com/x": "ok",
      "//cdn.example.com/x": "ok",
      "javascript:void": "broken",
      "/nothing": "broken",
      "%zz": "broken",
    });
  });
});
