// Every request the server sends to a URL a user gave (imports, files by URL, OpenAPI specs; later webhooks and Git
// remotes) goes through here. The check is made where the connection is made, on the address connected to: a host
// name's DNS answers in the socket's own lookup (so no second resolution can differ), an IP literal in whatever
// spelling the URL parser left (`::ffff:7f00:1`) before the socket is opened; a redirect opens its connection
// through the same dispatcher, so it is checked the same way. `DOCSTACK_ALLOW_PRIVATE_FETCH=true` turns it off.
import dns from "node:dns";
import type net from "node:net";
import type { Dispatcher, RequestInit, Response } from "undici";
import { type AddressRefusal, type AddressRule, internalAddress, ipLiteral } from "./address-rule";

/** A connection refused for the address it would reach; its message names the address and the rule. */
export class AddressRefused extends Error {
  readonly code = "EDOCSTACKREFUSED";
  constructor(
    readonly host: string,
    readonly refusal: AddressRefusal,
  ) {
    const { address, carried, rule } = refusal;
    const what =
      host === address
        ? `is ${carried ? `${carried.as} ${carried.address}, ` : ""}${rule}`
        : `resolves to ${address}${carried ? ` (${carried.as} ${carried.address})` : ""}, ${rule}`;
    super(`refused: ${host} ${what} (the server fetches no internal address)`);
    this.name = "AddressRefused";
  }
}

/** dns.lookup's form with `all: true`: another resolver can stand in for it (tests map names to loopback). */
export type Resolver = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

export interface CheckOptions {
  /** Connect to internal addresses too (`DOCSTACK_ALLOW_PRIVATE_FETCH`, for tests against a local server). */
  allowPrivate: boolean;
  /** Another rule than `internalAddress` (tests: to let a first hop on loopback through). */
  rule?: AddressRule;
  resolver?: Resolver;
}

/** A lookup for net.connect that answers only addresses the rule allows, and fails naming the first it refused. */
function checkedLookup(rule: AddressRule, resolver: Resolver): net.LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "");
      const allowed = addresses.filter((entry) => !rule(entry.address));
      if (!allowed.length) {
        const refusal = addresses.map((entry) => rule(entry.address)).find(Boolean);
        const failure = refusal ? new AddressRefused(hostname, refusal) : Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" });
        return callback(failure, "");
      }
      if (options.all) return callback(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

/** undici loads with the first outbound request, not at start (a large module; many instances send none). */
const undici = () => require("undici") as typeof import("undici");

function createDispatcher({ allowPrivate, rule = internalAddress, resolver = dns.lookup }: CheckOptions): Dispatcher {
  const check: AddressRule = allowPrivate ? () => undefined : rule;
  const { Agent, buildConnector } = undici();
  const connect = buildConnector({ lookup: checkedLookup(check, resolver) });
  return new Agent({
    connect(options, callback) {
      // net.connect does not look an IP literal up: it is checked here, as the address the socket will reach.
      const literal = ipLiteral(options.hostname);
      const refusal = literal === undefined ? undefined : check(literal);
      if (refusal) return callback(new AddressRefused(literal!, refusal), null);
      connect(options, callback);
    },
  });
}

const shared = new Map<boolean, Dispatcher>();

/** An undici dispatcher whose every connection is checked (one per setting, its connections pooled). */
export function checkedDispatcher(options: CheckOptions): Dispatcher {
  if (options.rule || options.resolver) return createDispatcher(options);
  const dispatcher = shared.get(options.allowPrivate) ?? createDispatcher(options);
  shared.set(options.allowPrivate, dispatcher);
  return dispatcher;
}

/** The AddressRefused behind a failed fetch ("fetch failed", its cause the connector's error), if that is why. */
function refusalIn(error: unknown): AddressRefused | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof AddressRefused) return cause;
  }
  return undefined;
}

/**
 * fetch (undici's) through a checked dispatcher, for http and https URLs only. Throws AddressRefused when the
 * host, or a redirect's, is an internal address; otherwise fails as fetch does.
 */
export async function safeFetch(url: string | URL, init: Omit<RequestInit, "dispatcher"> & CheckOptions): Promise<Response> {
  const { allowPrivate, rule, resolver, ...request } = init;
  const target = new URL(url);
  if (target.protocol !== "http:" && target.protocol !== "https:") throw new TypeError(`only http and https URLs are fetched, not ${target.protocol}`);
  try {
    return await undici().fetch(target, { ...request, dispatcher: checkedDispatcher({ allowPrivate, rule, resolver }) });
  } catch (error) {
    throw refusalIn(error) ?? error;
  }
}
