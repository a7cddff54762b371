// Content writes in GitBook's shapes: pages without a title, page metadata (adaptive content's condition
// included), refs within a batch, files by base64 and by URL, revert_page, and compat=false.
import { contentHelpers, pngBytes } from "../../../test/support/content";
import { createHarness, type Harness, type TestUser } from "../../../test/support/harness";
import { type LocalServer, localServer } from "../../../test/support/local-server";

let server: LocalServer;
let base: string;
let h: Harness;
let c: ReturnType<typeof contentHelpers>;
const PNG = pngBytes(3, 2);
beforeAll(async () => {
  server = await localServer((req, res) => {
    if (req.url === "/diagram.png") res.writeHead(200, { "Content-Type": "image/png; charset=binary" }).end(PNG);
    else res.writeHead(404).end();
  });
  base = server.base;
  h = await createHarness({ allowPrivateFetch: true });
  c = contentHelpers(h);
});
afterAll(async () => {
  await h.close();
  await server.close();
});

type Page = {
  id: string;
  title: string;
  slug: string;
  path: string;
  emoji?: string;
  icon?: string;
  description?: string;
  hidden: boolean;
  noIndex: boolean;
  noRobotsIndex: boolean;
  condition?: string;
  markdown?: string;
  pages: Page[];
};

