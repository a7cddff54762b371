// The editor's core, without a browser: its sources are ES modules importing `./x.js`, which swc makes CommonJS and
// this maps back to the TypeScript file.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  // Each test file's seconds, for .ci/run's list of the slowest (scripts/jest-timings.cjs; inert without DOCSTACK_TEST_TIMINGS).
  reporters: ["default", "<rootDir>/../../scripts/jest-timings.cjs"],
  roots: ["<rootDir>/test"],
  transform: { "^.+\\.ts$": ["@swc/jest"] },
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
};
