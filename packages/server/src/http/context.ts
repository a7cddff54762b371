// What every handler and policy receives about the request it serves.
import type { Logger } from "pino";
import type { ActorCache } from "../auth/actor-cache";
import type { Clock } from "../clock";
import type { ChangeBus } from "../cluster/changes";
import type { Config } from "../config";
import type { ContentCache } from "../content/cache";
import type { DownloadSigner } from "../content/downloads";
import type { Db } from "../db/database";
import type { JobQueue } from "../jobs/queue";
import type { Mailer } from "../mail/mailer";
import type { Metrics } from "../metrics";
import type { Role } from "../policy/roles";
import type { PublishedSites } from "../sites/published-sites";
import type { WebhookOutbox } from "../webhooks/outbox";
import type { CursorCodec } from "./pagination";

export interface Actor {
  userId: string;
  tokenId: string;
  user: { id: string; displayName: string; email: string; photoURL: string | null; emailVerified: boolean };
  /** The caller's role in each organization they belong to (null: guest). */
  orgRoles: ReadonlyMap<string, Role | null>;
  /** When the token stops working (null: never); checked on every request, cached or not. */
  expiresAt: Date | null;
  /** When the token's last use was recorded (at most once a minute, auth/last-use.ts). */
  lastUsedAt: Date | null;
}

/** Services shared by every request. */
export interface Services {
  prisma: Db;
  config: Config;
  clock: Clock;
  cursors: CursorCodec;
  logger: Logger;
  actors: ActorCache;
  downloads: DownloadSigner;
  /** Immutable content (documents, chunks, revision indexes), shared by every request. */
  contentCache: ContentCache;
  mailer: Mailer;
  /** Published sites: served to readers; told of every write (`sites.changed()`). */
  sites: PublishedSites;
  /** Background work: jobs sent here run on whichever instance works the queue. */
  jobs: JobQueue;
  /** Webhooks: `emit(tx, events)` in the transaction of a change. */
  webhooks: WebhookOutbox;
  /** Drops what instances cache when it changes (every instance, before a write's response leaves). */
  changes: ChangeBus;
  metrics: Metrics;
  /** Whether other instances may share the database (PostgreSQL), so nothing shared may live in memory. */
  shared: boolean;
}

export interface RequestContext extends Services {
  actor: Actor;
  requestId: string;
  /** The client's address (as Express sees it behind trusted proxies), for per-client limits. */
  clientAddress: string;
  /** e.g. http://localhost:3000, for the `urls` of resources. */
  baseUrl: string;
  log: Logger;
  /** Per-request memo, so a list resolving many resources loads each parent once. */
  memo: Map<string, Promise<unknown>>;
}

export function memoize<T>(ctx: RequestContext, key: string, load: () => Promise<T>): Promise<T> {
  let value = ctx.memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = load();
    ctx.memo.set(key, value);
  }
  return value;
}
