// What every handler and policy receives about the request it serves.

import type { IncomingHttpHeaders } from "node:http";
import type { Logger } from "pino";
import type { Clock } from "../clock";
import type { ChangeBus } from "../cluster/changes";
import type { Config } from "../config";
import type { Db } from "../db/database";
import type { JobQueue } from "../jobs/queue";
import type { Mailer } from "../mail/mailer";
import type { Metrics } from "../metrics";
import type { Actor } from "./actor";
import type { Memo } from "./memo";
import type { CursorCodec } from "./pagination";

/**
 * Services shared by every request. Those of the floors above the handler kit (the actor cache, the content cache,
 * download signing, the render pool, published sites, the webhooks' outbox) are added by wiring/services.ts, which
 * makes them (declaration merging): the kit names no floor above it.
 */
export interface Services {
  prisma: Db;
  config: Config;
  clock: Clock;
  cursors: CursorCodec;
  logger: Logger;
  mailer: Mailer;
  /** Background work: jobs sent here run on whichever instance works the queue. */
  jobs: JobQueue;
  /** Drops what instances cache when it changes (every instance, before a write's response leaves). */
  changes: ChangeBus;
  metrics: Metrics;
  /** Whether other instances may share the database (PostgreSQL), so nothing shared may live in memory. */
  shared: boolean;
}

export interface RequestContext extends Services, Memo {
  actor: Actor;
  requestId: string;
  /** The client's address (as Express sees it behind trusted proxies), for per-client limits. */
  clientAddress: string;
  /** The request's headers (for what the contract cannot type: a webhook's signature). */
  headers: IncomingHttpHeaders;
  /** The body's bytes, for the operations marked `x-docstack-raw-body` (a signature is checked on them). */
  rawBody: Buffer | undefined;
  /** Whether the request came over HTTPS (directly or through a trusted proxy): the app's cookies are then `__Host-` and Secure. */
  secure: boolean;
  /** e.g. http://localhost:3000, for the `urls` of resources. */
  baseUrl: string;
  log: Logger;
}
