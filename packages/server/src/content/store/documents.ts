// Page documents and file blobs, stored once per distinct content. Documents are
// immutable (named by their hash): read or written ones are cached, with what links
// need of them (their references and headings' anchors).
import { hash } from "node:crypto";
import type { Db, Tx } from "../../db/database";
import { runsOf } from "../../db/statement-runs";
import { eventLoop } from "../../event-loop";
import { anchorsOfHeadings, type Section, sections } from "../format/markdown";
import type { ContentStore } from "./cache";
import { type Reference, referencesIn } from "./references";

export const sha256 = (data: string | Uint8Array) => hash("sha256", data, "hex");

export interface LoadedDocument {
  markdown: string;
  references: Reference[];
}

/** What links need of documents: their references and their headings' anchors (not their text). */
export interface DocumentMeta {
  references: Reference[];
  anchors: Set<string>;
}

const referencesBytes = (references: Reference[]) => 64 * (1 + references.length);
const cacheDocument = (store: ContentStore, hash: string, document: LoadedDocument) =>
  store.cache.set("document", hash, document, 2 * document.markdown.length + referencesBytes(document.references));
const cacheMeta = (store: ContentStore, hash: string, meta: DocumentMeta) =>
  store.cache.set("meta", hash, meta, referencesBytes(meta.references) + 48 * meta.anchors.size);

/**
 * Characters of documents (or of their sections) written per statement: an import's batch of 500 pages in one
 * statement held the embedded database, and the event loop with it, for about 100 ms of CPU.
 */
const CHARACTERS_PER_STATEMENT = 128 * 1024;

/**
 * Inserts documents and their sections, a bounded run of them per statement of a few array parameters: an import
 * of thousands of pages would otherwise spend most of its time in Prisma building a statement with a parameter per
 * field. Between statements the event loop turns (db/yielding-adapter.ts).
 */
async function insertDocuments(db: Tx | Db, documents: readonly { hash: string; markdown: string; references: Reference[]; sections: Section[] }[]) {
  for (const run of runsOf(documents, (d) => d.markdown.length, CHARACTERS_PER_STATEMENT)) {
    await db.$executeRaw`
      INSERT INTO "PageDocument" (hash, markdown, "references")
      SELECT hash, markdown, refs::jsonb
      FROM unnest(${run.map((d) => d.hash)}::text[], ${run.map((d) => d.markdown)}::text[], ${run.map((d) => JSON.stringify(d.references))}::text[])
        AS d(hash, markdown, refs)
      ON CONFLICT DO NOTHING`;
  }
  const sections = documents.flatMap(({ hash, sections }) => sections.map((section) => ({ hash, ...section })));
  for (const rows of runsOf(sections, (r) => r.title.length + r.body.length, CHARACTERS_PER_STATEMENT)) {
    await db.$executeRaw`
      INSERT INTO "DocumentSection" ("documentHash", index, anchor, title, body)
      SELECT * FROM unnest(${rows.map((r) => r.hash)}::text[], ${rows.map((r) => r.index)}::int[], ${rows.map((r) => r.anchor)}::text[],
        ${rows.map((r) => r.title)}::text[], ${rows.map((r) => r.body)}::text[])
      ON CONFLICT DO NOTHING`;
  }
}

/** Stores documents not stored yet (with their references and search sections); returns their hashes. */
export async function putDocuments(store: ContentStore, markdowns: readonly string[]): Promise<string[]> {
  const hashes = markdowns.map((markdown) => sha256(markdown));
  const unique = new Map(hashes.map((hash, i) => [hash, markdowns[i]!]));
  const existing = new Set(
    (await store.db.pageDocument.findMany({ where: { hash: { in: [...unique.keys()] } }, select: { hash: true } })).map((row) => row.hash),
  );
  const missing = [];
  for (const [hash, markdown] of unique) {
    if (existing.has(hash)) continue;
    missing.push({ hash, markdown, references: referencesIn(markdown), sections: sections(markdown, "") });
    // Two scans of up to a million characters each: other requests go between documents.
    await eventLoop.turnIfBusy();
  }
  if (missing.length) await insertDocuments(store.db, missing);
  for (const { hash, markdown, references, sections } of missing) {
    cacheDocument(store, hash, { markdown, references });
    cacheMeta(store, hash, { references, anchors: new Set(sections.flatMap((section) => (section.anchor ? [section.anchor, ...section.aliases] : []))) });
  }
  return hashes;
}

export async function loadDocuments(store: ContentStore, hashes: Iterable<string>): Promise<Map<string, LoadedDocument>> {
  const { found, missing } = store.cache.getMany<LoadedDocument>("document", hashes);
  if (missing.length) {
    const rows = await store.db.pageDocument.findMany({ where: { hash: { in: missing } } });
    for (const row of rows)
      found.set(row.hash, cacheDocument(store, row.hash, { markdown: row.markdown, references: row.references as unknown as Reference[] }));
  }
  return found;
}

export async function putBlob(tx: Tx | Db, data: Uint8Array): Promise<string> {
  const hash = sha256(data);
  await tx.fileBlob.createMany({ data: [{ hash, data: Buffer.from(data), size: data.byteLength }], skipDuplicates: true });
  return hash;
}

export async function loadDocumentMeta(store: ContentStore, hashes: Iterable<string>): Promise<Map<string, DocumentMeta>> {
  const { found, missing } = store.cache.getMany<DocumentMeta>("meta", hashes);
  if (!missing.length) return found;
  const [documents, sectionRows] = await Promise.all([
    store.db.pageDocument.findMany({ where: { hash: { in: missing } }, select: { hash: true, references: true } }),
    store.db.documentSection.findMany({
      where: { documentHash: { in: missing }, anchor: { not: "" } },
      select: { documentHash: true, title: true },
      orderBy: { index: "asc" },
    }),
  ]);
  // The anchors again from the headings' titles: each heading's aliases with it, whichever form the row was stored with.
  const titles = new Map<string, string[]>();
  for (const row of sectionRows) titles.set(row.documentHash, [...(titles.get(row.documentHash) ?? []), row.title]);
  const loaded = new Map(
    documents.map((row) => [row.hash, { references: row.references as unknown as Reference[], anchors: anchorsOfHeadings(titles.get(row.hash) ?? []) }]),
  );
  for (const [hash, meta] of loaded) found.set(hash, cacheMeta(store, hash, meta));
  return found;
}
