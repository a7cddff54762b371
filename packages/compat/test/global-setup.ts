// The SDK's live server (a Docstack process of its own on a fresh database), reused rather than copied.
import { startLiveServer } from "../../sdk/test/live-server";

export default async function globalSetup(): Promise<void> {
  const server = await startLiveServer();
  (globalThis as { docstackServer?: unknown }).docstackServer = server;
  process.env.DOCSTACK_URL = server.url;
  process.env.DOCSTACK_TOKEN = server.token;
  process.env.DOCSTACK_ORGANIZATION = server.organizationId;
}
