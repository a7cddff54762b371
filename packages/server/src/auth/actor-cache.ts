// Who a token belongs to, cached so that a request costs one query for its resource rather
// than two. Entries are dropped on every change of tokens, memberships or users (a trigger
// notifies on commit, whichever process or SQL made it; see cluster/changes.ts), and the cache
// is used only while the change bus trusts it, so a revoked token or a removed member is
// refused at once, on every instance.
import type { Actor } from "../http/actor";

export class ActorCache {
  private readonly entries = new Map<string, { actor: Actor; storedAt: number }>();
  /** Bumped on every invalidation: a load that began before it must not be stored. */
  private generation = 0;

  /** `trusted`: whether changes are known now (nothing is cached or read from the cache otherwise). */
  constructor(
    private readonly trusted: () => boolean,
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(tokenHash: string): Actor | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (!this.trusted() || this.now() - entry.storedAt > this.ttlMs) {
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
    if (!this.trusted() || generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tokenHash, { actor, storedAt: this.now() });
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }
}
