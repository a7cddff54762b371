// uploadChangeRequestImage: an image pasted or dropped in the editor becomes a file of the change request's content
// (merged with it), its type read from its bytes; what is no image, a refused type or too large answers its reason.
import { contentHelpers, insertPage, pngBytes } from "../../../test/support/content";
import { createHarness, type Harness } from "../../../test/support/harness";
import { checkImage, imageName, MAX_IMAGE_BYTES } from "./image-upload";

let h: Harness;
let c: ReturnType<typeof contentHelpers>;
beforeAll(async () => {
  h = await createHarness();
  c = contentHelpers(h);
});
afterAll(() => h.close());

async function setup() {
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  const [guide] = await c.publish(org.admin, space.id, [insertPage("Guide", "Text.")]);
  const cr = await c.createChangeRequest(org.admin, space.id);
  const upload = (body: Record<string, unknown>, auth = org.admin.auth) =>
    h.api.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/files`).set("Authorization", auth).send(body);
  return { org, space, cr, guide: guide!, upload };
}

const png = pngBytes(3, 2).toString("base64");

it("adds the image as a file of the change request, named safely and uniquely, and the merge brings it to the space", async () => {
  const { org, space, cr, guide, upload } = await setup();
  const first = await upload({ name: "My screen shot!.PNG", contentType: "image/png", data: png }).expect(201);
  expect(first.body.file).toMatchObject({ name: "My-screen-shot.png", contentType: "image/png", size: 33, dimensions: { width: 3, height: 2 } });
  const cr2 = (await h.api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`).set("Authorization", org.admin.auth).expect(200)).body;
  expect(cr2.revision).toBe(first.body.revision);
  // The same name again: another file, never a replacement; a type left out is read from the bytes.
  const second = await upload({ name: "My screen shot!.png", data: png }).expect(201);
  expect(second.body.file.name).toBe("My-screen-shot-2.png");
  const download = await h.api.get(new URL(second.body.file.downloadURL).pathname).expect(200);
  expect(download.headers["content-type"]).toBe("image/png");
  expect(Buffer.compare(download.body as Buffer, pngBytes(3, 2))).toBe(0);
  // A page refers to it by name; merged, the space's page resolves it as a file of the space.
  const figure = `<figure><img src="My-screen-shot.png" alt="Screen"><figcaption><p>The screen</p></figcaption></figure>`;
  await c.write(org.admin, space.id, cr.id, [{ operation: "update_page", page: guide.id, document: { markdown: figure } }]).expect(200);
  expect((await c.merge(org.admin, space.id, cr.id).expect(200)).body.result).toBe("merge");
  const files = (await h.api.get(`/v1/spaces/${space.id}/content/files`).set("Authorization", org.admin.auth).expect(200)).body.items;
  expect(files.map((file: { name: string }) => file.name)).toEqual(["My-screen-shot.png", "My-screen-shot-2.png"]);
  const page = await h.api.get(`/v1/spaces/${space.id}/content/page/${guide.id}?format=document`).set("Authorization", org.admin.auth).expect(200);
  expect(JSON.stringify(page.body.document)).toContain(`"file":"${first.body.file.id}"`);
});

it("reads the type from the bytes: no image is 400 not_an_image, SVG or a type other than the bytes' is 415", async () => {
  const { upload, org, space, cr } = await setup();
  const html = Buffer.from("<html><script>alert(1)</script></html>").toString("base64");
  const notImage = await upload({ name: "x.png", contentType: "image/png", data: html }).expect(400);
  expect(notImage.body.error).toMatchObject({ reason: "not_an_image" });
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString("base64");
  expect((await upload({ name: "x.svg", data: svg }).expect(400)).body.error.reason).toBe("not_an_image");
  expect((await upload({ name: "x.svg", contentType: "image/svg+xml", data: svg }).expect(415)).body.error.reason).toBe("image_type_unsupported");
  const mismatch = await upload({ name: "x.gif", contentType: "image/gif", data: png }).expect(415);
  expect(mismatch.body.error).toMatchObject({ reason: "image_type_unsupported", type: "unsupported_media_type" });
  // Nothing was written.
  const files = (await h.api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/files`).set("Authorization", org.admin.auth).expect(200)).body;
  expect(files.items).toEqual([]);
});

it("needs edit on the space (a reader gets 403), and a change request the caller cannot see is 404", async () => {
  const { upload, org } = await setup();
  const reader = await h.member(org.id, "read");
  expect((await upload({ name: "x.png", data: png }, reader.auth).expect(403)).body.error.reason).toBe("role_required");
  const stranger = await h.organization();
  await upload({ name: "x.png", data: png }, stranger.admin.auth).expect(404);
});

it("refuses an image over 10 MiB before decoding it, and names files safely", () => {
  const tooLarge = "A".repeat(Math.ceil(((MAX_IMAGE_BYTES + 3) * 4) / 3));
  expect(() => checkImage(tooLarge, undefined)).toThrow(expect.objectContaining({ reason: "image_too_large", status: 413 }));
  expect(imageName("../../etc/passwd", "png", new Set())).toBe("etc-passwd.png");
  expect(imageName("…", "jpg", new Set(["image.jpg"]))).toBe("image-2.jpg");
});
