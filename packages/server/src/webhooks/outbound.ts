// The thin adapter between webhooks and the server's outbound-fetch checks (content/fetch-safely.ts):
// the check of a URL when a webhook is created or changed, and the POST of a delivery, which checks the
// address it actually connects to (no DNS rebinding) and follows no redirect. Re-point these two
// functions when fetch-safely.ts gains a POST of its own.
import type { LookupAddress } from "node:dns";
import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { FetchRefused, isInternalAddress } from "../content/fetch-safely";

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, "");

/** A URL a webhook may have: http(s), and a host that is not, nor resolves only to, an internal address (400 otherwise). */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<void> {
  const url = new URL(raw);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchRefused("scheme", "a webhook's URL must be http or https");
  if (allowPrivate) return;
  const host = bare(url.hostname).toLowerCase();
  const refuse = () => new FetchRefused("internal-address", `${url.hostname} is an internal address, which webhooks may not reach`);
  if (net.isIP(host)) {
    if (isInternalAddress(host)) throw refuse();
    return;
  }
  if (host === "localhost" || host.endsWith(".localhost")) throw refuse();
  // A name that does not resolve now may later: deliveries check the address they connect to anyway.
  const addresses = await dns.lookup(host, { all: true }).catch(() => []);
  if (addresses.length > 0 && addresses.every((entry) => isInternalAddress(entry.address))) throw refuse();
}

export interface PostOutcome {
  /** The receiver's HTTP status; undefined when no answer came. */
  status?: number;
  /** Why there was no 2xx, for the delivery log (never the body). */
  error?: string;
}

function checkedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns
      .lookup(hostname, { all: true, family: options.family as number | undefined })
      .then((list) => {
        const allowed = list.filter((entry) => allowPrivate || !isInternalAddress(entry.address));
        if (!allowed.length) return callback(Object.assign(new Error(`${hostname} resolves to an internal address`), { code: "EDOCSTACKBLOCKED" }), "", 4);
        if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
        callback(null, allowed[0]!.address, allowed[0]!.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, "", 4));
  };
}

/** POSTs a delivery; resolves with the outcome (never rejects). The response body is read and dropped. */
export function postDelivery(
  raw: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs: number },
): Promise<PostOutcome> {
  return new Promise((resolve) => {
    const url = new URL(raw);
    const host = bare(url.hostname);
    if (!options.allowPrivate && net.isIP(host) && isInternalAddress(host)) return resolve({ error: `${url.hostname} is an internal address` });
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(
      url,
      {
        method: "POST",
        lookup: checkedLookup(options.allowPrivate),
        timeout: options.timeoutMs,
        headers: { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), "User-Agent": "Docstack-Webhooks/1" },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
        response.on("error", () => resolve({ status: response.statusCode ?? 0 }));
      },
    );
    request.on("timeout", () => request.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })));
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EDOCSTACKBLOCKED") resolve({ error: `${url.hostname} resolves to an internal address` });
      else if (error.code === "ETIMEDOUT") resolve({ error: `no answer within ${options.timeoutMs} ms` });
      else resolve({ error: `could not connect (${error.code ?? error.message})` });
    });
    request.end(body);
  });
}
