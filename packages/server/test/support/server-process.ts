// `docstack serve` as its own process, for tests of what only a real process shows (a SIGKILL, a restart).
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const CLI = path.join(__dirname, "..", "..", "dist", "cli", "main.js");

export interface ServerProcess {
  process: ChildProcess;
  url: string;
  /** What the process wrote to stderr (its reason when it stopped by itself). */
  errors(): string;
  /** Ends it with SIGTERM and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts the server on a port the system picks (PORT=0: no other test can take a port chosen beforehand) and
 * answers once the process says where it serves, which it says only when started whole (listening, and its job
 * workers registered): a process that answered /readyz could still stop while its workers started.
 */
export function serveProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = spawn(process.execPath, [CLI, "serve"], { env: { ...env, PORT: "0" }, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  let stdout = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-8000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const made = (port: string): ServerProcess => ({
    process: child,
    url: `http://127.0.0.1:${port}`,
    errors: () => stderr,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  });
  return new Promise((resolve, reject) => {
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      stdout = (stdout + chunk).slice(-8000);
      const port = /Docstack serves on http:\/\/[^:\s]+:(\d+)/.exec(stdout)?.[1];
      if (port) resolve(made(port));
    });
    child.once("exit", (code, signal) => reject(new Error(`the server stopped before serving (${signal ?? `exit ${code}`}): ${stderr || stdout}`)));
  });
}
