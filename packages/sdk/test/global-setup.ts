import { startLiveServer } from "./live-server";

/**
 * One server for every test file of the suite, all using one token: the default budget (600 a
 * minute) is a production setting, and a fast machine running the files in parallel spends it in
 * seconds. Rate limiting has its own test, on a server of its own (retry.test.ts).
 */
const SHARED_SERVER_RATE_LIMIT = "1000000";

/** The shared server, with more `settings` (environment variables) for a suite that needs them. */
export async function startSharedServer(settings: Record<string, string> = {}): Promise<void> {
  const server = await startLiveServer({ DOCSTACK_RATE_LIMIT: SHARED_SERVER_RATE_LIMIT, ...settings });
  (globalThis as { docstackServer?: unknown }).docstackServer = server;
  process.env.DOCSTACK_URL = server.url;
  process.env.DOCSTACK_TOKEN = server.token;
  process.env.DOCSTACK_ORGANIZATION = server.organizationId;
}

export default function globalSetup(): Promise<void> {
  return startSharedServer();
}
