// Jest's test filter when DATABASE_URL names a PostgreSQL server (jest-preset.js): the files that open a database
// through the harness (or name DATABASE_URL themselves), as those are what can behave differently on PostgreSQL.
// Everything else ran already, once, on the embedded database. A file that opens a database but need not run on
// PostgreSQL says so with a line `// Runs once: <why>`.
const fs = require("node:fs");

const OPENS_A_DATABASE = /\b(useHarness|createHarness)\(|process\.env\.DATABASE_URL/;
const RUNS_ONCE = /^\/\/ Runs once: /m;

/** @param {string[]} testPaths */
module.exports = (testPaths) => ({
  filtered: testPaths.filter((testPath) => {
    const source = fs.readFileSync(testPath, "utf8");
    return OPENS_A_DATABASE.test(source) && !RUNS_ONCE.test(source);
  }),
});
