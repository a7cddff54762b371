// A jest reporter every package's configuration adds: with DOCSTACK_TEST_TIMINGS naming a file, appends one line
// per test file run (its path and seconds, JSON), from which .ci/run prints the slowest. In a run of several
// packages (jest.config.cjs) it also prints each package's test files' seconds, summed, at the end.
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");

class TimingsReporter {
  /** Seconds of test files by package folder. */
  perPackage = new Map();

  onTestResult(_test, result) {
    const seconds = (result.perfStats.end - result.perfStats.start) / 1000;
    const file = path.relative(root, result.testFilePath);
    const name = file.split(path.sep)[1] ?? file;
    this.perPackage.set(name, (this.perPackage.get(name) ?? 0) + seconds);
    const timings = process.env.DOCSTACK_TEST_TIMINGS;
    if (!timings) return;
    const database = process.env.DATABASE_URL ? "postgresql" : "embedded";
    // When it started (ms since the epoch), to line the files up with the machine's load.
    fs.appendFileSync(timings, `${JSON.stringify({ file, seconds, database, started: result.perfStats.start })}\n`);
  }

  onRunComplete() {
    if (this.perPackage.size < 2) return;
    // Files run side by side on the workers, so these add up to more than the run's time.
    console.log("\nSeconds of test files by package (summed over the workers):");
    for (const [name, seconds] of [...this.perPackage].sort((a, b) => b[1] - a[1])) console.log(`${seconds.toFixed(0).padStart(6)} s  ${name}`);
  }
}

module.exports = TimingsReporter;
