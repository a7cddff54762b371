// The changes to the contract that break the SDK's users, against the last released contract: an operation, a
// parameter or a status removed; a request accepting less than it did (a field or parameter newly required, a type,
// an enum, a length or a range narrowed, a property no longer allowed); a response promising less than it did (a
// property removed or no longer required, a type widened, a status dropped). Adding is never breaking: a new
// operation, an optional field, a response property, an error status. Tools that diff OpenAPI 3.1 offline were tried
// first (docs/development.md, "The contract's compatibility"): none classified these cases reliably.
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** Follows a local `$ref` (`#/components/...`) of the document. */
function resolve(document, schema) {
  let current = schema;
  for (let hops = 0; current && typeof current === "object" && typeof current.$ref === "string" && hops < 32; hops++) {
    current = current.$ref
      .slice(2)
      .split("/")
      .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce((node, key) => node?.[key], document);
  }
  return current && typeof current === "object" ? current : {};
}

const typesOf = (schema) => (schema.type === undefined ? undefined : new Set([schema.type].flat()));
const subset = (a, b) => [...a].every((value) => b.has(value));
const json = (value) => JSON.stringify(value);

/**
 * What `after` no longer accepts (`request`) or no longer promises (`response`) of what `before` did, as sentences
 * naming `where`. Recursion follows properties and items; `seen` stops at a cycle of references.
 */
function schemaBreaks(documents, schemas, direction, where, seen = new Set()) {
  const key = `${direction}:${json(schemas.before.$ref ?? where)}:${json(schemas.after.$ref ?? where)}`;
  if (seen.has(key)) return [];
  seen.add(key);
  const before = resolve(documents.before, schemas.before);
  const after = resolve(documents.after, schemas.after);
  const breaks = [];
  const [typesBefore, typesAfter] = [typesOf(before), typesOf(after)];
  if (direction === "request") {
    if (typesAfter && (!typesBefore || !subset(typesBefore, typesAfter))) breaks.push(`${where}: type narrowed (${json(before.type)} to ${json(after.type)})`);
    if (after.enum && (!before.enum || !subset(new Set(before.enum), new Set(after.enum)))) {
      const dropped = before.enum ? before.enum.filter((value) => !after.enum.includes(value)) : [];
      breaks.push(`${where}: enum narrowed${dropped.length ? ` (${dropped.map(json).join(", ")} dropped)` : ""}`);
    }
    for (const bound of ["maxLength", "maximum", "maxItems", "exclusiveMaximum", "maxProperties"]) {
      if (after[bound] !== undefined && (before[bound] === undefined || after[bound] < before[bound]))
        breaks.push(`${where}: ${bound} narrowed to ${after[bound]}`);
    }
    for (const bound of ["minLength", "minimum", "minItems", "exclusiveMinimum", "minProperties"]) {
      if (after[bound] !== undefined && (before[bound] === undefined || after[bound] > before[bound]))
        breaks.push(`${where}: ${bound} raised to ${after[bound]}`);
    }
    if (after.pattern !== undefined && after.pattern !== before.pattern) breaks.push(`${where}: pattern ${before.pattern === undefined ? "added" : "changed"}`);
    const requiredBefore = new Set(before.required ?? []);
    for (const name of after.required ?? []) if (!requiredBefore.has(name)) breaks.push(`${where}.${name}: newly required`);
    if (after.additionalProperties === false) {
      for (const name of Object.keys(before.properties ?? {})) if (!after.properties?.[name]) breaks.push(`${where}.${name}: no longer accepted`);
    }
  } else {
    if (typesBefore && (!typesAfter || !subset(typesAfter, typesBefore))) breaks.push(`${where}: type widened (${json(before.type)} to ${json(after.type)})`);
    const requiredAfter = new Set(after.required ?? []);
    for (const name of before.required ?? []) {
      if (!after.properties?.[name] && before.properties?.[name]) breaks.push(`${where}.${name}: removed`);
      else if (!requiredAfter.has(name)) breaks.push(`${where}.${name}: no longer required`);
    }
    for (const name of Object.keys(before.properties ?? {})) {
      if (!after.properties?.[name] && !(before.required ?? []).includes(name)) breaks.push(`${where}.${name}: removed`);
    }
  }
  for (const [name, property] of Object.entries(before.properties ?? {})) {
    const next = after.properties?.[name];
    if (next) breaks.push(...schemaBreaks(documents, { before: property, after: next }, direction, `${where}.${name}`, seen));
  }
  if (before.items && after.items) breaks.push(...schemaBreaks(documents, { before: before.items, after: after.items }, direction, `${where}[]`, seen));
  return breaks;
}

function operationsOf(document) {
  const operations = new Map();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS)
      if (item[method]) operations.set(`${method.toUpperCase()} ${path}`, { operation: item[method], shared: item.parameters ?? [] });
  }
  return operations;
}

