import fs from "node:fs";
import type { LiveServer } from "./live-server";

/** Stops a live server and removes its database. */
export async function stopLiveServer(server: LiveServer): Promise<void> {
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill("SIGTERM");
  await exited;
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as { docstackServer?: LiveServer }).docstackServer;
  if (server) await stopLiveServer(server);
}
