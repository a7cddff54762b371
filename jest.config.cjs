// `npm test`'s one jest run over every package (scripts/root.mjs): each package's own configuration as a project,
// so the two workers take the next file of any package, the slowest first (scripts/jest-sequencer.cjs), and no core
// idles at the tail of one package while the next waits. `npm test` inside a package still runs its configuration
// alone. `--selectProjects server gates` is the PostgreSQL pass.
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const CONFIG_FILES = ["jest.config.js", "jest.config.cjs"];
const configFile = (dir) => CONFIG_FILES.map((file) => path.join(dir, file)).find((file) => fs.existsSync(file));
// Every package with a jest configuration (the order is the sequencer's, not this list's).
const packages = fs.readdirSync(path.join(__dirname, "packages")).filter((name) => configFile(path.join(__dirname, "packages", name)));
// What jest reads from the run's configuration only (below), not a project's: left out rather than ignored.
const RUN_ONLY = ["reporters", "testTimeout", "maxWorkers"];
// jest's default ceiling, for a package that sets none; the server's preset sets the run's (300 s, below).
const JEST_DEFAULT_TIMEOUT = 5000;

function project(name) {
  const dir = path.join(__dirname, "packages", name);
  const config = { ...require(configFile(dir)) };
  // testTimeout is the run's setting: a package's own ceiling comes back per file (jest-timeout.cjs).
  const timeout = config.testTimeout ?? (config.preset ? undefined : JEST_DEFAULT_TIMEOUT);
  for (const key of RUN_ONLY) delete config[key];
  return {
    ...config,
    displayName: name,
    rootDir: dir,
    ...(timeout
      ? {
          globals: { ...config.globals, __docstackTestTimeout: timeout },
          setupFilesAfterEnv: [...(config.setupFilesAfterEnv ?? []), path.join(__dirname, "scripts", "jest-timeout.cjs")],
        }
      : {}),
  };
}

/** @type {import('jest').Config} */
module.exports = {
  projects: packages.map(project),
  testSequencer: path.join(__dirname, "scripts", "jest-sequencer.cjs"),
  // Each test file's seconds, for .ci/run's list of the slowest (scripts/jest-timings.cjs; inert without DOCSTACK_TEST_TIMINGS).
  reporters: ["default", path.join(__dirname, "scripts", "jest-timings.cjs")],
  // The server preset's one ceiling for a hang (packages/server/jest-preset.js says why).
  testTimeout: 300000,
  // One worker more than the machine has cores: a browser file, a Git test or a server's process leaves its core idle
  // part of the time (their CPU was 50 to 80 % of their seconds on CI's 2-core machine, .ci/run prints it), and a
  // third file fills it. At most 8: each worker holds a database, and a browser at times. DOCSTACK_TEST_WORKERS overrides.
  maxWorkers: Number(process.env.DOCSTACK_TEST_WORKERS) || Math.min(os.availableParallelism() + 1, 8),
  // On PostgreSQL only what uses a database runs (the preset does the same for a package's own run).
  ...(process.env.DATABASE_URL ? { filter: path.join(__dirname, "packages", "server", "database-tests.js") } : {}),
};