async function setup() {
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  const cr = await c.createChangeRequest(org.admin, space.id);
  const page = (user: TestUser, id: string) =>
    h.api
      .get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/page/${id}`)
      .set("Authorization", user.auth)
      .expect(200)
      .then((res) => res.body as Page);
  return { org, admin: org.admin, space, cr, page, pages: () => c.pages(org.admin, space.id, cr.id) as unknown as Promise<Page[]> };
}

it("takes a page's title from its front matter, else its leading heading (taken out of the body), else Untitled", async () => {
  const { admin, space, cr, page, pages } = await setup();
  await c
    .write(admin, space.id, cr.id, [
      { operation: "insert_page", document: { markdown: "# Getting started\n\nInstall it." } },
      {
        operation: "insert_page",
        document: { markdown: '---\ntitle: From front matter\ndescription: Short\nemoji: "🚀"\nhidden: true\n---\n# A heading\n\nBody.' },
      },
      { operation: "insert_page", document: { markdown: "No heading here." } },
      { operation: "insert_page", title: "Given", document: { markdown: "# Kept heading\n\nText." } },
    ])
    .expect(200);
  const [first, second, third, fourth] = await pages();
  expect([first, second, third, fourth].map((p) => p?.title)).toEqual(["Getting started", "From front matter", "Untitled", "Given"]);
  expect((await page(admin, first!.id)).markdown).toBe("Install it.");
  expect(await page(admin, second!.id)).toMatchObject({ description: "Short", emoji: "🚀", hidden: true, markdown: "# A heading\n\nBody." });
  expect((await page(admin, fourth!.id)).markdown).toBe("# Kept heading\n\nText.");
  await c.write(admin, space.id, cr.id, [{ operation: "insert_page", document: { markdown: "---\ntitle: [not, text]\n---\nx" } }]).expect(400);
});

it("sets and removes page metadata: slug, description, emoji (null or empty removes it), icon, hidden, noIndex, noRobotsIndex", async () => {
  const { admin, space, cr, page, pages } = await setup();
  await c
    .write(admin, space.id, cr.id, [
      {
        operation: "insert_page",
        title: "Guide",
        slug: "the-guide",
        emoji: "1f4d8",
        icon: "book",
        description: "All of it",
        noIndex: true,
        noRobotsIndex: true,
        document: { markdown: "x" },
      },
    ])
    .expect(200);
  const [guide] = await pages();
  expect(await page(admin, guide!.id)).toMatchObject({
    slug: "the-guide",
    path: "the-guide",
    emoji: "1f4d8",
    icon: "book",
    description: "All of it",
    noIndex: true,
    noRobotsIndex: true,
    hidden: false,
  });
  await c.write(admin, space.id, cr.id, [{ operation: "update_page", page: guide!.id, emoji: null, icon: "", description: "", noIndex: false }]).expect(200);
  const cleared = await page(admin, guide!.id);
  expect(cleared).toMatchObject({ slug: "the-guide", noIndex: false, noRobotsIndex: true });
  expect(cleared).not.toHaveProperty("emoji");
  expect(cleared).not.toHaveProperty("icon");
  expect(cleared).not.toHaveProperty("description");
  // A new title keeps a slug given with it; a slug a sibling holds is refused.
  await c.write(admin, space.id, cr.id, [{ operation: "update_page", page: guide!.id, title: "Handbook", slug: "handbook-v2" }]).expect(200);
  expect(await page(admin, guide!.id)).toMatchObject({ title: "Handbook", slug: "handbook-v2" });
  const taken = await c
    .write(admin, space.id, cr.id, [{ operation: "insert_page", title: "Other", slug: "handbook-v2", document: { markdown: "" } }])
    .expect(400);
  expect(taken.body.error.message).toContain("changes/0/slug");
});

it("renames a page's title only with update_page: its slug and URL stay (GitBook's rule), also through a merge", async () => {
  const { admin, space, cr, page, pages } = await setup();
  await c.write(admin, space.id, cr.id, [{ operation: "insert_page", title: "Getting started", document: { markdown: "x" } }]).expect(200);
  const [guide] = await pages();
  expect(guide).toMatchObject({ slug: "getting-started", path: "getting-started" });
  await c.write(admin, space.id, cr.id, [{ operation: "update_page", page: guide!.id, title: "Quick start" }]).expect(200);
  expect(await page(admin, guide!.id)).toMatchObject({ title: "Quick start", slug: "getting-started", path: "getting-started" });
  expect((await c.merge(admin, space.id, cr.id).expect(200)).body.result).toBe("merge");

  // The space renames the page's URL while another change request renames only its title: both are kept.
  const retitle = await c.createChangeRequest(admin, space.id);
  await c.publish(admin, space.id, [{ operation: "update_page", page: guide!.id, slug: "start-here" }]);
  await c.write(admin, space.id, retitle.id, [{ operation: "update_page", page: guide!.id, title: "First steps" }]).expect(200);
  expect((await c.merge(admin, space.id, retitle.id).expect(200)).body.result).toBe("merge");
  const merged = (await h.api.get(`/v1/spaces/${space.id}/content/page/${guide!.id}`).set("Authorization", admin.auth).expect(200)).body;
  expect(merged).toMatchObject({ title: "First steps", slug: "start-here", path: "start-here" });
});

it("stores a page's condition (adaptive content), reads it back, merges it, shows its change, and removes it with an empty string", async () => {
  const { admin, space, cr, page, pages } = await setup();
  const condition = 'visitor.claims.plan == "enterprise" && visitor.claims.unsigned.beta';
  await c
    .write(admin, space.id, cr.id, [
      { operation: "insert_page", title: "Enterprise", condition, document: { markdown: "For enterprise readers." } },
      // Front matter sets metadata, never a condition.
      { operation: "insert_page", title: "Open", document: { markdown: "---\ncondition: visitor.claims.unsigned.beta\n---\nFor all." } },
    ])
    .expect(200);
  const [enterprise, open] = await pages();
  expect((await page(admin, enterprise!.id)).condition).toBe(condition);
  expect(await page(admin, open!.id)).not.toHaveProperty("condition");
  expect((await pages())[0]).toMatchObject({ condition });

  // Merged, the space's page has it, and the change request's changes name it.
  expect((await c.merge(admin, space.id, cr.id).expect(200)).body.result).toBe("merge");
  const merged = (await h.api.get(`/v1/spaces/${space.id}/content/page/${enterprise!.id}`).set("Authorization", admin.auth).expect(200)).body;
  expect(merged.condition).toBe(condition);

  const next = await c.createChangeRequest(admin, space.id);
  await c.write(admin, space.id, next.id, [{ operation: "update_page", page: enterprise!.id, condition: "visitor.claims.unsigned.beta" }]).expect(200);
  const changes = (await h.api.get(`/v1/spaces/${space.id}/change-requests/${next.id}/changes`).set("Authorization", admin.auth).expect(200)).body;
  expect(changes.changes).toEqual([
    expect.objectContaining({ type: "page_edited", attributes: { condition: { before: condition, after: "visitor.claims.unsigned.beta" } } }),
  ]);
  // Other metadata changes keep it; an empty string removes it.
  await c.write(admin, space.id, next.id, [{ operation: "update_page", page: enterprise!.id, title: "Enterprise plan" }]).expect(200);
  const readPage = (id: string) =>
    h.api.get(`/v1/spaces/${space.id}/change-requests/${next.id}/content/page/${id}`).set("Authorization", admin.auth).expect(200);
  expect((await readPage(enterprise!.id)).body.condition).toBe("visitor.claims.unsigned.beta");
  await c.write(admin, space.id, next.id, [{ operation: "update_page", page: enterprise!.id, condition: "" }]).expect(200);
  expect((await readPage(enterprise!.id)).body).not.toHaveProperty("condition");
});

it("refuses a page condition that does not parse or leaves the safe subset: 400 naming the change and the position, nothing written", async () => {
  const { admin, space, cr, pages } = await setup();
  await c.write(admin, space.id, cr.id, [{ operation: "insert_page", title: "Guide", document: { markdown: "x" } }]).expect(200);
  const [guide] = await pages();
  const refused = async (condition: string, operation: "insert_page" | "update_page" = "update_page") => {
    const change =
      operation === "insert_page"
        ? { operation, title: "Other", condition, document: { markdown: "" } }
        : { operation, page: guide!.id, title: "Renamed", condition };
    const answer = await c.write(admin, space.id, cr.id, [{ operation: "insert_page", title: "First", document: { markdown: "" } }, change]).expect(400);
    return answer.body.error.message as string;
  };
  expect(await refused("visitor.claims.a && (")).toMatch(/^request\/body\/changes\/1\/condition: not a valid condition: .* at position \d+$/);
  expect(await refused("visitor.claims.a &&& b", "insert_page")).toBe(
    "request/body/changes/1/condition: not a valid condition: Expected expression after && at position 19",
  );
  expect(await refused("visitor.constructor")).toContain('"constructor" is not allowed at position 8');
  expect(await refused('visitor.claims["__proto__"].polluted')).toContain('"__proto__" is not allowed');
  expect(await refused("process.exit()")).toMatch(/at position 0$/);
  expect(await refused("visitor.claims.plan = 'x'")).toMatch(/changes\/1\/condition: not a valid condition/);
  expect(await refused(`${"(".repeat(40)}visitor.claims.a${")".repeat(40)}`)).toContain("brackets nested more than 32 levels deep");
  // Longer than GitBook's Expression (1,024 characters): refused by the contract.
  expect(await refused(`visitor.claims.a${" || visitor.claims.a".repeat(60)}`)).toMatch(/condition/);
  // Nothing of a refused batch was written.
  expect((await pages()).map((p) => [p.title, p.condition])).toEqual([["Guide", undefined]]);
});

it("resolves refs between the changes of one batch: parents, pages and links to pages and files, in any order", async () => {
  const { admin, space, cr, page, pages } = await setup();
  await c
    .write(admin, space.id, cr.id, [
      { operation: "insert_page", ref: "intro", title: "Intro", document: { markdown: "See [setup](./setup.md#step-2) and ![diagram](./pic)." } },
      { operation: "insert_page", ref: "setup", into: "intro", title: "Setup", document: { markdown: "## Step 2\n\nBack to [intro](intro)." } },
      { operation: "insert_files", files: [{ ref: "pic", name: "diagram.png", contentType: "image/png", base64: PNG.toString("base64") }] },
      { operation: "update_page", page: "setup", description: "How to set up" },
    ])
    .expect(200);
  const [intro] = await pages();
  expect(intro!.pages.map((p) => p.title)).toEqual(["Setup"]);
  expect((await page(admin, intro!.id)).markdown).toBe("See [setup](/intro/setup#step-2) and ![diagram](diagram.png).");
  expect((await page(admin, intro!.pages[0]!.id)).markdown).toBe("## Step 2\n\nBack to [intro](/intro).");
  const duplicate = await c
    .write(admin, space.id, cr.id, [
      { operation: "insert_page", ref: "a", title: "A", document: { markdown: "" } },
      { operation: "insert_page", ref: "a", title: "B", document: { markdown: "" } },
    ])
    .expect(400);
  expect(duplicate.body.error.message).toContain("changes/1/ref");
});

it("adds files by base64 and by URL (through the imports' address checks), and answers compat=false with what changed", async () => {
  const { admin, space, cr } = await setup();
  const res = await h.api
    .post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`)
    .set("Authorization", admin.auth)
    .send({
      changes: [
        {
          operation: "insert_files",
          files: [
            { name: "fetched.png", url: `${base}/diagram.png` },
            { name: "inline.png", contentType: "image/png", base64: PNG.toString("base64") },
          ],
        },
        { operation: "insert_page", ref: "p", title: "Page", document: { markdown: "x" } },
      ],
    })
    .expect(200);
  expect(res.body.changeRequest.id).toBe(cr.id);
  expect(
    res.body.insertedFiles.map((file: { name: string; contentType: string; dimensions?: unknown }) => [file.name, file.contentType, file.dimensions]),
  ).toEqual([
    ["fetched.png", "image/png", { width: 3, height: 2 }],
    ["inline.png", "image/png", { width: 3, height: 2 }],
  ]);
  expect(res.body.changes).toEqual([
    { object: "created_page", ref: "p", page: { object: "page", id: expect.any(String), urls: { location: expect.stringContaining(`/content/page/`) } } },
  ]);
  await c.write(admin, space.id, cr.id, [{ operation: "insert_files", files: [{ name: "x.png", url: `${base}/missing.png` }] }]).expect(400);
  await c.write(admin, space.id, cr.id, [{ operation: "insert_files", files: [{ name: "x.png", base64: "AAAA" }] }]).expect(400);
  // Without the setting tests use, internal addresses are refused, as for imports.
  h.config.allowPrivateFetch = false;
  try {
    const refused = await c.write(admin, space.id, cr.id, [{ operation: "insert_files", files: [{ name: "x.png", url: `${base}/diagram.png` }] }]).expect(400);
    expect(refused.body.error.message).toMatch(/changes\/0\/files\/0\/url: .*internal address/);
  } finally {
    h.config.allowPrivateFetch = true;
  }
});

