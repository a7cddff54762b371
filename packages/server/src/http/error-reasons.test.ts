// Each failure names its cause in `error.reason`, one the contract declares (ErrorReason) with the
// status it answers; every declared reason is raised somewhere.
import fs from "node:fs";
import path from "node:path";
import { type ErrorReason, errorReasons } from "@docstack/contract";
import supertest from "supertest";
import { contentHelpers, insertPage } from "../../test/support/content";
import { useHarness } from "../../test/support/harness";
import { createApp } from "../app";
import { registry } from "../wiring/operations";
import { defineOperation } from "./operation";

const h = useHarness();
const c = contentHelpers(h);

/** The server's source files, tests and generated code aside. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(file);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [file] : [];
  });
}

describe("error reasons", () => {
  it("are each raised somewhere in the server: none is declared in the contract for nothing", () => {
    // Raising an undeclared one does not compile (ApiError takes ErrorReason); this is the other way.
    const source = sourceFiles(path.join(__dirname, "..")).map((file) => fs.readFileSync(file, "utf8"));
    const literals = new Set(source.flatMap((text) => [...text.matchAll(/"([a-z][a-z0-9_]*)"/g)].map((match) => match[1])));
    expect(Object.keys(errorReasons).filter((reason) => !literals.has(reason))).toEqual([]);
  });

  it("tell two causes of one status apart: a merged change request and a taken hostname are two 409s", async () => {
    const org = await h.organization();
    const other = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    const cr = await c.createChangeRequest(org.admin, space.id);
    await c.write(org.admin, space.id, cr.id, [insertPage("Welcome")]).expect(200);
    await c.merge(org.admin, space.id, cr.id).expect(200);
    const merged = (await c.merge(org.admin, space.id, cr.id).expect(409)).body.error;
    const hostname = `taken-${org.id.slice(-8).toLowerCase()}`;
    await h.api.patch(`/v1/orgs/${org.id}`).set("Authorization", org.admin.auth).send({ hostname }).expect(200);
    const taken = (await h.api.patch(`/v1/orgs/${other.id}`).set("Authorization", other.admin.auth).send({ hostname }).expect(409)).body.error;
    expect([merged, taken]).toMatchObject([
      { code: 409, type: "conflict", reason: "change_request_merged" },
      { code: 409, type: "conflict", reason: "name_taken" },
    ]);
    for (const { reason } of [merged, taken]) expect(errorReasons[reason as ErrorReason].status).toBe(409);
  });

  it("name the cause of what the validator, the body parser and authentication refuse", async () => {
    const { id, admin } = await h.organization();
    const reader = await h.member(id, "read");
    const space = (await h.api.post(`/v1/orgs/${id}/spaces`).set("Authorization", admin.auth).send({ title: "Causes" }).expect(201)).body;
    const reasonOf = async (request: supertest.Test) => {
      const { status, body } = await request;
      expect(errorReasons[body.error.reason as ErrorReason]?.status).toBe(status);
      return body.error.reason as ErrorReason;
    };
    const json = (request: supertest.Test) => request.set("Authorization", admin.auth).set("Content-Type", "application/json");
    const reasons = {
      invalid: await reasonOf(h.api.post(`/v1/orgs/${id}/spaces`).set("Authorization", admin.auth).send({ title: 5 })),
      malformed: await reasonOf(json(h.api.post("/v1/orgs")).send('{"title": ')),
      notAnObject: await reasonOf(json(h.api.post("/v1/orgs")).send("3")),
      cursor: await reasonOf(h.api.get(`/v1/orgs/${id}/spaces?page=not-a-cursor`).set("Authorization", admin.auth)),
      noToken: await reasonOf(h.api.get("/v1/user")),
      unknownToken: await reasonOf(h.api.get("/v1/user").set("Authorization", "Bearer dst_unknown")),
      malformedHeader: await reasonOf(h.api.get("/v1/user").set("Authorization", "Basic abc")),
      role: await reasonOf(h.api.patch(`/v1/spaces/${space.id}`).set("Authorization", reader.auth).send({ title: "No" })),
      resource: await reasonOf(h.api.get("/v1/spaces/01unknown00000000000000000").set("Authorization", admin.auth)),
      route: await reasonOf(h.api.get("/v1/nothing-here").set("Authorization", admin.auth)),
      method: await reasonOf(h.api.put("/v1/user").set("Authorization", admin.auth)),
      tooLarge: await reasonOf(
        h.api
          .post("/v1/orgs")
          .set("Authorization", admin.auth)
          .send({ title: "x".repeat(h.config.bodyLimitBytes + 10) }),
      ),
      mediaType: await reasonOf(h.api.post("/v1/orgs").set("Authorization", admin.auth).set("Content-Type", "text/plain").send("Acme")),
    };
    expect(reasons).toEqual({
      invalid: "invalid_request",
      malformed: "invalid_json",
      notAnObject: "invalid_json",
      cursor: "invalid_cursor",
      noToken: "unauthenticated",
      unknownToken: "token_invalid",
      malformedHeader: "token_malformed",
      role: "role_required",
      resource: "not_found",
      route: "not_found",
      method: "method_not_allowed",
      tooLarge: "payload_too_large",
      mediaType: "unsupported_media_type",
    });
  });

  it("make any other error a 500 internal_error, whatever status it carries", async () => {
    const { admin } = await h.organization();
    const foreign = supertest(
      createApp(h.services, {
        registry: {
          ...registry,
          getAuthenticatedUser: defineOperation("getAuthenticatedUser", {
            handle: async () => {
              throw Object.assign(new Error("a library's own failure"), { status: 400, statusCode: 400, expose: true });
            },
          }),
        },
      }),
    );
    const res = await foreign.get("/v1/user").set("Authorization", admin.auth).expect(500);
    expect(res.body.error).toMatchObject({ code: 500, type: "internal_error", reason: "internal_error" });
    expect(res.body.error.message).not.toContain("library");
  });
});
