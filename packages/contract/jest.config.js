/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  // Each test file's seconds, for .ci/run's list of the slowest (scripts/jest-timings.cjs; inert without DOCSTACK_TEST_TIMINGS).
  reporters: ["default", "<rootDir>/../../scripts/jest-timings.cjs"],
  roots: ["<rootDir>/test"],
  transform: { "^.+\\.ts$": ["@swc/jest"] },
};
