// A repository GitBook's Git Sync wrote, imported and published: every image of every page answers with its file's
// bytes, every link into the site answers 200 and every anchor it names is on the page it reaches.
import { existsSync } from "node:fs";
import { join, posix } from "node:path";
import { useHarness } from "../../test/support/harness";
import { siteFixtures } from "../../test/support/site-fixtures";
import { importRepository } from "../commands/import-repository";
import { readDirectory } from "../content/gitbook-layout/fixture";

// A long page renders in the worker pool: a budget a loaded machine meets.
const h = useHarness({ publicUrl: "http://localhost:3000", render: { minLength: 20_000, budgetMs: 120_000, workers: 1 } });
const { as, content, read } = siteFixtures(h);

const LAYOUT = join(__dirname, "../content/gitbook-layout");
const FIXTURES = ["fixture-authored", "fixture-beefree"].filter((name) => existsSync(join(LAYOUT, name)));

/** Links of the real repository to anchors none of its headings has. */
const BROKEN_ANCHORS: Record<string, string[]> = { "fixture-beefree": ["visual-builders/ai-driven-design-creation#custom-addons"] };

type Listed = { path: string; type: string; pages?: Listed[] };
const documents = (pages: Listed[]): string[] => pages.flatMap((page) => [...(page.type === "document" ? [page.path] : []), ...documents(page.pages ?? [])]);

const decodeHtml = (value: string) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/** The images (`src`, each `srcset` candidate) and the links (`href` of `<a>`) of a page's HTML. */
function targetsOf(html: string): { images: string[]; links: string[] } {
  const images = [...html.matchAll(/<(?:img|source)\b[^>]*?\s(src|srcset)="([^"]*)"/g)].flatMap(([, attribute, value]) =>
    attribute === "srcset"
      ? decodeHtml(value!)
          .split(/,\s*/)
          .map((candidate) => candidate.split(/\s+/)[0]!)
      : [decodeHtml(value!)],
  );
  const links = [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map(([, href]) => decodeHtml(href!));
  return { images, links };
}

/** The ids of a page's HTML (its anchors). */
const idsOf = (html: string) => new Set([...html.matchAll(/\sid="([^"]*)"/g)].map(([, id]) => decodeHtml(id!)));

describe.each(FIXTURES)("the published site of %s", (fixture) => {
  it("serves every image with its file's bytes and resolves every link and anchor", async () => {
    const org = await h.organization();
    const space = await content.createSpace(org.admin, org.id, "Docs");
    const files = readDirectory(join(LAYOUT, fixture));
    const ctx = { ...h.services, baseUrl: "http://localhost", actor: { userId: org.admin.id, user: { displayName: "Admin" } } };
    expect((await importRepository(ctx, { spaceId: space.id, files })).result).toBe("merge");
    const site = (
      await as(org.admin)
        .post(`/v1/orgs/${org.id}/sites`, { title: "Docs", spaces: [space.id] })
        .expect(201)
    ).body;
    const published: string = (await as(org.admin).post(`/v1/orgs/${org.id}/sites/${site.id}/publish`).expect(200)).body.urls.published;
    const root = new URL(`${published.replace(/\/$/, "")}/`);

    const assets = new Set([...files].flatMap(([path, data]) => (path.startsWith(".gitbook/assets/") ? [data.toString("latin1")] : [])));
    const listed = await as(org.admin).get(`/v1/spaces/${space.id}/content/pages`);
    expect(listed.status).toBe(200);
    const paths = documents(listed.body.pages);
    const pages = new Map<string, string>(); // a page's URL (without its anchor) → its HTML
    const fetchPage = async (url: string): Promise<string> => {
      const known = pages.get(url);
      if (known !== undefined) return known;
      let res = await read(url);
      // A former path answers with the page it moved to.
      if (res.status === 308) res = await read(new URL(res.headers.location!, url).href);
      expect([url, res.status]).toEqual([url, 200]);
      pages.set(url, res.text);
      return res.text;
    };
    const counted = { images: 0, links: 0, anchors: 0 };
    const checkedImages = new Set<string>();
    const missingAnchors = new Set<string>();
    for (const path of paths) {
      const url = new URL(path, root).href;
      const { images, links } = targetsOf(await fetchPage(url));
      for (const src of images) {
        const image = new URL(src, url).href;
        if (checkedImages.has(image) || new URL(image).host !== root.host) continue;
        checkedImages.add(image);
        const res = await read(image).buffer(true).expect(200);
        expect([src, assets.has(Buffer.from(res.body).toString("latin1"))]).toEqual([src, true]);
        counted.images++;
      }
      for (const href of links) {
        const target = new URL(href, url);
        if (target.host !== root.host || !target.pathname.startsWith(root.pathname)) continue;
        // A link to a page the trimmed copy left out stays as written (`../apis/….md`): no file of the copy is there.
        if (/\.md$/i.test(target.pathname)) {
          const written = posix.normalize(href.split("#")[0]!).replace(/^(\.\.\/)+|^\.\//g, "");
          expect([href, [...files.keys()].some((file) => file.endsWith(decodeURI(written)))]).toEqual([href, false]);
          continue;
        }
        const anchor = decodeURIComponent(target.hash.slice(1));
        target.hash = "";
        const html = await fetchPage(target.href);
        counted.links++;
        if (anchor) {
          if (idsOf(html).has(anchor)) counted.anchors++;
          else missingAnchors.add(`${target.pathname.slice(root.pathname.length)}#${anchor}`);
        }
      }
    }
    // Only the anchors no heading of the repository has (its author's broken links) are missing.
    expect([...missingAnchors].sort()).toEqual(BROKEN_ANCHORS[fixture] ?? []);
    // Every page was read, with what its files name.
    expect(counted.images).toBeGreaterThan(fixture === "fixture-beefree" ? 30 : 1);
    expect(counted.links).toBeGreaterThan(paths.length);
  });
});
