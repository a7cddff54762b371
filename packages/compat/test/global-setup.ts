// The SDK's live server (a Docstack process of its own on a fresh database), reused rather than copied; it may fetch
// from 127.0.0.1, where the import runs' test serves a website.
import { startSharedServer } from "../../sdk/test/global-setup";

export default function globalSetup(): Promise<void> {
  return startSharedServer({ DOCSTACK_ALLOW_PRIVATE_FETCH: "true" });
}
