import { execFileSync } from "node:child_process";
import path from "node:path";
import { createClient, type DocstackClient, DocstackError, unwrap } from "../src/index";

const baseUrl = process.env.DOCSTACK_URL as string;
const organizationId = process.env.DOCSTACK_ORGANIZATION as string;
let docstack: DocstackClient;
beforeAll(() => {
  docstack = createClient({ baseUrl, token: process.env.DOCSTACK_TOKEN as string });
});

it("reads the authenticated user and their organizations", async () => {
  const user = await unwrap(docstack.GET("/v1/user"));
  expect(user.object).toBe("user");
  const orgs = await unwrap(docstack.GET("/v1/orgs"));
  expect(orgs.items.map((org) => org.id)).toContain(organizationId);
});

it("creates, updates and deletes a space, with typed bodies", async () => {
  const space = await unwrap(
    docstack.POST("/v1/orgs/{organizationId}/spaces", { params: { path: { organizationId } }, body: { title: "From the SDK", emoji: "1f4d8" } }),
  );
  expect(space).toMatchObject({ object: "space", title: "From the SDK", organization: organizationId });
  const updated = await unwrap(docstack.PATCH("/v1/spaces/{spaceId}", { params: { path: { spaceId: space.id } }, body: { editMode: "locked" } }));
  expect(updated.editMode).toBe("locked");
  expect(updated.permissions.edit).toBe(false);
  await unwrap(docstack.DELETE("/v1/spaces/{spaceId}", { params: { path: { spaceId: space.id } } }));
  const { response } = await docstack.GET("/v1/spaces/{spaceId}", { params: { path: { spaceId: space.id } } });
  expect(response.status).toBe(404);
});

it("sends free text as encodeURIComponent leaves it", async () => {
  const results = await unwrap(
    docstack.GET("/v1/orgs/{organizationId}/search", { params: { path: { organizationId }, query: { query: "don't (stop)! *now*" } } }),
  );
  expect(results.count).toBe(0);
});

it("iterates over every page of a list", async () => {
  const parent = await unwrap(docstack.POST("/v1/orgs/{organizationId}/collections", { params: { path: { organizationId } }, body: { title: "Paged" } }));
  const created: string[] = [];
  for (let i = 0; i < 7; i++) {
    const space = await unwrap(
      docstack.POST("/v1/orgs/{organizationId}/spaces", { params: { path: { organizationId } }, body: { title: `Paged ${i}`, parent: parent.id } }),
    );
    created.push(space.id);
  }
  const seen: string[] = [];
  for await (const space of docstack.paginate("/v1/collections/{collectionId}/spaces", { path: { collectionId: parent.id }, query: { limit: 3 } })) {
    seen.push(space.id);
  }
  expect(seen).toEqual(created);
});

it("throws a DocstackError carrying the status and the server's message", async () => {
  const failure = unwrap(docstack.GET("/v1/spaces/{spaceId}", { params: { path: { spaceId: "01jq3k9c4d5e6f7g8h9j0k1m2n" } } }));
  await expect(failure).rejects.toBeInstanceOf(DocstackError);
  await expect(failure).rejects.toMatchObject({ status: 404, message: "Space not found" });
  const invalid = unwrap(docstack.POST("/v1/orgs/{organizationId}/spaces", { params: { path: { organizationId } }, body: { title: "x".repeat(51) } }));
  await expect(invalid).rejects.toMatchObject({ status: 400, message: expect.stringContaining("request/body/title") });
  const unauthenticated = createClient({ baseUrl, token: "dst_wrong" });
  await expect(unwrap(unauthenticated.GET("/v1/user"))).rejects.toMatchObject({ status: 401 });
});

it("ships CommonJS and ES module builds", () => {
  const dist = path.join(__dirname, "..", "dist");
  const cjs = execFileSync(
    process.execPath,
    ["-e", `const sdk = require(${JSON.stringify(path.join(dist, "cjs", "index.js"))}); console.log(typeof sdk.createClient, typeof sdk.DocstackError)`],
    { encoding: "utf8" },
  );
  expect(cjs.trim()).toBe("function function");
  const esm = execFileSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const sdk = await import(${JSON.stringify(path.join(dist, "esm", "index.js"))}); console.log(typeof sdk.createClient, typeof sdk.unwrap)`,
    ],
    { encoding: "utf8" },
  );
  expect(esm.trim()).toBe("function function");
});
