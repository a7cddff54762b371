import { startLiveServer } from "./live-server";

/**
 * One server for every test file of the suite, all using one token: the default budget (600 a
 * minute) is a production setting, and a fast machine running the files in parallel spends it in
 * seconds. Rate limiting has its own test, on a server of its own (retry.test.ts).
 */
const SHARED_SERVER_RATE_LIMIT = "1000000";

export default async function globalSetup(): Promise<void> {
  const server = await startLiveServer({ DOCSTACK_RATE_LIMIT: SHARED_SERVER_RATE_LIMIT });
  (globalThis as { docstackServer?: unknown }).docstackServer = server;
  process.env.DOCSTACK_URL = server.url;
  process.env.DOCSTACK_TOKEN = server.token;
  process.env.DOCSTACK_ORGANIZATION = server.organizationId;
}
