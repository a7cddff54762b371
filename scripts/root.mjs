#!/usr/bin/env node
// The root scripts (`npm start`, `npm test`, `npm run test:postgres`, `npm run docstack -- …`, `npm run bench`,
// `npm run build`, `npm run gen`, `npm run lint`, `npm run format`) on a machine with only Node.js and npm: pnpm comes
// through npx at the pinned version, then everything runs from the workspace.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverEnv, serverNodeFlags } from "./server-runtime.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PNPM = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).packageManager; // pnpm@x.y.z
const bin = path.join(root, "node_modules", ".bin");
const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" };

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}
function must(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) process.exit(status);
}

/** How long each step took, printed at the end of `npm test` (and appended to DOCSTACK_STEP_TIMINGS for .ci/run). */
const split = [];
function timed(name, step) {
  const started = Date.now();
  step();
  const seconds = Math.round((Date.now() - started) / 1000);
  split.push([name, seconds]);
  if (process.env.DOCSTACK_STEP_TIMINGS) fs.appendFileSync(process.env.DOCSTACK_STEP_TIMINGS, `${name}\t${seconds}\n`);
}
function printSplit(title) {
  console.log(`\n${title}: where the time went`);
  for (const [name, seconds] of split) console.log(`${String(seconds).padStart(6)} s  ${name}`);
  console.log(`${String(split.reduce((sum, [, seconds]) => sum + seconds, 0)).padStart(6)} s  in all`);
}

/** The folders of the workspace's packages (packages/<folder>) that have a script of that name. */
function packagesWithScript(script) {
  return fs
    .readdirSync(path.join(root, "packages"))
    .filter((dir) => JSON.parse(fs.readFileSync(path.join(root, "packages", dir, "package.json"), "utf8")).scripts?.[script]);
}

/**
 * Every package's test files in one jest run (jest.config.cjs: each package's configuration as a project, the
 * slowest files first), on every worker until the last file (one more than the cores: jest.config.cjs says why),
 * rather than one package after the other with a core idle at each one's tail. `projects` are the package folders to
 * run (jest's --selectProjects).
 */
function jestRun(projects) {
  const jest = path.join(root, "packages", "server", "node_modules", "jest", "bin", "jest.js");
  const flags = ["--experimental-vm-modules", "--disable-warning=ExperimentalWarning"];
  must(process.execPath, [...flags, jest, "--config", path.join(root, "jest.config.cjs"), "--selectProjects", ...projects]);
}

/** Installs the workspace when node_modules is missing or older than the lockfile. */
function install() {
  const marker = path.join(root, "node_modules", ".modules.yaml");
  const lockfile = path.join(root, "pnpm-lock.yaml");
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lockfile).mtimeMs) return;
  console.log(`Installing dependencies with ${PNPM}…`);
  must("npx", ["--yes", PNPM, "install", "--frozen-lockfile"]);
  fs.utimesSync(marker, new Date(), new Date());
}

/** Builds what changed (turbo caches the rest). */
function build() {
  must("turbo", ["run", "build", "--output-logs=errors-only"]);
}

/**
 * Lint and format check of every source file (Biome), then unused files, exports and dependencies
 * (knip, configured in knip.json), then import circles (dpdm) and server folders importing each other back: fails on
 * any finding, changes nothing.
 */
function lint() {
  must("biome", ["ci", "."]);
  must("knip", ["--no-progress"]);
  // No import circle in the packages' own sources, type-only imports included (generated code aside); then, from the
  // same tree, no folder of the server importing one that imports it back (scripts/folder-imports.mjs).
  const tree = path.join(os.tmpdir(), `docstack-imports-${process.pid}.json`);
  must("dpdm", ["--no-warning", "--no-tree", "--exit-code", "circular:1", "--exclude", "/generated/|node_modules", "--output", tree, "packages/*/src/**/*.ts"]);
  must(process.execPath, [path.join(root, "scripts", "folder-imports.mjs"), tree]);
  fs.rmSync(tree, { force: true });
}

const [task, ...args] = process.argv.slice(2);
const cli = path.join(root, "packages", "server", "dist", "cli", "main.js");
timed("install", install);
switch (task) {
  case "start":
    build();
    // Production behaviour (NODE_ENV for the libraries; Docstack's own defaults are production's anyway).
    process.exit(
      run(process.execPath, [...serverNodeFlags(env), cli, "start", ...args], { env: serverEnv({ ...env, NODE_ENV: env.NODE_ENV ?? "production" }) }),
    );
    break;
  case "docstack":
    build();
    process.exit(run(process.execPath, [...serverNodeFlags(env), cli, ...args], { env: serverEnv(env) }));
    break;
  case "lint":
    lint();
    break;
  case "format":
    must("biome", ["check", "--write", "."]);
    break;
  case "build":
    build();
    break;
  case "gen":
    must("pnpm", ["--filter", "@docstack/contract", "run", "gen"]);
    break;
  case "test":
    // Code lint, format and dead code, contract lint and drift check, build, every package's tests, then coverage.
    timed("lint (biome, knip, dpdm)", lint);
    // What each package's `npm test` checks before its jest (tsc of the tests, attw, the app's JS budget) in the same turbo
    // run as the builds: a package's checks start once its own build is done, on a core the other builds leave idle.
    timed("contract lint, drift check, build, test checks", () => must("turbo", ["run", "lint", "check", "build", "test:static", "--output-logs=errors-only"]));
    timed(`test files (one jest run: ${packagesWithScript("test").join(", ")})`, () => jestRun(packagesWithScript("test")));
    timed("coverage", () => must(process.execPath, [cli, "coverage"]));
    printSplit("npm test");
    break;
  case "test-postgres":
    // What can behave differently on PostgreSQL, on DATABASE_URL's server (scripts/with-postgres.sh makes one):
    // the test files of the packages with a `test:database` script (server, gates), in one jest run that keeps only the
    // files that use a database (jest.config.cjs's filter, packages/server/database-tests.js).
    if (!process.env.DATABASE_URL) {
      console.error("test:postgres needs DATABASE_URL (scripts/with-postgres.sh npm run test:postgres makes a throwaway server)");
      process.exit(2);
    }
    timed("build", build);
    timed(`test files on PostgreSQL (one jest run: ${packagesWithScript("test:database").join(", ")})`, () => jestRun(packagesWithScript("test:database")));
    printSplit("npm run test:postgres");
    break;
  case "bench":
    build();
    process.exit(run(process.execPath, [path.join(root, "bench", "run.mjs"), ...args]));
    break;
  default:
    console.error(`Unknown task "${task}". Tasks: start, test, test-postgres, lint, format, docstack, build, gen, bench.`);
    process.exit(2);
}
