// Tests run against the real app and a real database: an in-memory PGlite per test
// file started from a migrated template (made once by jest.global-setup.ts), or the
// PostgreSQL server named by DATABASE_URL.
const ESM = ["@prisma/schema-engine-wasm", "jose", "htmlparser2", "domhandler", "domutils", "dom-serializer", "domelementtype", "entities"];

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/src", "<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.(t|j|mj)s$": ["@swc/jest"] },
  // ES modules that jest's CommonJS sandbox cannot load, made CommonJS by swc: the schema engine's
  // bindings, and sanitize-html's parser with its packages (Node itself loads them with require()).
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/(${ESM.map((p) => p.replace("/", "\\+")).join("|")})@[^/]*/node_modules/)?(${ESM.join("|")})/)`],
  globalSetup: "<rootDir>/jest.global-setup.ts",
  globalTeardown: "<rootDir>/jest.global-teardown.ts",
  // A ceiling for a hang, not a speed check: a file's first test builds the validators of the operations it
  // calls, which took over 30 s on a busy 2-core machine running PostgreSQL alongside.
  testTimeout: 120000,
  maxWorkers: 2,
};
