import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  AuthenticationError,
  ClientError,
  ConflictError,
  createClient,
  type DocstackClient,
  DocstackError,
  type ErrorReason,
  InvalidRequestError,
  NotFoundError,
  unwrap,
} from "../src/index";

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
  const pages: { ids: string[]; count: number; next: boolean }[] = [];
  for await (const page of docstack.pages("/v1/collections/{collectionId}/spaces", { path: { collectionId: parent.id }, query: { limit: 3 } })) {
    pages.push({ ids: page.items.map((space) => space.id), count: page.count, next: Boolean(page.next) });
  }
  expect(pages).toEqual([
    { ids: created.slice(0, 3), count: 7, next: true },
    { ids: created.slice(3, 6), count: 7, next: true },
    { ids: created.slice(6), count: 7, next: false },
  ]);
});

it("stops iterating pages when its signal aborts: between pages, and the request in flight", async () => {
  const parent = await unwrap(docstack.POST("/v1/orgs/{organizationId}/collections", { params: { path: { organizationId } }, body: { title: "Aborted" } }));
  for (let i = 0; i < 3; i++) {
    await unwrap(
      docstack.POST("/v1/orgs/{organizationId}/spaces", { params: { path: { organizationId } }, body: { title: `Aborted ${i}`, parent: parent.id } }),
    );
  }
  const list = { path: { collectionId: parent.id }, query: { limit: 1 } };
  const between = new AbortController();
  const seen: number[] = [];
  const stopped = (async () => {
    for await (const page of docstack.pages("/v1/collections/{collectionId}/spaces", list, { signal: between.signal })) {
      seen.push(page.items.length);
      between.abort();
    }
  })();
  await expect(stopped).rejects.toMatchObject({ name: "AbortError" });
  expect(seen).toEqual([1]);
  // Aborted while its first request is in flight: the fetch sees the signal and rejects.
  const inFlight = new AbortController();
  const observed: AbortSignal[] = [];
  const watching = createClient({
    baseUrl,
    token: process.env.DOCSTACK_TOKEN as string,
    fetch: (request) => {
      observed.push(request.signal);
      inFlight.abort();
      return globalThis.fetch(request);
    },
  });
  const items = watching.paginate("/v1/collections/{collectionId}/spaces", list, { signal: inFlight.signal });
  await expect(items.next()).rejects.toMatchObject({ name: "AbortError" });
  expect(observed).toHaveLength(1);
  expect(observed[0]?.aborted).toBe(true);
});

it("throws the DocstackError of each kind, carrying the status, type, reason, message, request ID and headers", async () => {
  const failure = unwrap(docstack.GET("/v1/spaces/{spaceId}", { params: { path: { spaceId: "01jq3k9c4d5e6f7g8h9j0k1m2n" } } }));
  await expect(failure).rejects.toBeInstanceOf(NotFoundError);
  const notFound = (await failure.catch((error: unknown) => error)) as NotFoundError;
  expect(notFound).toBeInstanceOf(ClientError);
  expect(notFound).toBeInstanceOf(DocstackError);
  expect(notFound).toMatchObject({ name: "NotFoundError", status: 404, type: "not_found", reason: "not_found", message: "Space not found" });
  expect(notFound.requestId).toBe(notFound.headers.get("X-Request-Id"));
  const invalid = unwrap(docstack.POST("/v1/orgs/{organizationId}/spaces", { params: { path: { organizationId } }, body: { title: "x".repeat(51) } }));
  await expect(invalid).rejects.toBeInstanceOf(InvalidRequestError);
  await expect(invalid).rejects.toMatchObject({
    status: 400,
    type: "invalid_request",
    reason: "invalid_request",
    message: expect.stringContaining("request/body/title"),
  });
  const unauthenticated = createClient({ baseUrl, token: "dst_wrong" });
  await expect(unwrap(unauthenticated.GET("/v1/user"))).rejects.toBeInstanceOf(AuthenticationError);
  await expect(unwrap(unauthenticated.GET("/v1/user"))).rejects.toMatchObject({ status: 401, type: "unauthenticated", reason: "token_invalid" });
});

