// The SDK's tests run against a live Docstack server started by the global setup.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  // Each test file's seconds, for .ci/run's list of the slowest (scripts/jest-timings.cjs; inert without DOCSTACK_TEST_TIMINGS).
  reporters: ["default", "<rootDir>/../../scripts/jest-timings.cjs"],
  roots: ["<rootDir>/test"],
  transform: { "^.+\\.ts$": ["@swc/jest"] },
  // The sources import each other as ./name.js (what Node's ES modules need once built).
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
  globalSetup: "<rootDir>/test/global-setup.ts",
  globalTeardown: "<rootDir>/test/global-teardown.ts",
  testTimeout: 30000,
};
