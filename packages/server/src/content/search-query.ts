// A reader's query as a full-text query that forgives: each word may also match the
// space's words a letter or two away (when the word itself is not one of them), the
// word being typed (the last, when the query does not end with a space) matches the
// words it begins, and an identifier written with punctuation (pg_hba.conf, PL/pgSQL,
// node:http) matches as written, whole or as its parts in a row. The space's words
// (SpaceWord) are looked up once per search, a bounded number per query word (through
// the trigram index), then the query is written out with its variants.
import { distance } from "fastest-levenshtein";
import { Prisma } from "../generated/prisma/client";
import type { ContentStore } from "./cache";

/** A query word of at least this many letters may be misspelt (by up to MAX_EDITS letters). */
const TYPO_MIN_LENGTH = 5;
const MAX_EDITS = 2;
/** The nearest words (by trigram distance) a misspelt word is compared with, and the corrections kept. */
const TYPO_CANDIDATES = 20;
const TYPO_VARIANTS = 3;
/** A word being typed of at least this many letters is completed, to at most this many words (the shortest). */
const PREFIX_MIN_LENGTH = 3;
const PREFIX_VARIANTS = 8;
/** The words of a query that are looked at (what is past them is left out). */
const MAX_TERMS = 12;

// Letters and digits of any script; an identifier joins them with . / : _ or -.
const IDENTIFIER = /^[\p{L}\p{N}]+(?:[./:_-]+[\p{L}\p{N}]+)+$/u;
const WORD_SEPARATOR = /[^\p{L}\p{N}]+/u;

/** A term of the query: a word (with its prefix and spelling variants) or an identifier; `group` counts the `or`s before it. */
type Term = ({ word: string; prefix: boolean } | { identifier: string; parts: string[] }) & { negated: boolean; group: number };

/** The query's terms: its words and identifiers, lower case; the last one completed when it is being typed. */
export function queryTerms(query: string): Term[] {
  const tokens = query.normalize("NFKC").toLowerCase().split(/\s+/).filter(Boolean);
  const typing = !/\s$/.test(query);
  const terms: Term[] = [];
  // `or` between two terms (websearch syntax, as PostgreSQL's websearch_to_tsquery reads it) starts another alternative.
  let group = 0;
  tokens.forEach((raw, i) => {
    if (raw === "or" && terms.length > 0 && i < tokens.length - 1) {
      group++;
      return;
    }
    const negated = raw.startsWith("-") && raw.length > 1;
    const token = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    if (!token) return;
    if (IDENTIFIER.test(token)) {
      terms.push({ identifier: token, parts: token.split(WORD_SEPARATOR).filter(Boolean), negated, group });
      return;
    }
    const words = token.split(WORD_SEPARATOR).filter(Boolean);
    words.forEach((word, k) => {
      terms.push({ word, prefix: typing && !negated && i === tokens.length - 1 && k === words.length - 1, negated, group });
    });
  });
  return terms.slice(0, MAX_TERMS);
}

/** A full-text query and, for a query of several terms, the one matching any of them. */
export interface SearchQuery {
  /** Every term (each through one of its variants). */
  all: Prisma.Sql;
  /** Any term (none for a query of one term). */
  any: Prisma.Sql | null;
}

interface Candidate {
  word: string;
  candidate: string;
  kind: "typo" | "prefix";
}

