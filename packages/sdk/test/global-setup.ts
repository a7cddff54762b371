import { type LiveServer, startLiveServer } from "./live-server";

/**
 * One server for every test file of the suite, all using one token: the default budget (600 a
 * minute) is a production setting, and a fast machine running the files in parallel spends it in
 * seconds. Rate limiting has its own test, on a server of its own (retry.test.ts).
 */
const SHARED_SERVER_RATE_LIMIT = "1000000";

/**
 * The shared servers of this jest process by the prefix of their environment variables: the SDK's (DOCSTACK_) and
 * the compatibility suite's (DOCSTACK_COMPAT_) both start in the one jest run of `npm test`, each with its settings.
 */
export function sharedServers(): Map<string, LiveServer> {
  const holder = globalThis as { docstackServers?: Map<string, LiveServer> };
  holder.docstackServers ??= new Map();
  return holder.docstackServers;
}

/** The shared server, with more `settings` (environment variables), announced as `${prefix}URL`, `…TOKEN`, `…ORGANIZATION`. */
export async function startSharedServer(settings: Record<string, string> = {}, prefix = "DOCSTACK_"): Promise<void> {
  const server = await startLiveServer({ DOCSTACK_RATE_LIMIT: SHARED_SERVER_RATE_LIMIT, ...settings });
  sharedServers().set(prefix, server);
  process.env[`${prefix}URL`] = server.url;
  process.env[`${prefix}TOKEN`] = server.token;
  process.env[`${prefix}ORGANIZATION`] = server.organizationId;
}

export default function globalSetup(): Promise<void> {
  return startSharedServer();
}
