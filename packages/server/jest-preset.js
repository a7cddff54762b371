// The jest configuration of every test running the server's code: this package's own, and other packages' through
// `preset: "@docstack/server"` (the quality gates). The real app and a real database: an in-memory PGlite per test
// file started from a migrated template (made once by jest.global-setup.ts), or the PostgreSQL server named by
// DATABASE_URL.
const path = require("node:path");

const ESM = [
  "@prisma/schema-engine-wasm",
  "jose",
  "htmlparser2",
  "domhandler",
  "domutils",
  "dom-serializer",
  "domelementtype",
  "entities",
  "pg-boss",
  "serialize-error",
  "non-error",
];

/** @type {import('jest').Config} */
module.exports = {
  // Node's, plus one embedded database per worker that each file's harness borrows (test/support/environment.ts).
  testEnvironment: path.join(__dirname, "test/support/environment.ts"),
  setupFiles: [path.join(__dirname, "test/support/setup-embedded.ts")],
  // Each test file's seconds, for .ci/run's list of the slowest (scripts/jest-timings.cjs; inert without DOCSTACK_TEST_TIMINGS).
  reporters: ["default", path.join(__dirname, "../../scripts/jest-timings.cjs")],
  testMatch: ["**/*.test.ts"],
  // swc, resolved here (a package using the preset need not depend on it), its options here rather than in a .swcrc
  // (which @swc/jest reads from the directory jest runs in). A dynamic import() becomes a require(), and the ES modules it
  // loads (pg-boss and its own) are made CommonJS with the others below: jest loaded them as `vm` modules, whose records
  // Node 20 never frees, and each held its file's whole context, so a worker kept every file it ran (its heap 30 to 55
  // MB more a file, the collector's share of its CPU doubling over 24 files).
  transform: {
    "^.+\\.(t|j|mj)s$": [
      require.resolve("@swc/jest"),
      {
        swcrc: false,
        jsc: { parser: { syntax: "typescript" }, target: "es2022" },
        module: { type: "commonjs", ignoreDynamic: false },
        sourceMaps: "inline",
      },
    ],
  },
  // ES modules that jest's CommonJS sandbox cannot load, made CommonJS by swc: the schema engine's
  // bindings, sanitize-html's parser with its packages (Node itself loads them with require()), and the job queue's.
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/(${ESM.map((p) => p.replace("/", "\\+")).join("|")})@[^/]*/node_modules/)?(${ESM.join("|")})/)`],
  // This package's files, wherever the tests run from: the template database is made once per run.
  globalSetup: path.join(__dirname, "jest.global-setup.ts"),
  globalTeardown: path.join(__dirname, "jest.global-teardown.ts"),
  // On PostgreSQL only what uses a database runs (database-tests.js): the rest is the same on both, and ran once.
  ...(process.env.DATABASE_URL ? { filter: path.join(__dirname, "database-tests.js") } : {}),
  // A ceiling for a hang, not a speed check, and the only one (no file sets a shorter one): a file's first test
  // builds the validators of the operations it calls, and a reader's browser test took over 60 s on a busy 2-core
  // machine running CI beside other work.
  testTimeout: 300000,
  maxWorkers: 2,
};