it("reverts a page to the change request's base or a given revision: changed, added and deleted pages", async () => {
  const { admin, space } = await setup();
  const [kept, removed] = await c.publish(admin, space.id, [
    { operation: "insert_page", title: "Kept", document: { markdown: "Original." } },
    { operation: "insert_page", title: "Removed", document: { markdown: "Was here." } },
  ]);
  const cr = await c.createChangeRequest(admin, space.id);
  await c
    .write(admin, space.id, cr.id, [
      { operation: "update_page", page: kept!.id, title: "Changed", emoji: "1f600", document: { markdown: "Edited." } },
      { operation: "delete_page", page: removed!.id },
      { operation: "insert_page", title: "Added", document: { markdown: "New." } },
    ])
    .expect(200);
  const added = (await c.pages(admin, space.id, cr.id)).find((p) => p.title === "Added")!;
  const res = await h.api
    .post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`)
    .set("Authorization", admin.auth)
    .send({
      changes: [
        { operation: "revert_page", page: kept!.id },
        { operation: "revert_page", page: removed!.id },
        { operation: "revert_page", page: added.id },
      ],
    })
    .expect(200);
  expect(res.body.changes.map((change: { object: string }) => change.object)).toEqual(["updated_page", "created_page", "deleted_page"]);
  const after = await c.pages(admin, space.id, cr.id);
  expect(after.map((p) => p.title)).toEqual(["Kept", "Removed"]);
  const read = await h.api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/page/${kept!.id}`).set("Authorization", admin.auth).expect(200);
  expect(read.body.markdown).toBe("Original.");
  expect(read.body).not.toHaveProperty("emoji");
  const block = await c.write(admin, space.id, cr.id, [{ operation: "revert_page", page: kept!.id, block: ["b1"] }]).expect(400);
  expect(block.body.error.message).toContain("block");
  await c.write(admin, space.id, cr.id, [{ operation: "revert_page", page: kept!.id, revision: "01jq3kf8g9h0j1k2m3n4p5q6r7" }]).expect(400);
});
