// Webhooks' use of the server's outbound checks (outbound/): the check of a URL when a webhook is created or
// changed, and the POST of a delivery through safeFetch, whose every connection is checked on the address it
// reaches (in any spelling, after DNS); a delivery follows no redirect.
import dns from "node:dns/promises";
import { FetchRefused } from "../content/web/fetch-safely";
import { internalAddress, ipLiteral } from "../outbound/address-rule";
import { AddressRefused, safeFetch } from "../outbound/safe-fetch";

/** A URL a webhook may have: http(s), and a host that is not, nor resolves only to, an internal address (400 otherwise). */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<void> {
  const url = new URL(raw);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchRefused("scheme", "a webhook's URL must be http or https");
  if (allowPrivate) return;
  const literal = ipLiteral(url.hostname);
  const refused = (refusal: { rule: string; address: string }) =>
    new FetchRefused(
      "internal-address",
      `${url.hostname} is ${refusal.address === literal ? "" : `${refusal.address}, `}${refusal.rule}: webhooks may not reach it`,
    );
  if (literal !== undefined) {
    const refusal = internalAddress(literal);
    if (refusal) throw refused(refusal);
    return;
  }
  // A name that does not resolve now may later: deliveries check the address they connect to anyway.
  const addresses = await dns.lookup(url.hostname, { all: true }).catch(() => []);
  const refusals = addresses.map((entry) => internalAddress(entry.address));
  if (refusals.length > 0 && refusals.every(Boolean)) throw refused(refusals[0]!);
}

/** How an attempt ended, as the delivery's attempts log names it (the contract's WebhookDeliveryAttempt.outcome). */
export type AttemptOutcome = "ok" | "http_error" | "timeout" | "connection_refused" | "address_refused" | "connection_error";

export interface PostOutcome {
  /** The receiver's HTTP status; undefined when no answer came. */
  status?: number;
  outcome: AttemptOutcome;
  /** Why there was no 2xx, for the delivery log: never a secret, at most a short excerpt of the answer. */
  error?: string;
}

/** The most of the receiver's answer the log keeps: it is the receiver's text, shown to the admins as it is. */
const EXCERPT_CHARS = 100;

/** The start of a failed answer's body, on one line (binary or unreadable bodies give nothing). */
async function excerpt(response: { text(): Promise<string> }): Promise<string> {
  const text = await response.text().catch(() => "");
  const line = text.replace(/\s+/g, " ").trim();
  return clipped(line, EXCERPT_CHARS);
}

/** The text cut to at most `max` characters, an ellipsis marking the cut. */
export function clipped(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** POSTs a delivery; resolves with the outcome (never rejects). The response body is read and dropped, but for a short excerpt of a failure's. */
export async function postDelivery(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs: number },
): Promise<PostOutcome> {
  try {
    const response = await safeFetch(url, {
      method: "POST",
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs),
      headers: { ...headers, "Content-Type": "application/json", "User-Agent": "Docstack-Webhooks/1" },
      allowPrivate: options.allowPrivate,
    });
    if (response.status >= 200 && response.status < 300) {
      await response.arrayBuffer().catch(() => undefined);
      return { status: response.status, outcome: "ok" };
    }
    const answer = await excerpt(response);
    return { status: response.status, outcome: "http_error", error: `HTTP ${response.status}${answer ? `: ${answer}` : ""}` };
  } catch (error) {
    if (error instanceof AddressRefused) return { outcome: "address_refused", error: error.message };
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
      return { outcome: "timeout", error: `no answer within ${options.timeoutMs} ms` };
    }
    const cause = error instanceof Error && error.cause instanceof Error ? (error.cause as NodeJS.ErrnoException) : undefined;
    const outcome = cause?.code === "ECONNREFUSED" ? "connection_refused" : "connection_error";
    return { outcome, error: `could not connect (${cause?.code ?? (error as Error).message})` };
  }
}
