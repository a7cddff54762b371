// The CPU a test file used: its worker's, and its children's once they ended (Chromium, git, a server process; a
// PostgreSQL server is not a child and is not counted; Chromium's renderers may be missed when the browser does not
// wait for its zygote, so a browser file's figure is a lower bound). Appended to DOCSTACK_TEST_TIMINGS beside the reporter's
// seconds (scripts/jest-timings.cjs), so .ci/run can say how busy the two cores were: a file whose CPU is far below
// its seconds waits, and a core idles behind it.
import fs from "node:fs";
import path from "node:path";

/** Linux's fixed user-space clock tick (USER_HZ) of /proc's times. */
const TICKS_PER_SECOND = 100;

/** Seconds of CPU of this process's children that ended and were waited for (0 where /proc is missing). */
function childrenSeconds(): number {
  try {
    const stat = fs.readFileSync("/proc/self/stat", "utf8");
    // After the command's ")": state is field 3, cutime and cstime are fields 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function ownSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** Starts counting; the returned function appends the file's CPU seconds to DOCSTACK_TEST_TIMINGS (when set). */
export function countFileCpu(testPath: string): () => void {
  const timings = process.env.DOCSTACK_TEST_TIMINGS;
  if (!timings) return () => {};
  const own = ownSeconds();
  const children = childrenSeconds();
  return () => {
    const cpuSeconds = ownSeconds() - own + (childrenSeconds() - children);
    const file = path.relative(path.resolve(__dirname, "../../../.."), testPath);
    const database = process.env.DATABASE_URL ? "postgresql" : "embedded";
    fs.appendFileSync(timings, `${JSON.stringify({ file, cpuSeconds: Number(cpuSeconds.toFixed(1)), database })}\n`);
  };
}
