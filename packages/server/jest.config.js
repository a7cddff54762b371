// Tests run against the real app and a real database: an in-memory PGlite per test
// file started from a migrated template (made once by jest.global-setup.ts), or the
// PostgreSQL server named by DATABASE_URL.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/src"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.(t|j|mj)s$": ["@swc/jest"] },
  // The schema engine's bindings are an ES module: let swc make it CommonJS.
  transformIgnorePatterns: ["/node_modules/(?!(\\.pnpm/@prisma\\+schema-engine-wasm[^/]*/node_modules/)?@prisma/schema-engine-wasm/)"],
  globalSetup: "<rootDir>/jest.global-setup.ts",
  globalTeardown: "<rootDir>/jest.global-teardown.ts",
  testTimeout: 30000,
  maxWorkers: 2,
};
