// Who a token belongs to, cached so that a request costs one query for its
// resource rather than two. Only on the embedded database: it notifies on commit when
// tokens, memberships or users change (a trigger, see prisma/migrations) before the
// committing query returns, and the cache is dropped, so a revoked token or a removed
// member is refused at once. Without notifications (PostgreSQL) nothing is cached.
import type { Actor } from "../http/context";

export class ActorCache {
  private readonly entries = new Map<string, { actor: Actor; storedAt: number }>();
  /** Bumped on every invalidation: a load that began before it must not be stored. */
  private generation = 0;
  /** False while the change notifications are not flowing (nothing is cached then). */
  private listening = false;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(tokenHash: string): Actor | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (!this.listening || this.now() - entry.storedAt > this.ttlMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.actor;
  }

  /** Call before reading from the database; pass the result to `set`. */
  begin(): number {
    return this.generation;
  }

  set(tokenHash: string, actor: Actor, generation: number): void {
    if (!this.listening || generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tokenHash, { actor, storedAt: this.now() });
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Whether change notifications are being received; caching only happens while they are. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.invalidate();
  }
}
