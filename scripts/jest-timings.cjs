// A jest reporter every package's configuration adds: with DOCSTACK_TEST_TIMINGS naming a file, appends one line
// per test file run (its path and seconds, JSON), from which .ci/run prints the slowest. Otherwise it does nothing.
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");

class TimingsReporter {
  onTestResult(_test, result) {
    const file = process.env.DOCSTACK_TEST_TIMINGS;
    if (!file) return;
    const seconds = (result.perfStats.end - result.perfStats.start) / 1000;
    const database = process.env.DATABASE_URL ? "postgresql" : "embedded";
    fs.appendFileSync(file, `${JSON.stringify({ file: path.relative(root, result.testFilePath), seconds, database })}\n`);
  }
}

module.exports = TimingsReporter;
