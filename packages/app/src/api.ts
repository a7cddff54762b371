// The app reaches the API through the SDK only: one client, same origin, signed in by the session cookie
// (sent by the browser), its writes carrying the CSRF token the SDK reads from the CSRF cookie.
import { ConnectionError, createClient, csrfFromCookie, unwrap } from "@docstack/sdk";

export const api = createClient({
  baseUrl: globalThis.location?.origin ?? "http://localhost",
  csrfToken: () => csrfFromCookie(),
  // A write the user waits on fails fast; reads retry as the SDK does.
  timeoutMs: 20_000,
});

export { unwrap };

/** What went wrong, in the words the error screens use. */
export type Failure = "not-found" | "forbidden" | "signed-out" | "offline" | "failed";

export function failureOf(error: unknown): Failure {
  if (error instanceof ConnectionError) return "offline";
  const status = typeof error === "object" && error !== null && "status" in error ? (error as { status: unknown }).status : undefined;
  if (status === 404) return "not-found";
  if (status === 403) return "forbidden";
  if (status === 401) return "signed-out";
  return "failed";
}

/** The message of a failed write, to show beside what the user typed (which stays). */
export function messageOf(error: unknown): string {
  if (error instanceof ConnectionError || !(error instanceof Error)) return "Docstack could not be reached: check your connection and try again.";
  return error.message;
}

/** A read whose 404 means "none yet" (no Git Sync set up, never exported): null rather than a failure. */
export async function orMissing<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (failureOf(error) === "not-found") return null;
    throw error;
  }
}
