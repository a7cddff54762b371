// Fetching URLs on a user's behalf (imports) without letting them reach what only the
// server can: addresses that are loopback, private, link-local or otherwise internal
// are refused, checked on the address actually connected to (no DNS rebinding) and on
// every redirect. A setting allows them (tests against a local server).
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { ApiError } from "../http/errors";

/** Why a fetch failed, for callers that answer differently (a 400 to the requester either way). */
export type FetchFailure = "timeout" | "too-large" | "internal-address" | "unreachable" | "status" | "scheme" | "redirects";

export class FetchRefused extends ApiError {
  constructor(
    readonly failure: FetchFailure,
    message: string,
  ) {
    super("url_fetch_failed", `request/body/url: ${message}`);
  }
}

const BLOCKED_V4: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];

const v4ToNumber = (address: string) => address.split(".").reduce((n, part) => n * 256 + Number(part), 0);

export function isInternalAddress(address: string): boolean {
  if (net.isIPv4(address)) {
    const n = v4ToNumber(address);
    return BLOCKED_V4.some(([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(v4ToNumber(base) / 2 ** (32 - bits)));
  }
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return isInternalAddress(mapped[1]!);
  // ::, ::1, link-local fe80::/10, unique local fc00::/7, multicast ff00::/8
  return lower === "::" || lower === "::1" || /^fe[89ab]/.test(lower) || /^f[cd]/.test(lower) || lower.startsWith("ff");
}

export interface FetchOptions {
  allowPrivate: boolean;
  maxBytes: number;
  deadline: number;
  maxRedirects?: number;
}

export interface Fetched {
  url: string;
  contentType: string;
  body: string;
  /** The body as received (files are not text). */
  bytes: Buffer;
}

function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const list = addresses as dns.LookupAddress[];
      const allowed = list.filter((entry) => allowPrivate || !isInternalAddress(entry.address));
      if (!allowed.length) return callback(Object.assign(new Error(`${hostname} resolves to an internal address`), { code: "EDOCSTACKBLOCKED" }), "", 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

function once(url: URL, options: FetchOptions): Promise<{ status: number; location?: string; contentType: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const remaining = options.deadline - Date.now();
    if (remaining <= 0) return reject(new FetchRefused("timeout", `${url} did not answer in time`));
    if (!options.allowPrivate && net.isIP(url.hostname.replace(/^\[|\]$/g, "")) && isInternalAddress(url.hostname.replace(/^\[|\]$/g, ""))) {
      return reject(new FetchRefused("internal-address", `${url.hostname} is an internal address, which imports may not reach`));
    }
    const client = url.protocol === "https:" ? https : http;
    const request = client.get(
      url,
      {
        lookup: guardedLookup(options.allowPrivate),
        timeout: remaining,
        headers: { "User-Agent": "Docstack-Import/1", Accept: "text/html, text/markdown, text/plain;q=0.9, */*;q=0.1" },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > options.maxBytes) {
            request.destroy();
            reject(new FetchRefused("too-large", `${url} is larger than ${options.maxBytes} bytes`));
          } else chunks.push(chunk);
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            ...(response.headers.location ? { location: response.headers.location } : {}),
            contentType: String(response.headers["content-type"] ?? ""),
            bytes: Buffer.concat(chunks),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })));
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EDOCSTACKBLOCKED")
        reject(new FetchRefused("internal-address", `${url.hostname} is an internal address, which imports may not reach`));
      else if (error.code === "ETIMEDOUT") reject(new FetchRefused("timeout", `${url} did not answer in time`));
      else reject(new FetchRefused("unreachable", `${url} could not be fetched (${error.code ?? error.message})`));
    });
  });
}

/** GETs a URL, following up to 5 redirects, each checked like the first. */
export async function fetchSafely(target: string, options: FetchOptions): Promise<Fetched> {
  let url = new URL(target);
  for (let hop = 0; hop <= (options.maxRedirects ?? 5); hop++) {
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchRefused("scheme", "only http and https URLs can be imported");
    const response = await once(url, options);
    if (response.status >= 300 && response.status < 400 && response.location) {
      url = new URL(response.location, url);
      continue;
    }
    if (response.status < 200 || response.status >= 300) throw new FetchRefused("status", `${url} answered HTTP ${response.status}`);
    return { url: url.toString(), contentType: response.contentType, body: response.bytes.toString("utf8"), bytes: response.bytes };
  }
  throw new FetchRefused("redirects", `too many redirects from ${target}`);
}
