// An in-memory LRU of immutable content, bounded by (estimated) bytes: page-tree and
// link chunks and documents by their hash, revisions (and their page index) by ID.
// Every key names content that never changes, so an entry is valid on every instance
// and never needs invalidating. Nothing mutable (a space's current revision, the rows
// of the search index) is ever cached here; a space's words are, by the revision they
// belong to (./vocabulary). What is cached says nothing about what the
// database holds (a write may roll back): writes decide what to store from the
// database's rows, never from this cache.
import { LRUCache } from "lru-cache";
import type { Db, Tx } from "../../db/database";

/** One cache entry: its value and the bytes it is counted for. */
interface Entry {
  value: unknown;
  bytes: number;
}

export class ContentCache {
  private readonly lru: LRUCache<string, Entry> | undefined;

  /** `maxBytes` 0 caches nothing. */
  constructor(readonly maxBytes: number) {
    this.lru = maxBytes > 0 ? new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, entry.bytes) }) : undefined;
  }

  get<T>(kind: string, key: string): T | undefined {
    return this.lru?.get(`${kind}:${key}`)?.value as T | undefined;
  }

  /** Caches `value` (counted as `bytes`), unless larger than the whole cache; returns it. */
  set<T>(kind: string, key: string, value: T, bytes: number): T {
    if (this.lru && bytes <= this.maxBytes) this.lru.set(`${kind}:${key}`, { value, bytes });
    return value;
  }

  /** The values cached under `keys`, and the keys that are not. */
  getMany<T>(kind: string, keys: Iterable<string>): { found: Map<string, T>; missing: string[] } {
    const found = new Map<string, T>();
    const missing: string[] = [];
    for (const key of keys) {
      if (found.has(key)) continue;
      const value = this.get<T>(kind, key);
      if (value === undefined) missing.push(key);
      else found.set(key, value);
    }
    return { found, missing: [...new Set(missing)] };
  }

  /** Bytes counted for what is cached now. */
  get size(): number {
    return this.lru?.calculatedSize ?? 0;
  }
}

/** About what a parsed JSON value takes in memory: its text, twice (UTF-16 and object overhead). */
export const estimatedBytes = (json: string) => json.length * 2;

/** Where content is read from and written to: the database (or a transaction), through the cache. */
export interface ContentStore {
  db: Tx | Db;
  cache: ContentCache;
}
