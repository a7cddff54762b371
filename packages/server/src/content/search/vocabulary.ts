// A space's words (SpaceWord: what a misspelt or half-typed query word may become), held in
// memory per space and revision, so that correcting a word costs a scan of the words of
// about its length in this process rather than a trigram index walk in the database (that
// walk read most of a 10,000-word index, about 15 ms a word). They are cached under the
// revision the search index holds whole (Space.searchRevisionId), so every instance that
// reads them for that revision reads the same ones (words only ever accrue to a space).
import { distance } from "fastest-levenshtein";
import type { ContentStore } from "../store/cache";

export class Vocabulary {
  /** Sorted by code unit: a prefix's words are one run. */
  private readonly sorted: string[];
  private readonly byLength = new Map<number, string[]>();

  constructor(words: readonly string[]) {
    this.sorted = [...words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const word of this.sorted) {
      const same = this.byLength.get(word.length);
      if (same) same.push(word);
      else this.byLength.set(word.length, [word]);
    }
  }

  /** The first position whose word is not before `word`. */
  private lowerBound(word: string): number {
    let [low, high] = [0, this.sorted.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sorted[middle]! < word) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  has(word: string): boolean {
    return this.sorted[this.lowerBound(word)] === word;
  }

  /** The words at most `maxEdits` letters away from `word` (itself excluded), each with its distance. */
  near(word: string, maxEdits: number): { word: string; edits: number }[] {
    const found: { word: string; edits: number }[] = [];
    for (let length = Math.max(1, word.length - maxEdits); length <= word.length + maxEdits; length++) {
      for (const candidate of this.byLength.get(length) ?? []) {
        const edits = distance(word, candidate);
        if (edits > 0 && edits <= maxEdits) found.push({ word: candidate, edits });
      }
    }
    return found;
  }

  /** The words beginning with `prefix` (itself excluded), shortest first, at most `limit`. */
  completions(prefix: string, limit: number): string[] {
    const run: string[] = [];
    for (let i = this.lowerBound(prefix); i < this.sorted.length && this.sorted[i]!.startsWith(prefix); i++) {
      if (this.sorted[i] !== prefix) run.push(this.sorted[i]!);
    }
    return run.sort((a, b) => a.length - b.length || (a < b ? -1 : 1)).slice(0, limit);
  }

  /** Bytes it takes, about: each word's characters and references to it. */
  get bytes(): number {
    return this.sorted.reduce((sum, word) => sum + 2 * word.length + 64, 0);
  }
}

/**
 * The words of spaces whose search index holds `revisionId` (Space.searchRevisionId), from the cache or (one statement
 * for those missing) the database; null: the index is being moved to a new revision, its words are read each time.
 */
export async function vocabularies(store: ContentStore, spaces: readonly { id: string; revisionId: string | null }[]): Promise<Vocabulary[]> {
  const keyOf = (space: { id: string; revisionId: string | null }) => `${space.id}@${space.revisionId ?? "moving"}`;
  const { found, missing } = store.cache.getMany<Vocabulary>("vocabulary", spaces.map(keyOf));
  if (missing.length) {
    const ids = spaces.filter((space) => missing.includes(keyOf(space))).map((space) => space.id);
    const rows = await store.db.$queryRaw<{ spaceId: string; words: string[] }[]>`
      SELECT "spaceId", array_agg(word) AS words FROM "SpaceWord" WHERE "spaceId" = ANY(${ids}::text[]) GROUP BY "spaceId"`;
    const bySpace = new Map(rows.map((row) => [row.spaceId, row.words]));
    for (const space of spaces) {
      const key = keyOf(space);
      if (found.has(key)) continue;
      const vocabulary = new Vocabulary(bySpace.get(space.id) ?? []);
      found.set(key, space.revisionId ? store.cache.set("vocabulary", key, vocabulary, vocabulary.bytes) : vocabulary);
    }
  }
  return spaces.map((space) => found.get(keyOf(space))!);
}
