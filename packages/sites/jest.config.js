// sanitize-html's parser and its packages are ES modules, which jest's CommonJS sandbox
// cannot load (Node itself loads them with require()): swc makes them CommonJS.
const ESM = ["htmlparser2", "domhandler", "domutils", "dom-serializer", "domelementtype", "entities"];

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  // Each test file's seconds, for .ci/run's list of the slowest (scripts/jest-timings.cjs; inert without DOCSTACK_TEST_TIMINGS).
  reporters: ["default", "<rootDir>/../../scripts/jest-timings.cjs"],
  roots: ["<rootDir>/test"],
  transform: { "^.+\\.(t|j|mj)s$": ["@swc/jest"] },
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/(${ESM.join("|")})@[^/]*/node_modules/)?(${ESM.join("|")})/)`],
};