/** The space's words near the query's words (nearest by trigrams) and those the word being typed begins. */
async function nearbyWords(db: ContentStore["db"], spaceIds: readonly string[], terms: readonly Term[]): Promise<Candidate[]> {
  const words = terms.flatMap((term) =>
    "word" in term && !term.negated && (term.word.length >= TYPO_MIN_LENGTH || (term.prefix && term.word.length >= PREFIX_MIN_LENGTH)) ? [term] : [],
  );
  if (!words.length || !spaceIds.length) return [];
  return db.$queryRaw<Candidate[]>`
    SELECT q.word, c.word AS candidate, c.kind
    FROM unnest(${words.map((t) => t.word)}::text[], ${words.map((t) => t.word.length >= TYPO_MIN_LENGTH)}::boolean[],
      ${words.map((t) => t.prefix && t.word.length >= PREFIX_MIN_LENGTH)}::boolean[]) AS q(word, typo, prefix)
    CROSS JOIN unnest(${[...spaceIds]}::text[]) AS space(id)
    CROSS JOIN LATERAL (
      (SELECT w.word, 'typo' AS kind FROM "SpaceWord" w
       WHERE q.typo AND w."spaceId" = space.id
         -- A word of the spaces is not corrected: its nearest words are not looked for (the primary key answers that).
         AND NOT EXISTS (SELECT 1 FROM "SpaceWord" k WHERE k."spaceId" = ANY(${[...spaceIds]}::text[]) AND k.word = q.word)
       ORDER BY w.word <-> q.word LIMIT ${TYPO_CANDIDATES})
      UNION ALL
      (SELECT w.word, 'prefix' AS kind FROM "SpaceWord" w
       WHERE q.prefix AND w."spaceId" = space.id AND w.word LIKE q.word || '%' ORDER BY length(w.word), w.word LIMIT ${PREFIX_VARIANTS})
    ) c`;
}

/** A word's variants: itself, its corrections when it is not a word of the spaces, the words it begins when being typed. */
function variants(term: Extract<Term, { word: string }>, candidates: readonly Candidate[]): string[] {
  const mine = candidates.filter((c) => c.word === term.word);
  const near = mine.filter((c) => c.kind === "typo").map((c) => ({ word: c.candidate, edits: distance(term.word, c.candidate) }));
  const known = near.some((c) => c.edits === 0);
  const fewest = Math.min(...near.map((c) => c.edits));
  const corrections =
    known || fewest > MAX_EDITS
      ? []
      : near
          .filter((c) => c.edits === fewest)
          .slice(0, TYPO_VARIANTS)
          .map((c) => c.word);
  const completions = mine.filter((c) => c.kind === "prefix").map((c) => c.candidate);
  return [...new Set([term.word, ...corrections, ...completions])];
}

/** A term as a tsquery: a word's variants (and its prefix) through the English configuration; an identifier whole or its parts in a row. */
function termQuery(term: Term, candidates: readonly Candidate[]): Prisma.Sql {
  if ("identifier" in term) {
    // The identifier is letters, digits and . / : _ - only: a valid quoted lexeme.
    return Prisma.sql`(${`'${term.identifier}'`}::tsquery || phraseto_tsquery('english', ${term.parts.join(" ")}))`;
  }
  // Variants are letters and digits only: no tsquery syntax can come through them.
  const text = [...variants(term, candidates), ...(term.prefix ? [`${term.word}:*`] : [])].join(" | ");
  return Prisma.sql`to_tsquery('english', ${text})`;
}

/** The query with its variants, for the spaces searched (whose words correct and complete it). */
export async function searchQuery(db: ContentStore["db"], spaceIds: readonly string[], query: string): Promise<SearchQuery> {
  const terms = queryTerms(query);
  if (!terms.length) return { all: Prisma.sql`''::tsquery`, any: null };
  const candidates = await nearbyWords(db, spaceIds, terms);
  const part = (term: Term) => (term.negated ? Prisma.sql`!!${termQuery(term, candidates)}` : termQuery(term, candidates));
  // Every term of an alternative, for any of the alternatives (`or`).
  const alternatives = [...new Set(terms.map((term) => term.group))].map(
    (group) => Prisma.sql`(${Prisma.join(terms.filter((term) => term.group === group).map(part), " && ")})`,
  );
  const positive = terms.flatMap((term) => (term.negated ? [] : [termQuery(term, candidates)]));
  return {
    all: Prisma.sql`(${Prisma.join(alternatives, " || ")})`,
    any: positive.length > 1 ? Prisma.sql`(${Prisma.join(positive, " || ")})` : null,
  };
}
