// Page documents and file blobs, stored once per distinct content.
import { createHash } from "node:crypto";
import type { Db, Tx } from "../db/database";
import { sections } from "./markdown";
import { type Reference, referencesIn } from "./references";

export const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** Stores documents not stored yet (with their references and search sections); returns their hashes. */
export async function putDocuments(tx: Tx | Db, markdowns: readonly string[]): Promise<string[]> {
  const hashes = markdowns.map((markdown) => sha256(markdown));
  const unique = new Map(hashes.map((hash, i) => [hash, markdowns[i]!]));
  const existing = new Set((await tx.pageDocument.findMany({ where: { hash: { in: [...unique.keys()] } }, select: { hash: true } })).map((row) => row.hash));
  const missing = [...unique].filter(([hash]) => !existing.has(hash));
  if (missing.length) {
    await tx.pageDocument.createMany({
      data: missing.map(([hash, markdown]) => ({ hash, markdown, references: referencesIn(markdown) as object[] })),
      skipDuplicates: true,
    });
    await tx.documentSection.createMany({
      data: missing.flatMap(([hash, markdown]) =>
        sections(markdown, "").map((section) => ({
          documentHash: hash,
          index: section.index,
          anchor: section.anchor,
          title: section.title,
          body: section.body,
        })),
      ),
      skipDuplicates: true,
    });
  }
  return hashes;
}

export interface LoadedDocument {
  markdown: string;
  references: Reference[];
}

export async function loadDocuments(tx: Tx | Db, hashes: Iterable<string>): Promise<Map<string, LoadedDocument>> {
  const rows = await tx.pageDocument.findMany({ where: { hash: { in: [...new Set(hashes)] } } });
  return new Map(rows.map((row) => [row.hash, { markdown: row.markdown, references: row.references as unknown as Reference[] }]));
}

export async function putBlob(tx: Tx | Db, data: Uint8Array): Promise<string> {
  const hash = sha256(data);
  await tx.fileBlob.createMany({ data: [{ hash, data: Buffer.from(data), size: data.byteLength }], skipDuplicates: true });
  return hash;
}

/** What links need of documents: their references and their headings' anchors (not their text). */
export interface DocumentMeta {
  references: Reference[];
  anchors: Set<string>;
}

export async function loadDocumentMeta(tx: Tx | Db, hashes: Iterable<string>): Promise<Map<string, DocumentMeta>> {
  const wanted = [...new Set(hashes)];
  const [documents, sectionRows] = await Promise.all([
    tx.pageDocument.findMany({ where: { hash: { in: wanted } }, select: { hash: true, references: true } }),
    tx.documentSection.findMany({ where: { documentHash: { in: wanted }, anchor: { not: "" } }, select: { documentHash: true, anchor: true } }),
  ]);
  const meta = new Map(documents.map((row) => [row.hash, { references: row.references as unknown as Reference[], anchors: new Set<string>() }]));
  for (const row of sectionRows) meta.get(row.documentHash)?.anchors.add(row.anchor);
  return meta;
}
