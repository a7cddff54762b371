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

export interface PostOutcome {
  /** The receiver's HTTP status; undefined when no answer came. */
  status?: number;
  /** Why there was no 2xx, for the delivery log (never the body). */
  error?: string;
}

/** POSTs a delivery; resolves with the outcome (never rejects). The response body is read and dropped. */
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
    await response.arrayBuffer().catch(() => undefined);
    return { status: response.status };
  } catch (error) {
    if (error instanceof AddressRefused) return { error: error.message };
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return { error: `no answer within ${options.timeoutMs} ms` };
    const cause = error instanceof Error && error.cause instanceof Error ? (error.cause as NodeJS.ErrnoException) : undefined;
    return { error: `could not connect (${cause?.code ?? (error as Error).message})` };
  }
}
