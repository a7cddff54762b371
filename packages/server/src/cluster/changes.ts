// What instances cache from mutable rows (who a token belongs to, what sites show) is dropped on
// every instance when it changes, through PostgreSQL's LISTEN/NOTIFY, with this guarantee: once a
// write through the API has answered, no instance answers a request from what it cached before.
//
// - Each instance LISTENs on one connection to `docstack_auth` (a trigger notifies on any change of
//   tokens, members and users, whoever made it) and `docstack_changes`. Notifications reach each
//   listener in commit order, whatever their channel.
// - A successful write (before its response leaves) notifies `sync` and waits until every live
//   instance has answered `ack`: an instance acknowledges after handling every notification
//   committed before it, so the write's own changes are dropped everywhere. It waits at most
//   `ACK_WAIT_MS`.
// - An instance that does not acknowledge in time must not trust its cache: each instance notifies
//   itself every `PING_MS` (with the heartbeat of its row in `ClusterInstance`) and trusts its cache
//   only while it has received one of its own pings sent less than `LEASE_MS` ago. Having received
//   it means having handled everything committed before it; a write that waited `ACK_WAIT_MS` >
//   `LEASE_MS` for an instance leaves it either up to date or distrusting its cache.
// - Live instances are those whose heartbeat is younger than `LEASE_MS`: one that stopped
//   refreshing it cannot hold a fresh ping either, so nobody waits for it.
// On the embedded database there is one process, and PGlite delivers notifications before the
// committing query returns: nothing to wait for, the cache is trusted while listening.
import type { Logger } from "pino";
import type { Database } from "../db/database";
import { newId } from "../db/ids";

const AUTH_CHANNEL = "docstack_auth";
const CHANGES_CHANNEL = "docstack_changes";
export const PING_MS = 500;
export const LEASE_MS = 2_000;
export const ACK_WAIT_MS = 3_000;

export interface ChangeHandlers {
  /** Tokens, members or users changed: drop who tokens belong to. */
  onAuthChange(): void;
  /** Some write committed somewhere: drop what sites cached. */
  onWrite(): void;
}

export class ChangeBus {
  readonly instanceId = newId();
  private listening = false;
  /** performance.now() until which this instance's cache may be trusted (PostgreSQL). */
  private trustedUntil = 0;
  private readonly pingsSent = new Map<string, number>();
  private readonly waiting = new Map<string, Waiting>();
  private stopListening: (() => Promise<void>) | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly handlers: ChangeHandlers,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(
      [AUTH_CHANNEL, CHANGES_CHANNEL],
      (channel, payload) => this.received(channel, payload),
      (listening) => {
        this.listening = listening;
        // Notifications may have been missed while not listening: whatever was cached goes.
        this.trustedUntil = 0;
        this.handlers.onAuthChange();
        this.handlers.onWrite();
      },
    );
    if (this.database.kind !== "postgres") return;
    await this.ping();
    this.heartbeat = setInterval(() => {
      this.ping().catch((error: unknown) => this.logger.warn({ err: error }, "cluster heartbeat failed"));
    }, PING_MS);
    this.heartbeat.unref();
  }

  /** Whether what was cached from the database may be used now. */
  trusted(): boolean {
    if (!this.listening) return false;
    return this.database.kind !== "postgres" || performance.now() < this.trustedUntil;
  }

  /** A write committed (called before its response leaves): every instance drops what it changes. */
  async writeCommitted(): Promise<void> {
    if (this.database.kind !== "postgres") {
      this.handlers.onWrite();
      return;
    }
    const nonce = newId();
    let done!: () => void;
    const acknowledged = new Promise<void>((resolve) => (done = resolve));
    const wait: Waiting = { acked: new Set(), expected: undefined, done };
    this.waiting.set(nonce, wait);
    const timer = setTimeout(done, ACK_WAIT_MS);
    try {
      const rows = await this.database.prisma.$queryRaw<{ id: string }[]>`
        SELECT id FROM "ClusterInstance", pg_notify(${CHANGES_CHANNEL}, ${`sync:${this.instanceId}:${nonce}`})
        WHERE "seenAt" > now() - make_interval(secs => ${LEASE_MS / 1000})`;
      // Acknowledgements may come before the list of live instances: those are kept in `acked`.
      wait.expected = rows.map((row) => row.id);
      if (complete(wait)) done();
      await acknowledged;
      const late = wait.expected.filter((id) => !wait.acked.has(id));
      if (late.length) this.logger.warn({ instances: late }, "instances did not acknowledge a change in time (they stop trusting their caches)");
    } finally {
      clearTimeout(timer);
      this.waiting.delete(nonce);
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const { done } of this.waiting.values()) done();
    await this.stopListening?.();
    if (this.database.kind === "postgres") {
      await this.database.prisma.clusterInstance.deleteMany({ where: { id: this.instanceId } }).catch(() => {});
    }
  }

  private async ping(): Promise<void> {
    const nonce = newId();
    this.pingsSent.set(nonce, performance.now());
    await this.database.prisma.$executeRaw`
      WITH beat AS (
        INSERT INTO "ClusterInstance" (id, "seenAt") VALUES (${this.instanceId}, now())
        ON CONFLICT (id) DO UPDATE SET "seenAt" = now()
      )
      SELECT pg_notify(${CHANGES_CHANNEL}, ${`ping:${this.instanceId}:${nonce}`})`;
  }

  private received(channel: string, payload: string): void {
    if (channel === AUTH_CHANNEL) {
      this.handlers.onAuthChange();
      return;
    }
    const [kind, from, nonce, by] = payload.split(":");
    if (kind === "ping" && from === this.instanceId && nonce) {
      const sentAt = this.pingsSent.get(nonce);
      if (sentAt === undefined) return;
      // Pings sent before this one are answered too (commit order): forget them.
      for (const [earlier, at] of this.pingsSent) if (at <= sentAt) this.pingsSent.delete(earlier);
      this.trustedUntil = Math.max(this.trustedUntil, sentAt + LEASE_MS);
    } else if (kind === "sync" && from && nonce) {
      this.handlers.onWrite();
      if (from === this.instanceId) this.acknowledged(nonce, this.instanceId);
      else
        this.database.prisma.$executeRaw`SELECT pg_notify(${CHANGES_CHANNEL}, ${`ack:${from}:${nonce}:${this.instanceId}`})`.catch((error: unknown) =>
          this.logger.warn({ err: error }, "could not acknowledge a change"),
        );
    } else if (kind === "ack" && from === this.instanceId && nonce && by) {
      this.acknowledged(nonce, by);
    }
  }

  private acknowledged(nonce: string, by: string): void {
    const wait = this.waiting.get(nonce);
    if (!wait) return;
    wait.acked.add(by);
    if (complete(wait)) wait.done();
  }
}

interface Waiting {
  acked: Set<string>;
  /** The live instances, once read. */
  expected: string[] | undefined;
  done: () => void;
}

const complete = (wait: Waiting) => wait.expected?.every((id) => wait.acked.has(id)) === true;