it("names the cause of a conflict in a reason typed from the contract", async () => {
  const space = await unwrap(docstack.POST("/v1/orgs/{organizationId}/spaces", { params: { path: { organizationId } }, body: { title: "Locked" } }));
  await unwrap(docstack.PATCH("/v1/spaces/{spaceId}", { params: { path: { spaceId: space.id } }, body: { editMode: "locked" } }));
  const refused = (await unwrap(docstack.POST("/v1/spaces/{spaceId}/change-requests", { params: { path: { spaceId: space.id } }, body: {} })).catch(
    (error: unknown) => error,
  )) as DocstackError;
  expect(refused).toBeInstanceOf(ConflictError);
  expect(refused).toMatchObject({ status: 409, type: "conflict", reason: "space_locked" });
  const reason: ErrorReason | undefined = refused.reason;
  // @ts-expect-error: not a reason the contract declares, so no error can carry it
  expect(reason === "space_is_locked").toBe(false);
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

it("installs without the contract package: its types ship in dist, nothing of it runs", () => {
  const sdk = path.join(__dirname, "..");
  const manifest = JSON.parse(fs.readFileSync(path.join(sdk, "package.json"), "utf8"));
  expect(Object.keys(manifest.dependencies)).toEqual(["openapi-fetch"]);
  expect(manifest.sideEffects).toBe(false);
  // A consumer's node_modules with the SDK as published (package.json and dist) and openapi-fetch, nothing else.
  const consumer = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-sdk-consumer-"));
  try {
    const installed = path.join(consumer, "node_modules", "@docstack", "sdk");
    fs.mkdirSync(installed, { recursive: true });
    fs.copyFileSync(path.join(sdk, "package.json"), path.join(installed, "package.json"));
    fs.cpSync(path.join(sdk, "dist"), path.join(installed, "dist"), { recursive: true });
    fs.symlinkSync(path.dirname(require.resolve("openapi-fetch/package.json")), path.join(consumer, "node_modules", "openapi-fetch"));
    const dist = fs.readdirSync(path.join(installed, "dist"), { recursive: true, encoding: "utf8" }).filter((file) => /\.(js|ts)$/.test(file));
    for (const file of dist) expect(fs.readFileSync(path.join(installed, "dist", file), "utf8")).not.toContain("@docstack/contract");
    fs.writeFileSync(
      path.join(consumer, "use.mts"),
      `import { createClient, unwrap, NotFoundError, type Schemas } from "@docstack/sdk";
const docstack = createClient({ baseUrl: "http://localhost:3000", token: "dst_x" });
export async function title(spaceId: string): Promise<string> {
  const space: Schemas["Space"] = await unwrap(docstack.GET("/v1/spaces/{spaceId}", { params: { path: { spaceId } } }));
  return space.title;
}
export const isMissing = (error: unknown) => error instanceof NotFoundError && error.type === "not_found";
`,
    );
    const tsc = require.resolve("typescript/bin/tsc");
    const options = [
      "--noEmit",
      "--strict",
      "--module",
      "nodenext",
      "--moduleResolution",
      "nodenext",
      "--target",
      "es2022",
      "--lib",
      "es2023,dom",
      "--skipLibCheck",
      "false",
    ];
    execFileSync(process.execPath, [tsc, ...options, path.join(consumer, "use.mts")], { cwd: consumer, encoding: "utf8", stdio: "pipe" });
    const loaded = execFileSync(process.execPath, ["-e", `console.log(typeof require("@docstack/sdk").createClient)`], { cwd: consumer, encoding: "utf8" });
    expect(loaded.trim()).toBe("function");
  } catch (error) {
    throw new Error(`${error}\n${(error as { stdout?: string }).stdout ?? ""}`);
  } finally {
    fs.rmSync(consumer, { recursive: true, force: true });
  }
});
