// Through the API, with private fetches not allowed (the default): files by URL, content imports and OpenAPI
// specifications from a URL never connect to a server on 127.0.0.1, however its address is spelt, and each
// refusal names the rule.
// Runs once: addresses are refused before any fetch or write; nothing here depends on the kind of database.
import { contentHelpers, pngBytes } from "../../test/support/content";
import { useHarness } from "../../test/support/harness";
import { type LocalServer, localServer, loopbackSpellings } from "../../test/support/local-server";

const h = useHarness({ allowPrivateFetch: false });
let inside: LocalServer;
beforeAll(async () => {
  inside = await localServer((req, res) => {
    if (req.url?.endsWith(".png")) res.writeHead(200, { "Content-Type": "image/png" }).end(pngBytes(1, 1));
    else res.writeHead(200, { "Content-Type": "text/markdown" }).end("# Internal\n\nWhat only the server may read.");
  });
});
afterAll(() => inside.close());

const urls = () => loopbackSpellings(inside.port);

it("refuses files by URL, imports and OpenAPI sources on every spelling of loopback, connecting to none", async () => {
  const c = contentHelpers(h);
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  const cr = await c.createChangeRequest(org.admin, space.id);
  for (const url of urls()) {
    const file = await c.write(org.admin, space.id, cr.id, [{ operation: "insert_files", files: [{ name: "x.png", url: `${url}x.png` }] }]).expect(400);
    expect([url, file.body.error.message]).toEqual([url, expect.stringMatching(/^request\/body\/changes\/0\/files\/0\/url: refused: .*a loopback address/)]);

    const imported = await h.api
      .post(`/v1/spaces/${space.id}/content/import`)
      .set("Authorization", org.admin.auth)
      .send({ url: `${url}doc.md`, source: "markdown" })
      .expect(400);
    expect([url, imported.body.error.message]).toEqual([url, expect.stringMatching(/^request\/body\/url: refused: .*a loopback address/)]);
  }

  for (const [index, url] of urls().entries()) {
    await h.api
      .post(`/v1/orgs/${org.id}/openapi`)
      .set("Authorization", org.admin.auth)
      .send({ slug: `inside-${index}`, source: { url: `${url}spec.json` } })
      .expect(201);
  }
  await h.services.jobs.settled();
  for (const [index, url] of urls().entries()) {
    const spec = (await h.api.get(`/v1/orgs/${org.id}/openapi/inside-${index}`).set("Authorization", org.admin.auth).expect(200)).body;
    expect([url, spec]).toEqual([url, expect.objectContaining({ processingState: "failed", lastProcessErrorCode: "FETCH_FAILED" })]);
  }
  // The reason a specification failed is logged with it.
  const reasons = h.logs.filter((line) => line.includes("OpenAPI specification source failed")).map((line) => JSON.parse(line).reason as string);
  expect(reasons).toHaveLength(urls().length);
  for (const reason of reasons) expect(reason).toMatch(/refused: .*a loopback address/);

  expect(inside.connections()).toBe(0);
});
