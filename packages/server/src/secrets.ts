// Every secret the server makes goes through here: random ones (API tokens, share keys,
// instance secrets) from `newSecret`, derived ones (signed download tokens) declared with
// `declareSecret`. Nothing is kept; the listeners are told of each one, which is how the
// tests find every secret a run handed out and check that none of them reached a log line.
// A new kind of secret (sign-in codes, invite links, ...) is made or declared here too.
import { randomBytes } from "node:crypto";

type Listener = (secret: string) => void;
const listeners = new Set<Listener>();

/** Declares a secret made elsewhere (e.g. a signature); returns it. */
export function declareSecret(secret: string): string {
  for (const listener of listeners) listener(secret);
  return secret;
}

/** A new random secret of `bytes` random bytes, after `prefix`. */
export function newSecret(bytes: number, options: { prefix?: string; encoding?: "base64url" | "hex" } = {}): string {
  return declareSecret((options.prefix ?? "") + randomBytes(bytes).toString(options.encoding ?? "base64url"));
}

/** Calls `listener` with every secret made or declared from now on; returns what stops it. */
export function onSecret(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
