// A reader's query as a full-text query that forgives: each word may also match the
// space's words a letter or two away (when the word itself is not one of them), and two of
// them written as one (`keepalive` finds `keep-alive`); the word being typed (the last, when
// the query does not end with a space) matches the words it begins; and an identifier
// written with punctuation (pg_hba.conf, PL/pgSQL, node:http) matches as written, whole,
// as its parts in a row, or as its parts written as one word. The space's words come from
// its vocabulary (./vocabulary, in memory per revision), then the query is written out
// with its variants.
import { Prisma } from "../../generated/prisma/client";
import type { Vocabulary } from "./vocabulary";

/** A query word of at least this many letters may be misspelt by one letter; from TYPO_TWO_EDITS letters on, by two. */
const TYPO_MIN_LENGTH = 4;
const TYPO_TWO_EDITS = 5;
/** The corrections kept for a misspelt word (those fewest letters away). */
const TYPO_VARIANTS = 3;
/** A word of at least this many letters may be two words of the space run together, each of at least SPLIT_MIN_PART. */
const SPLIT_MIN_LENGTH = 6;
const SPLIT_MIN_PART = 3;
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

/** A full-text query. */
export interface SearchQuery {
  /** Every term (each through one of its variants). */
  all: Prisma.Sql;
  /** Whether it has several terms to find (which a page may hold in different sections). */
  several: boolean;
}

/** Whether any of the vocabularies has the word. */
const known = (vocabularies: readonly Vocabulary[], word: string) => vocabularies.some((vocabulary) => vocabulary.has(word));

/**
 * The words a misspelt word may be: those fewest letters away, at most TYPO_VARIANTS; of those as near, the ones
 * beginning with the same letter first (a first letter is seldom the one mistyped), then the longer (a letter left
 * out is the commonest slip).
 */
function corrections(word: string, vocabularies: readonly Vocabulary[]): string[] {
  if (word.length < TYPO_MIN_LENGTH) return [];
  const near = vocabularies.flatMap((vocabulary) => vocabulary.near(word, word.length >= TYPO_TWO_EDITS ? 2 : 1));
  const fewest = Math.min(...near.map((candidate) => candidate.edits));
  const closest = [...new Set(near.filter((candidate) => candidate.edits === fewest).map((candidate) => candidate.word))];
  const sameStart = (candidate: string) => (candidate[0] === word[0] ? 0 : 1);
  return closest.sort((a, b) => sameStart(a) - sameStart(b) || b.length - a.length || (a < b ? -1 : 1)).slice(0, TYPO_VARIANTS);
}

/** Two words of the vocabularies the word is made of, run together, as a phrase (`keepalive`: `keep <-> alive`). */
function splits(word: string, vocabularies: readonly Vocabulary[]): string[] {
  if (word.length < SPLIT_MIN_LENGTH) return [];
  const found: string[] = [];
  for (let at = SPLIT_MIN_PART; at <= word.length - SPLIT_MIN_PART; at++) {
    const [head, tail] = [word.slice(0, at), word.slice(at)];
    if (known(vocabularies, head) && known(vocabularies, tail)) found.push(`(${head} <-> ${tail})`);
  }
  return found;
}

/** The words the word being typed begins, shortest first. */
function completions(word: string, vocabularies: readonly Vocabulary[]): string[] {
  if (word.length < PREFIX_MIN_LENGTH) return [];
  const all = vocabularies.flatMap((vocabulary) => vocabulary.completions(word, PREFIX_VARIANTS));
  return [...new Set(all)].sort((a, b) => a.length - b.length || (a < b ? -1 : 1)).slice(0, PREFIX_VARIANTS);
}

/**
 * A word's variants: itself, its corrections when it is not a word of the spaces, the two words it may be run together
 * from (spelling of compounds varies within one manual: `keepalive`, `keep-alive`), the words it begins when being typed.
 */
function variants(term: { word: string; prefix: boolean }, vocabularies: readonly Vocabulary[]): string[] {
  const misspelt = known(vocabularies, term.word) ? [] : corrections(term.word, vocabularies);
  return [...new Set([term.word, ...misspelt, ...splits(term.word, vocabularies), ...(term.prefix ? completions(term.word, vocabularies) : [])])];
}

/**
 * A term as a tsquery: a word's variants (and its prefix) through the English configuration; an identifier whole, its
 * parts in a row, or its parts run together when the spaces have that word (`keep-alive` finds `keepalive`).
 */
function termQuery(term: Term, vocabularies: readonly Vocabulary[]): Prisma.Sql {
  if ("identifier" in term) {
    const joined = term.parts.join("");
    // The identifier is letters, digits and . / : _ - only: a valid quoted lexeme; `joined` letters and digits only.
    const asOneWord = known(vocabularies, joined) ? Prisma.sql` || to_tsquery('english', ${joined})` : Prisma.empty;
    return Prisma.sql`(${`'${term.identifier}'`}::tsquery || phraseto_tsquery('english', ${term.parts.join(" ")})${asOneWord})`;
  }
  // Variants are letters and digits only, or two such words joined by `<->` here: no tsquery syntax comes through them.
  // A negated word is excluded as written, not its variants.
  const text = [...(term.negated ? [term.word] : variants(term, vocabularies)), ...(term.prefix ? [`${term.word}:*`] : [])].join(" | ");
  return Prisma.sql`to_tsquery('english', ${text})`;
}

/** The query with its variants, for the spaces searched (whose vocabularies correct and complete it). */
export function searchQuery(vocabularies: readonly Vocabulary[], query: string): SearchQuery {
  const terms = queryTerms(query);
  if (!terms.length) return { all: Prisma.sql`''::tsquery`, several: false };
  const part = (term: Term) => (term.negated ? Prisma.sql`!!${termQuery(term, vocabularies)}` : termQuery(term, vocabularies));
  // Every term of an alternative, for any of the alternatives (`or`).
  const alternatives = [...new Set(terms.map((term) => term.group))].map(
    (group) => Prisma.sql`(${Prisma.join(terms.filter((term) => term.group === group).map(part), " && ")})`,
  );
  return { all: Prisma.sql`(${Prisma.join(alternatives, " || ")})`, several: terms.filter((term) => !term.negated).length > 1 };
}
