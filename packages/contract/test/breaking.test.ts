// The compatibility check CI runs (scripts/breaking.cjs, in the contract's `check`): what it calls breaking, and what not.
import fs from "node:fs";
import path from "node:path";

const { breakingChanges, pendingBumps } = require("../scripts/breaking.cjs") as {
  breakingChanges: (before: object, after: object) => string[];
  pendingBumps: (changesets: string[], packageName: string) => string[];
};

type Document = {
  paths: Record<string, Record<string, { operationId?: string; responses: Record<string, unknown>; parameters?: unknown[] }>>;
  components: { schemas: Record<string, { properties?: Record<string, Record<string, unknown>>; required?: string[] }> };
};
const released: Document = JSON.parse(fs.readFileSync(path.join(__dirname, "../released/openapi.json"), "utf8"));
const edited = (edit: (document: Document) => void) => {
  const copy = structuredClone(released);
  edit(copy);
  return breakingChanges(released, copy);
};

describe("breaking changes against the released contract", () => {
  it("finds none in the released contract itself", () => {
    expect(breakingChanges(released, structuredClone(released))).toEqual([]);
  });

  it("calls removing an operation, a status or a parameter breaking", () => {
    expect(edited((d) => delete d.paths["/v1/orgs/{organizationId}/collections"]?.get)).toContain(
      "GET /v1/orgs/{organizationId}/collections (listCollections): removed",
    );
    expect(edited((d) => delete d.paths["/v1/collections/{collectionId}"]?.get?.responses["200"])).toContain(
      "GET /v1/collections/{collectionId}: status 200 dropped",
    );
    const listing = released.paths["/v1/orgs/{organizationId}/collections"]?.get;
    expect(listing?.parameters?.length).toBeGreaterThan(1);
    expect(edited((d) => d.paths["/v1/orgs/{organizationId}/collections"]?.get?.parameters?.pop()).join("\n")).toMatch(/parameter query \S+ removed/);
  });

  it("calls a request accepting less breaking: a field newly required, a type or an enum narrowed, a shorter limit", () => {
    const request = (edit: (schema: Document["components"]["schemas"][string]) => void) =>
      edited((d) => edit(d.components.schemas.CreateCollectionRequest as Document["components"]["schemas"][string])).join("\n");
    expect(request((s) => (s.required = ["title"]))).toMatch(/request body\.title: newly required/);
    expect(request((s) => Object.assign(s.properties?.title ?? {}, { maxLength: 3 }))).toMatch(/request body\.title: maxLength narrowed to 3/);
    expect(request((s) => Object.assign(s.properties?.title ?? {}, { type: "integer" }))).toMatch(/request body\.title: type narrowed/);
    expect(request((s) => Object.assign(s.properties?.title ?? {}, { maxLength: 100 }))).toBe("");
    const editMode = (values: string[]) =>
      edited((d) => Object.assign(d.components.schemas.CreateSpaceRequest?.properties?.editMode ?? {}, { enum: values })).join("\n");
    expect(editMode(["live"])).toMatch(/request body\.editMode: enum narrowed \("locked" dropped\)/);
    expect(editMode(["live", "locked", "review"])).toBe("");
  });

  it("calls a response promising less breaking (a property removed or made optional), and additions not", () => {
    const collection = (edit: (schema: Document["components"]["schemas"][string]) => void) =>
      edited((d) => edit(d.components.schemas.Collection as Document["components"]["schemas"][string])).join("\n");
    expect(collection((s) => delete s.properties?.title)).toMatch(/GET \/v1\/collections\/\{collectionId\}: 200 response\.title: removed/);
    expect(collection((s) => (s.required = s.required?.filter((name) => name !== "title")))).toMatch(/200 response\.title: no longer required/);
    expect(collection((s) => Object.assign(s.properties ?? {}, { added: { type: "string" } }))).toBe("");
    expect(edited((d) => Object.assign(d.paths, { "/v1/new": { get: { operationId: "newOne", responses: { "200": {} } } } }))).toEqual([]);
  });

  it("lets a breaking change through only with a changeset moving the SDK's major version", () => {
    const changeset = (bump: string) => `---\n"@docstack/sdk": ${bump}\n"@docstack/contract": ${bump}\n---\n\nWhat changed.\n`;
    expect(pendingBumps([changeset("minor"), changeset("patch")], "@docstack/sdk")).not.toContain("major");
    expect(pendingBumps([changeset("minor"), changeset("major")], "@docstack/sdk")).toContain("major");
    expect(pendingBumps(['---\n"@docstack/contract": major\n---\n'], "@docstack/sdk")).toEqual([]);
  });
});