function parametersOf(document, { operation, shared }) {
  const byKey = new Map();
  for (const parameter of [...shared, ...(operation.parameters ?? [])].map((p) => resolve(document, p)))
    byKey.set(`${parameter.in} ${parameter.name}`, parameter);
  return byKey;
}

const jsonSchemaOf = (document, body) => resolve(document, body)?.content?.["application/json"]?.schema;

/** Every breaking change from `before` (the released contract) to `after`, one sentence each. */
function breakingChanges(before, after) {
  const documents = { before, after };
  const breaks = [];
  const operationsAfter = operationsOf(after);
  for (const [name, was] of operationsOf(before)) {
    const now = operationsAfter.get(name);
    if (!now) {
      breaks.push(`${name} (${was.operation.operationId}): removed`);
      continue;
    }
    const [paramsBefore, paramsAfter] = [parametersOf(before, was), parametersOf(after, now)];
    for (const [key, parameter] of paramsBefore) {
      const next = paramsAfter.get(key);
      if (!next) breaks.push(`${name}: parameter ${key} removed`);
      else breaks.push(...schemaBreaks(documents, { before: parameter.schema ?? {}, after: next.schema ?? {} }, "request", `${name}: parameter ${key}`));
    }
    for (const [key, parameter] of paramsAfter) {
      if (parameter.required && !paramsBefore.get(key)?.required) breaks.push(`${name}: parameter ${key} newly required`);
    }
    const [bodyBefore, bodyAfter] = [resolve(before, was.operation.requestBody), resolve(after, now.operation.requestBody)];
    if (bodyAfter.required && !bodyBefore.required) breaks.push(`${name}: request body newly required`);
    const [requestBefore, requestAfter] = [jsonSchemaOf(before, bodyBefore), jsonSchemaOf(after, bodyAfter)];
    if (requestBefore && requestAfter)
      breaks.push(...schemaBreaks(documents, { before: requestBefore, after: requestAfter }, "request", `${name}: request body`));
    for (const [status, response] of Object.entries(was.operation.responses ?? {})) {
      const next = now.operation.responses?.[status];
      if (!next) {
        breaks.push(`${name}: status ${status} dropped`);
        continue;
      }
      const [schemaBefore, schemaAfter] = [jsonSchemaOf(before, response), jsonSchemaOf(after, next)];
      if (schemaBefore && schemaAfter)
        breaks.push(...schemaBreaks(documents, { before: schemaBefore, after: schemaAfter }, "response", `${name}: ${status} response`));
    }
  }
  return [...new Set(breaks)];
}

/** The bump each pending changeset (.changeset/*.md) gives the package: "major", "minor" or "patch". */
function pendingBumps(changesets, packageName) {
  const escaped = packageName.replace(/[/.@-]/g, (c) => `\\${c}`);
  return changesets.flatMap((text) => {
    const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? "";
    const match = new RegExp(`^["']?${escaped}["']?:\\s*(major|minor|patch)\\s*$`, "m").exec(front);
    return match ? [match[1]] : [];
  });
}

module.exports = { breakingChanges, pendingBumps };

/**
 * `node scripts/breaking.cjs`: fails when the contract breaks the SDK's last release (released/openapi.json, the
 * contract of the version at the top of the SDK's CHANGELOG.md) and no pending changeset moves the SDK's major version.
 */
function main() {
  const fs = require("node:fs");
  const path = require("node:path");
  const here = path.resolve(__dirname, "..");
  const read = (file) => JSON.parse(fs.readFileSync(path.join(here, file), "utf8"));
  const changesetDir = path.resolve(here, "../../.changeset");
  const changesets = fs
    .readdirSync(changesetDir)
    .filter((name) => name.endsWith(".md") && name !== "README.md")
    .map((name) => fs.readFileSync(path.join(changesetDir, name), "utf8"));
  const released = /^## (\S+)/m.exec(fs.readFileSync(path.resolve(here, "../sdk/CHANGELOG.md"), "utf8"))?.[1] ?? "?";
  const breaks = breakingChanges(read("released/openapi.json"), read("openapi.json"));
  if (breaks.length === 0) return console.log(`The contract keeps every promise of the SDK's release ${released}.`);
  if (pendingBumps(changesets, "@docstack/sdk").includes("major")) {
    return console.log(`${breaks.length} breaking change(s) since the SDK's release ${released}, announced by a major changeset.`);
  }
  console.error(`The contract breaks the SDK's release ${released} (released/openapi.json) in ${breaks.length} way(s):`);
  for (const line of breaks.slice(0, 50)) console.error(`  ${line}`);
  console.error(`Keep the promise, or add a changeset moving "@docstack/sdk" (and "@docstack/contract") a major version (npx changeset).`);
  process.exitCode = 1;
}

if (require.main === module) main();
