import { sharedServers } from "./global-setup";
import { stopLiveServer } from "./live-server";

/** Stops the shared server announced under `prefix` (see global-setup.ts). */
export async function stopSharedServer(prefix = "DOCSTACK_"): Promise<void> {
  const server = sharedServers().get(prefix);
  sharedServers().delete(prefix);
  if (server) await stopLiveServer(server);
}

export default function globalTeardown(): Promise<void> {
  return stopSharedServer();
}
