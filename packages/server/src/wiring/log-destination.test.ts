// The batched log destination, in a process of its own writing to its standard output as the server does: no line is
// held for good, whether the process stays quiet, warns or exits.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const built = path.join(__dirname, "..", "..", "dist", "wiring", "log-destination.js");
const HOUR_MS = 3_600_000;
/** A line held for good never comes: the test fails after this rather than after the run's ceiling. */
const NEVER_MS = 30_000;

const children: ChildProcess[] = [];
// A test that failed leaves its process waiting for an hour: stopped here.
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

/**
 * Runs `body` in a Node.js process with `logger` (pino, on a batched destination flushed every `flushMs`) and
 * answers the lines it wrote, once `wanted` lines came (the process is then stopped) or it exited.
 */
function linesOf(flushMs: number, body: string, wanted: number): Promise<{ msg: string; level: number }[]> {
  const script = `
    const pino = require(${JSON.stringify(require.resolve("pino"))});
    const { batchedLogDestination } = require(${JSON.stringify(built)});
    const logger = pino({}, batchedLogDestination(1, ${flushMs}));
    setInterval(() => {}, ${HOUR_MS});
    ${body}`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "ignore"] });
  children.push(child);
  let out = "";
  return new Promise((resolve, reject) => {
    const lines = () =>
      out
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { msg: string; level: number });
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      if (lines().length >= wanted) child.kill();
    });
    child.once("error", reject);
    child.once("close", () => resolve(lines()));
  });
}

it(
  "writes a quiet process's lines within its flush interval",
  async () => {
    const lines = await linesOf(20, `logger.info("first"); logger.info("second");`, 2);
    expect(lines.map((line) => line.msg)).toEqual(["first", "second"]);
  },
  NEVER_MS,
);

it(
  "writes a warning at once, with the lines held before it",
  async () => {
    // Flushed every hour: only the warning can have written these.
    const lines = await linesOf(HOUR_MS, `logger.info("held"); logger.warn("careful");`, 2);
    expect(lines.map((line) => line.msg)).toEqual(["held", "careful"]);
  },
  NEVER_MS,
);

it(
  "writes what it holds when the process exits",
  async () => {
    const lines = await linesOf(HOUR_MS, `for (let i = 0; i < 3; i++) logger.info("line " + i); process.exit(0);`, 3);
    expect(lines.map((line) => line.msg)).toEqual(["line 0", "line 1", "line 2"]);
  },
  NEVER_MS,
);

it(
  "writes a crash's lines held before it",
  async () => {
    const lines = await linesOf(HOUR_MS, `logger.info("before"); setTimeout(() => { throw new Error("crash"); }, 0);`, 1);
    expect(lines.map((line) => line.msg)).toEqual(["before"]);
  },
  NEVER_MS,
);
