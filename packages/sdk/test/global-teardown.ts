import fs from "node:fs";
import type { LiveServer } from "./live-server";

export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as { docstackServer?: LiveServer }).docstackServer;
  if (!server) return;
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill("SIGTERM");
  await exited;
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
