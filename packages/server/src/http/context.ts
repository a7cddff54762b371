// What every handler and policy receives about the request it serves.
import type { Logger } from "pino";
import type { ActorCache } from "../auth/actor-cache";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { ContentCache } from "../content/cache";
import type { DownloadSigner } from "../content/downloads";
import type { Db } from "../db/database";
import type { Role } from "../policy/roles";
import type { PublishedSites } from "../sites/published-sites";
import type { CursorCodec } from "./pagination";

export interface Actor {
  userId: string;
  tokenId: string;
  user: { id: string; displayName: string; email: string; photoURL: string | null };
  /** The caller's role in each organization they belong to (null: guest). */
  orgRoles: ReadonlyMap<string, Role | null>;
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
  /** Published sites: served to readers; told of every write (`sites.changed()`). */
  sites: PublishedSites;
}

export interface RequestContext extends Services {
  actor: Actor;
  requestId: string;
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
