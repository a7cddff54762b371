import { type LiveServer, stopLiveServer } from "../../sdk/test/live-server";

export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as { docstackServer?: LiveServer }).docstackServer;
  if (server) await stopLiveServer(server);
}
