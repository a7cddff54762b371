import fs from "node:fs";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import {
  type ErrorReason,
  errorReasons,
  HTTP_METHODS,
  loadOpenapiDocument,
  type OpenapiOperation,
  openapiDocumentPath,
  operationPolicies,
  policyKinds,
} from "../src/index";
import { ADDED_OPERATIONS, GITBOOK_OPERATIONS, SPECIFICATION_OPERATIONS } from "./specification-operations";

const document = loadOpenapiDocument();
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  HTTP_METHODS.flatMap((method) => (item[method] ? [{ method, path, operation: item[method] as OpenapiOperation }] : [])),
);
const successCodes = (operation: OpenapiOperation) => Object.keys(operation.responses).filter((code) => /^2\d\d$/.test(code));

describe("the bundled contract", () => {
  it("is valid OpenAPI 3.1 (Redocly's structural rules, no errors)", async () => {
    const config = await createConfig({ extends: ["minimal"], rules: { struct: "error", "no-unresolved-refs": "error" } });
    const problems = await lintFromString({ source: fs.readFileSync(openapiDocumentPath, "utf8"), absoluteRef: openapiDocumentPath, config });
    expect(problems.filter((problem) => problem.severity === "error").map((problem) => problem.message)).toEqual([]);
    expect(document.openapi).toBe("3.1.0");
  });

  it("gives every operation a unique camelCase operationId, a summary, a tag and an error response", () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { operation } of operations) {
      expect(operation.operationId).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(operation.summary).toBeTruthy();
      expect(operation.tags).toHaveLength(1);
      // Public operations (security: [], authorized by a signed URL) have no 401.
      const errors = operation.security?.length === 0 ? ["400", "429", "default"] : ["400", "401", "429", "default"];
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(errors));
    }
  });

  const specified = Object.entries(SPECIFICATION_OPERATIONS).flatMap(([area, list]) => list.map((op) => [area, ...op] as const));
  const others = [...ADDED_OPERATIONS, ...GITBOOK_OPERATIONS];
  it("holds the specification's 131 operations, GitBook's 78 others and the 37 added ones, and nothing else", () => {
    expect(specified).toHaveLength(131);
    expect(GITBOOK_OPERATIONS).toHaveLength(78);
    expect(ADDED_OPERATIONS).toHaveLength(37);
    const expected = [...specified.map(([, method, path]) => `${method} ${path}`), ...others.map(([method, path]) => `${method} ${path}`)];
    expect(operations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(expected.sort());
  });

  it.each([...specified.map(([, ...op]) => op), ...others])("%s %s answers %p as the specification states", (method, path, statuses) => {
    const operation = document.paths[path]?.[method] as OpenapiOperation;
    const expected = [statuses].flat();
    expect(successCodes(operation)).toEqual(expected.map(String));
    for (const status of expected) {
      const response = operation.responses[String(status)] as { content?: unknown };
      // 204 and 205 have no body; every other success is JSON, but downloads (any type of bytes).
      if (status === 204 || status === 205) expect(response.content).toBeUndefined();
      else if (path === "/v1/downloads/{downloadToken}") expect(response.content).toHaveProperty(["*/*"]);
      else if (path === "/v1/spaces/{spaceId}/export") expect(response.content).toHaveProperty(["application/zip"]);
      else expect(response.content).toHaveProperty(["application/json"]);
    }
  });

  it("declares each operation's policy rule, on a kind of openapi/policies.yaml, and ends its description with what it needs", () => {
    for (const { operation } of operations) {
      const rule = (operation as OpenapiOperation & { "x-docstack-policy"?: { on: string; needs?: string } })["x-docstack-policy"];
      expect(rule).toEqual(operationPolicies[operation.operationId as keyof typeof operationPolicies]);
      const kind = policyKinds[rule?.on as keyof typeof policyKinds];
      expect(kind).toBeDefined();
      if (rule?.needs) expect(Object.keys(kind.permissions)).toContain(rule.needs);
      const description = (operation as OpenapiOperation & { description?: string }).description ?? "";
      expect(description.trimEnd().split("\n\n").at(-1)).toMatch(/^Needs /);
      if (rule?.needs) expect(description).toContain(`\`${rule.needs}\` on ${kind.noun}`);
    }
  });

  it("gives every error example a reason declared for its status", () => {
    const examples = Object.values(document.components.responses ?? {}).flatMap((response) => {
      const example = (response as { content?: { "application/json"?: { example?: { error?: { code: number; reason: ErrorReason } } } } }).content?.[
        "application/json"
      ]?.example?.error;
      return example ? [example] : [];
    });
    expect(examples.length).toBeGreaterThan(5);
    for (const { code, reason } of examples) expect(errorReasons[reason]?.status).toBe(code);
  });

  it("documents {changeRequestId} as an ID or a number", () => {
    const parameter = document.components.parameters?.changeRequestId as { description: string };
    expect(parameter.description).toMatch(/ID.*number/);
  });
});
