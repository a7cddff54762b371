#!/usr/bin/env node
// Type-checks a TypeScript project with TypeScript 7, the native compiler, and never emits: a package's type checks
// (`node ../../scripts/typecheck.mjs -p tsconfig.test.json`). On CI's 2-core machine it checks the same projects with
// about a quarter of TypeScript 5.9's CPU (docs/development.md). Builds that write files keep TypeScript 5.9 (`tsc`):
// 7.0.2's emit dropped the parentheses of `new (require("pg").Client)(…)`, which then calls `require` as a constructor.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";

// The package exports only its package.json and API: its command line is found through the manifest's `bin`.
const manifest = new URL(import.meta.resolve("typescript-native/package.json"));
const compiler = fileURLToPath(new URL(JSON.parse(fs.readFileSync(manifest, "utf8")).bin.tsc, manifest));
const result = spawnSync(process.execPath, [compiler, ...process.argv.slice(2), "--noEmit"], { stdio: "inherit" });
if (result.error) throw result.error;
process.exit(result.status ?? 1);
