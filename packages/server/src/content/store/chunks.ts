// Revisions store their pages and links in chunks shared between revisions: an edit
// of one page of a 1,000-page space writes the chunk holding that page (and the list
// of chunk hashes), not the whole tree again. Chunk boundaries depend on the pages'
// IDs (content-defined), so inserting or deleting a page moves no other boundary.
// Chunks are immutable (named by their hash), so they are cached once read or written.
import { type ContentStore, estimatedBytes } from "./cache";
import { sha256 } from "./documents";

/** About one page in 16 ends a chunk; no chunk holds more than 64 pages. */
const BOUNDARY_MASK = 15;
const MAX_CHUNK = 64;
/** Chunks written or read per statement (between statements the event loop turns: db/yielding-adapter.ts). */
const CHUNKS_PER_STATEMENT = 16;

function endsChunk(id: string): boolean {
  let hash = 2166136261; // FNV-1a: cheap and stable
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 16777619) >>> 0;
  return (hash & BOUNDARY_MASK) === 0;
}

/**
 * Splits items (in order) into chunks, ending a chunk after the items `key` picks. A run
 * of items that is a known chunk (stored or loaded: the same objects) is that chunk
 * again, without hashing its keys: an edit re-chunks what it changed, not the space.
 */
export function chunkBy<T>(items: readonly T[], key: (item: T) => string): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  for (let i = 0; i < items.length; ) {
    const known = current.length ? undefined : knownChunkAt(items, i, key);
    if (known) {
      chunks.push(known as T[]);
      i += known.length;
      continue;
    }
    const item = items[i++] as T;
    current.push(item);
    if (endsChunk(key(item)) || current.length >= MAX_CHUNK) {
      chunks.push(current);
      current = [];
    }
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/**
 * The known chunk whose items are those from `start` on, if it ended at a boundary (not
 * merely at the end of its list): chunking the same items again would give it back.
 */
function knownChunkAt<T>(items: readonly T[], start: number, key: (item: T) => string): readonly T[] | undefined {
  const known = chunkOf.get(items[start] as object)?.items as readonly T[] | undefined;
  if (!known || known[0] !== items[start] || start + known.length > items.length) return undefined;
  for (let i = 1; i < known.length; i++) if (known[i] !== items[start + i]) return undefined;
  return known.length >= MAX_CHUNK || endsChunk(key(known[known.length - 1] as T)) ? known : undefined;
}

/**
 * The chunk each loaded or stored item is in (by the item object): a chunk made of the
 * same objects as one known here has its hash, without encoding and hashing it again.
 */
const chunkOf = new WeakMap<object, { hash: string; items: readonly unknown[] }>();

/** A chunk as cached: its items frozen, since every revision holding it shares them. */
function cacheChunk<T>(store: ContentStore, hash: string, items: T[], json: string): readonly T[] {
  const frozen = Object.freeze(items);
  for (const item of items) chunkOf.set(Object.freeze(item) as object, { hash, items: frozen });
  return store.cache.set("chunk", hash, frozen, estimatedBytes(json));
}

/** The hash of a chunk made of the same objects as a known one. */
function knownHash(chunk: readonly unknown[]): string | undefined {
  const known = chunk.length ? chunkOf.get(chunk[0] as object) : undefined;
  if (!known) return undefined;
  return known.items === chunk || (known.items.length === chunk.length && known.items.every((item, i) => item === chunk[i])) ? known.hash : undefined;
}

/**
 * Stores the chunks that `stored` (hashes known to be in the database: the parent
 * revisions' chunks) does not hold already; returns every chunk's hash, in order.
 * The chunks' items are frozen (cached and shared from now on).
 */
export async function putChunks(store: ContentStore, chunks: readonly unknown[][], stored: ReadonlySet<string>): Promise<string[]> {
  const added = new Map<string, unknown[]>();
  const hashes = chunks.map((chunk) => {
    const known = knownHash(chunk);
    if (known) {
      if (!stored.has(known)) added.set(known, chunk);
      return known;
    }
    const json = JSON.stringify(chunk);
    const hash = sha256(json);
    if (!stored.has(hash) && !added.has(hash)) {
      added.set(hash, chunk);
      cacheChunk(store, hash, chunk, json);
    }
    return hash;
  });
  // A few chunks a statement: an import's batch adds hundreds of chunks of links, and one statement of them all took
  // half a second on the thread (Prisma and the embedded database encoding its parameters), holding every request.
  const rows = [...added].map(([hash, data]) => ({ hash, data: data as object[] }));
  for (let start = 0; start < rows.length; start += CHUNKS_PER_STATEMENT) {
    await store.db.contentChunk.createMany({ data: rows.slice(start, start + CHUNKS_PER_STATEMENT), skipDuplicates: true });
  }
  return hashes;
}

/** The items of chunks, concatenated in order (shared, frozen: copy an item to change it). */
export async function loadChunks<T>(store: ContentStore, hashes: readonly string[]): Promise<T[]> {
  if (!hashes.length) return [];
  const { found, missing } = store.cache.getMany<readonly T[]>("chunk", hashes);
  // Read a few at a time, as they are written: a revision of thousands of pages has hundreds of chunks.
  for (let start = 0; start < missing.length; start += CHUNKS_PER_STATEMENT) {
    const rows = await store.db.contentChunk.findMany({ where: { hash: { in: missing.slice(start, start + CHUNKS_PER_STATEMENT) } } });
    for (const row of rows) found.set(row.hash, cacheChunk(store, row.hash, row.data as unknown as T[], JSON.stringify(row.data)));
  }
  const items: T[] = [];
  for (const hash of hashes) {
    const chunk = found.get(hash);
    if (!chunk) throw new Error(`Content chunk ${hash} is missing`);
    for (const item of chunk) items.push(item);
  }
  return items;
}

/** A revision's `tree` or `links` column: chunk hashes, or (older and hand-made rows) the items inline. */
export function chunkHashes(value: unknown): string[] | undefined {
  const chunks = (value as { chunks?: unknown } | null)?.chunks;
  return Array.isArray(chunks) ? (chunks as string[]) : undefined;
}
