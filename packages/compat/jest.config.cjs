// The compatibility suite runs against a live Docstack server started by the global setup (the SDK's).
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  // Each test file's seconds, for .ci/run's list of the slowest (scripts/jest-timings.cjs; inert without DOCSTACK_TEST_TIMINGS).
  reporters: ["default", "<rootDir>/../../scripts/jest-timings.cjs"],
  roots: ["<rootDir>/test"],
  transform: { "^.+\\.ts$": ["@swc/jest"] },
  globalSetup: "<rootDir>/test/global-setup.ts",
  globalTeardown: "<rootDir>/test/global-teardown.ts",
  setupFilesAfterEnv: ["<rootDir>/test/each-test.ts"],
  testTimeout: 30000,
};
