// The SDK's live server (a Docstack process of its own on a fresh database), reused rather than copied; it may fetch
// from 127.0.0.1, where the import runs' test serves a website. Announced as DOCSTACK_COMPAT_URL and so on: in the one
// jest run of `npm test` the SDK's own server (DOCSTACK_URL) starts beside it.
import { startSharedServer } from "../../sdk/test/global-setup";

export const COMPAT_PREFIX = "DOCSTACK_COMPAT_";

export default function globalSetup(): Promise<void> {
  return startSharedServer({ DOCSTACK_ALLOW_PRIVATE_FETCH: "true" }, COMPAT_PREFIX);
}
