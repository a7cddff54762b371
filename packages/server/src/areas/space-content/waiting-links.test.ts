// Links to pages and files that arrive later (a migration in batches, in any order):
// they resolve when their target arrives, in the change request and in the merge.
import { type Change, contentHelpers, insertPage } from "../../../test/support/content";
import { type TestUser, useHarness } from "../../../test/support/harness";

const h = useHarness();
const c = contentHelpers(h);

const get = (user: TestUser, url: string) => h.api.get(url).set("Authorization", user.auth);

interface Entry {
  status: string;
  targetReference: { kind: string; url?: string; page?: string };
  locationReferences: { page: string }[];
}

interface TreePage {
  id: string;
  pages?: TreePage[];
}

/** The links' `kind:status`, sorted: of the space (`/v1/spaces/…`), or of every page of a change request's content. */
async function statuses(user: TestUser, base: string): Promise<string[]> {
  let entries: Entry[];
  if (!base.includes("/change-requests/")) entries = (await get(user, `${base}/links?limit=100`).expect(200)).body.items;
  else {
    const flat = (pages: TreePage[]): TreePage[] => pages.flatMap((page) => [page, ...flat(page.pages ?? [])]);
    const pages = flat((await get(user, `${base}/content/pages`).expect(200)).body.pages);
    entries = [];
    for (const page of pages) entries.push(...(await get(user, `${base}/content/page/${page.id}/links`).expect(200)).body.items);
  }
  return entries.map((entry) => `${entry.targetReference.kind}:${entry.status}`).sort();
}

async function setup() {
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  const cr = await c.createChangeRequest(org.admin, space.id);
  const write = (changes: Change[]) => c.write(org.admin, space.id, cr.id, changes).expect(200);
  return { org, admin: org.admin, space, cr, write, crBase: `/v1/spaces/${space.id}/change-requests/${cr.id}`, spaceBase: `/v1/spaces/${space.id}` };
}

describe("links to pages and files written before them", () => {
  it("resolve when a later batch brings the target, in reverse batch order, and stay resolved through the merge", async () => {
    const { admin, space, cr, write, crBase, spaceBase } = await setup();
    // Batch 1: the linking pages, under a chapter; their targets do not exist yet.
    await write([
      insertPage("Manual", "Start at [install](/reference/install#requirements) or [the API](/reference/api)."),
      insertPage("Tour", "See ![the diagram](diagram.png) and [usage](/reference/usage)."),
    ]);
    expect(await statuses(admin, crBase)).toEqual(["url:broken", "url:broken", "url:broken", "url:broken"]);
    // Batch 2: the chapter and two of the targets.
    await write([
      insertPage("Reference", "", { ref: "ref" }),
      insertPage("Install", "## Requirements\n\nNode.", { into: "ref" }),
      insertPage("API", "Calls.", { into: "ref" }),
    ]);
    expect(await statuses(admin, crBase)).toEqual(["anchor:ok", "page:ok", "url:broken", "url:broken"]);
    // Batch 3: the file, then the last page, named otherwise and moved (a new slug) to the path it is waited at.
    await write([{ operation: "insert_files", files: [{ name: "diagram.png", contentType: "image/png", data: Buffer.from("png").toString("base64") }] }]);
    const pages = await c.pages(admin, space.id, cr.id);
    const chapter = pages.find((page) => page.title === "Reference")!;
    await write([insertPage("Using it", "Use it.", { into: chapter.id })]);
    expect(await statuses(admin, crBase)).toEqual(["anchor:ok", "file:ok", "page:ok", "url:broken"]);
    const usingIt = ((await get(admin, `${crBase}/content/path/reference/using-it`).expect(200)).body as { id: string }).id;
    await write([{ operation: "update_page", page: usingIt, title: "Usage", slug: "usage" }]);
    expect(await statuses(admin, crBase)).toEqual(["anchor:ok", "file:ok", "page:ok", "page:ok"]);
    // The links are references now: they follow their targets as they move.
    await write([{ operation: "update_page", page: usingIt, slug: "how-to-use" }]);
    expect(await statuses(admin, crBase)).toEqual(["anchor:ok", "file:ok", "page:ok", "page:ok"]);
    const tour = (await get(admin, `${crBase}/content/path/tour`).expect(200)).body;
    expect(tour.markdown).toBe("See ![the diagram](diagram.png) and [usage](/reference/how-to-use).");
    await c.merge(admin, space.id, cr.id).expect(200);
    expect(await statuses(admin, spaceBase)).toEqual(["anchor:ok", "file:ok", "page:ok", "page:ok"]);
  });

  it("resolve in a merge that brings the target from another change request, whichever merges first", async () => {
    for (const linksFirst of [true, false]) {
      const { org, admin, space } = await setup();
      const [links, targets] = [await c.createChangeRequest(admin, space.id, "Links"), await c.createChangeRequest(admin, space.id, "Targets")];
      await c.write(admin, space.id, links.id, [insertPage("Home", "Go to [the guide](/guide).")]).expect(200);
      await c.write(admin, space.id, targets.id, [insertPage("Guide", "Guided.")]).expect(200);
      for (const cr of linksFirst ? [links, targets] : [targets, links]) expect((await c.merge(admin, space.id, cr.id).expect(200)).body.result).toBe("merge");
      expect(await statuses(org.admin, `/v1/spaces/${space.id}`)).toEqual(["page:ok"]);
    }
  });

  it("resolve when a page moves to the path they wait for", async () => {
    const { admin, space, cr, write, crBase } = await setup();
    await write([insertPage("Home", "[the install guide](/guides/install)"), insertPage("Guides", ""), insertPage("Install", "Steps.")]);
    const pages = await c.pages(admin, space.id, cr.id);
    const [guides, install] = [pages.find((page) => page.title === "Guides")!, pages.find((page) => page.title === "Install")!];
    expect(await statuses(admin, crBase)).toEqual(["url:broken"]);
    await write([{ operation: "update_page", page: install.id, into: guides.id }]);
    expect(await statuses(admin, crBase)).toEqual(["page:ok"]);
  });

  it("classify addresses of other schemes as external (ok), and paths matching nothing as broken", async () => {
    const { admin, space, cr, write, crBase } = await setup();
    await write([
      insertPage(
        "Links",
        "[ftp](ftp://files.example.com/a), [news](news:comp.lang), [mail](mailto:a@example.com), [tel](tel:+331), [irc](irc://irc.example.com/x), [proto](//cdn.example.com/x), [js](javascript:void), [nothing](/nothing), [bad](%zz)",
      ),
    ]);
    const [page] = await c.pages(admin, space.id, cr.id);
    const links = (await get(admin, `${crBase}/content/page/${page!.id}/links`).expect(200)).body.items as Entry[];
    const byUrl = Object.fromEntries(links.map((entry) => [entry.targetReference.url, entry.status]));
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
