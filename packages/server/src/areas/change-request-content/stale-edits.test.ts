// The save precondition of updateChangeRequestContent: an `update_page` based on a revision (`baseRevision`) where
// its page was not as the change request holds it now answers 409 `stale_edit`, so two tabs or two writers never
// overwrite each other silently; a save based on the current revision, or of a page nobody else changed, passes.
import { contentHelpers, insertPage } from "../../../test/support/content";
import { createHarness, type Harness } from "../../../test/support/harness";

let h: Harness;
let c: ReturnType<typeof contentHelpers>;
beforeAll(async () => {
  h = await createHarness();
  c = contentHelpers(h);
});
afterAll(() => h.close());

/** A space with two published pages and a change request on it; `revision()` reads the change request's current revision. */
async function setup() {
  const org = await h.organization();
  const admin = org.admin;
  const space = await c.createSpace(admin, org.id);
  const [guide, faq] = await c.publish(admin, space.id, [insertPage("Guide", "First version."), insertPage("FAQ", "Questions.")]);
  const cr = await c.createChangeRequest(admin, space.id);
  const revision = async () =>
    (await h.api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`).set("Authorization", admin.auth).expect(200)).body.revision as string;
  const body = async (pageId: string) =>
    (await h.api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/page/${pageId}`).set("Authorization", admin.auth).expect(200)).body
      .markdown as string;
  const save = (pageId: string, markdown: string, baseRevision?: string) =>
    c.write(admin, space.id, cr.id, [{ operation: "update_page", page: pageId, document: { markdown }, ...(baseRevision ? { baseRevision } : {}) }]);
  return { admin, space, cr, guide: guide!, faq: faq!, revision, body, save };
}

it("refuses the second of two saves based on the same revision with 409 stale_edit, naming the current revision", async () => {
  const { guide, revision, body, save } = await setup();
  const read = await revision();
  await save(guide.id, "Tab one's edit.", read).expect(200);
  const current = await revision();
  expect(current).not.toBe(read);
  const stale = await save(guide.id, "Tab two's edit.", read).expect(409);
  expect(stale.body.error).toMatchObject({ type: "conflict", reason: "stale_edit" });
  expect(stale.body.error.message).toContain(`changes/0: page ${guide.id} changed since revision ${read}`);
  expect(stale.body.error.message).toContain(`current revision is ${current}`);
  // Nothing was written: the first tab's edit stands, and the change request did not move.
  expect(await body(guide.id)).toBe("Tab one's edit.");
  expect(await revision()).toBe(current);
});

it("takes a save based on the current revision, and one of another page based on an older revision (no false conflict)", async () => {
  const { guide, faq, revision, body, save } = await setup();
  const read = await revision();
  await save(guide.id, "Edited once.", read).expect(200);
  const afterFirst = await revision();
  await save(guide.id, "Edited twice.", afterFirst).expect(200);
  expect(await body(guide.id)).toBe("Edited twice.");
  // The FAQ was read before both saves of the guide, and nobody changed it since.
  await save(faq.id, "Answers.", read).expect(200);
  expect(await body(faq.id)).toBe("Answers.");
});

it("refuses the whole batch when one of its pages is stale, and sees a changed title as a change", async () => {
  const { admin, space, cr, guide, faq, revision, body } = await setup();
  const read = await revision();
  await c.write(admin, space.id, cr.id, [{ operation: "update_page", page: guide.id, title: "Handbook" }]).expect(200);
  const batch = await c
    .write(admin, space.id, cr.id, [
      { operation: "update_page", page: faq.id, document: { markdown: "New answers." }, baseRevision: read },
      { operation: "update_page", page: guide.id, document: { markdown: "Overwritten." }, baseRevision: read },
    ])
    .expect(409);
  expect(batch.body.error.reason).toBe("stale_edit");
  expect(batch.body.error.message).toMatch(/^changes\/1: /);
  expect(await body(faq.id)).toBe("Questions.");
  // Without a base revision, as GitBook's client writes, the save applies.
  await c.write(admin, space.id, cr.id, [{ operation: "update_page", page: guide.id, document: { markdown: "Overwritten." } }]).expect(200);
  expect(await body(guide.id)).toBe("Overwritten.");
});

it("answers 400 for a base revision the space does not have, or one without the page", async () => {
  const { admin, space, cr, guide, revision, save } = await setup();
  const unknown = await save(guide.id, "Edit.", "01jq3k8v0m8n2b7x4c5d6e7f8g").expect(400);
  expect(unknown.body.error.message).toContain("changes/0/baseRevision: the space has no revision 01jq3k8v0m8n2b7x4c5d6e7f8g");
  const before = await revision();
  await c.write(admin, space.id, cr.id, [insertPage("New page", "Fresh.")]).expect(200);
  const added = (await c.pages(admin, space.id, cr.id)).find((page) => page.title === "New page")!;
  const missing = await save(added.id, "Edit.", before).expect(400);
  expect(missing.body.error.message).toContain(`has no page ${added.id}`);
});
