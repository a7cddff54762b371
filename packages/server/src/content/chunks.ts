// Revisions store their pages and links in chunks shared between revisions: an edit
// of one page of a 1,000-page space writes the chunk holding that page (and the list
// of chunk hashes), not the whole tree again. Chunk boundaries depend on the pages'
// IDs (content-defined), so inserting or deleting a page moves no other boundary.
import type { Db, Tx } from "../db/database";
import { sha256 } from "./documents";

/** About one page in 16 ends a chunk; no chunk holds more than 64 pages. */
const BOUNDARY_MASK = 15;
const MAX_CHUNK = 64;

function endsChunk(id: string): boolean {
  let hash = 2166136261; // FNV-1a: cheap and stable
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 16777619) >>> 0;
  return (hash & BOUNDARY_MASK) === 0;
}

/** Splits items (in order) into chunks, ending a chunk after the items `endsAt` picks. */
export function chunkBy<T>(items: readonly T[], key: (item: T) => string): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  for (const item of items) {
    current.push(item);
    if (endsChunk(key(item)) || current.length >= MAX_CHUNK) {
      chunks.push(current);
      current = [];
    }
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/** Stores the chunks not stored yet; returns their hashes, in order. */
export async function putChunks(tx: Tx | Db, chunks: readonly unknown[][]): Promise<string[]> {
  const encoded = chunks.map((chunk) => JSON.stringify(chunk));
  const hashes = encoded.map((json) => sha256(json));
  const unique = new Map(hashes.map((hash, i) => [hash, chunks[i]!]));
  if (unique.size) {
    await tx.contentChunk.createMany({ data: [...unique].map(([hash, data]) => ({ hash, data: data as object[] })), skipDuplicates: true });
  }
  return hashes;
}

/** The items of chunks, concatenated in order. */
export async function loadChunks<T>(tx: Tx | Db, hashes: readonly string[]): Promise<T[]> {
  if (!hashes.length) return [];
  const rows = await tx.contentChunk.findMany({ where: { hash: { in: [...new Set(hashes)] } } });
  const byHash = new Map(rows.map((row) => [row.hash, row.data as unknown as T[]]));
  return hashes.flatMap((hash) => {
    const chunk = byHash.get(hash);
    if (!chunk) throw new Error(`Content chunk ${hash} is missing`);
    return chunk;
  });
}

/** A revision's `tree` or `links` column: chunk hashes, or (older and hand-made rows) the items inline. */
export function chunkHashes(value: unknown): string[] | undefined {
  const chunks = (value as { chunks?: unknown } | null)?.chunks;
  return Array.isArray(chunks) ? (chunks as string[]) : undefined;
}
