// The order of the one jest run (jest.config.cjs): the slowest files first, so the last file to end is a short
// one and neither worker idles long at the end. Jest's own sequencer knows a file's duration only from an earlier
// run on this machine (its cache); a fresh clone has none and would go by file size, so a file without one takes
// its seconds from the last CI run (test-seconds.json, by database).
const fs = require("node:fs");
const path = require("node:path");

const jest = path.dirname(require.resolve("jest/package.json", { paths: [path.join(__dirname, "..", "packages", "server")] }));
const core = path.dirname(require.resolve("@jest/core/package.json", { paths: [jest] }));
const Sequencer = require(require.resolve("@jest/test-sequencer", { paths: [core] })).default;

const root = path.resolve(__dirname, "..");
const recorded = JSON.parse(fs.readFileSync(path.join(__dirname, "test-seconds.json"), "utf8"));
const seconds = recorded[process.env.DATABASE_URL ? "postgresql" : "embedded"];

class SlowestFirst extends Sequencer {
  time(test) {
    const cached = super.time(test);
    if (cached != null) return cached;
    const last = seconds[path.relative(root, test.path)];
    return last == null ? undefined : last * 1000;
  }
}

module.exports = SlowestFirst;
