// Regenerates what derives from the contract in openapi/:
//   openapi.json        the bundled document (one file, $refs into components), each operation's
//                       description ending with the "Needs" line written from its policy rule
//   src/schema.ts       TypeScript types (openapi-typescript), shared by server and SDK
//   src/policy.ts       the policy kinds and each operation's rule, typed (scripts/policy.mjs)
//   src/reasons.ts      the error reasons, each with its status (scripts/reasons.mjs)
//   docs/errors.md      the error reasons' table, at the repository's root (scripts/reasons.mjs)
// `gen.mjs --check` regenerates into a temporary directory and fails when the
// checked-in files differ: CI's proof that contract and code have not drifted.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { applyPolicies, policyModule } from "./policy.mjs";
import { errorReasonsOf, errorsDocument, reasonsModule } from "./reasons.mjs";

const require = createRequire(import.meta.url);
const packageDir = fileURLToPath(new URL("..", import.meta.url));
const root = path.resolve(packageDir, process.env.DOCSTACK_OPENAPI_ROOT ?? "../../openapi/openapi.yaml");
const check = process.argv.includes("--check");
const outDir = check ? fs.mkdtempSync(path.join(os.tmpdir(), "docstack-gen-")) : packageDir;

function run(bin, args) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: packageDir, encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    process.exit(result.status ?? 1);
  }
}

const redocly = require.resolve("@redocly/cli/bin/cli.js");
const openapiTs = path.join(path.dirname(require.resolve("openapi-typescript/package.json")), "bin/cli.js");
const bundled = path.join(outDir, "openapi.json");
fs.mkdirSync(path.join(outDir, "src"), { recursive: true });
run(redocly, ["bundle", root, "--output", bundled, "--ext", "json", "--config", path.resolve(packageDir, "../../openapi/redocly.yaml")]);
// A stable, readable bundle: two-space indentation and a final newline.
const document = JSON.parse(fs.readFileSync(bundled, "utf8"));
const rules = applyPolicies(document);
fs.writeFileSync(bundled, `${JSON.stringify(document, null, 2)}\n`);
fs.writeFileSync(path.join(outDir, "src/policy.ts"), policyModule(document["x-docstack-policies"], rules));
const reasons = errorReasonsOf(document);
fs.writeFileSync(path.join(outDir, "src/reasons.ts"), reasonsModule(reasons));
// Outside this package: written in place, or, when checking, compared with what is committed.
const errorsDoc = path.resolve(packageDir, "../../docs/errors.md");
if (!check) {
  fs.mkdirSync(path.dirname(errorsDoc), { recursive: true });
  fs.writeFileSync(errorsDoc, errorsDocument(reasons));
}
const schemaFile = path.join(outDir, "src/schema.ts");
// A field with a default is optional to send (the server applies the default).
run(openapiTs, [bundled, "--output", schemaFile, "--root-types", "--root-types-no-schema-prefix", "--default-non-nullable=false"]);
fs.writeFileSync(
  schemaFile,
  `// Generated from openapi/ by \`pnpm gen\` (packages/contract/scripts/gen.mjs). Do not edit.\n${fs.readFileSync(schemaFile, "utf8")}`,
);

if (check) {
  const drifted = ["openapi.json", "src/schema.ts", "src/policy.ts", "src/reasons.ts"].filter((file) => {
    const committed = path.join(packageDir, file);
    return !fs.existsSync(committed) || fs.readFileSync(committed, "utf8") !== fs.readFileSync(path.join(outDir, file), "utf8");
  });
  if (!fs.existsSync(errorsDoc) || fs.readFileSync(errorsDoc, "utf8") !== errorsDocument(reasons)) drifted.push(path.relative(packageDir, errorsDoc));
  fs.rmSync(outDir, { recursive: true, force: true });
  if (drifted.length) {
    console.error(`The contract and the generated files have drifted: ${drifted.join(", ")}. Run \`npm run gen\` and commit.`);
    process.exit(1);
  }
  console.log("Generated files match the contract.");
}
