// A zip archive's files, read from its bytes with yauzl within a budget: the sizes its entries claim and the bytes
// actually inflated both count, so an archive that inflates past the budget (a zip bomb) stops at the budget.
import { type Entry, fromBuffer, type ZipFile } from "yauzl";
import { ImportFailure } from "./types";

const MAX_ENTRIES = 100_000;

function open(data: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    fromBuffer(data, { lazyEntries: true, validateEntrySizes: true }, (error, zip) =>
      error ? reject(new ImportFailure(`not a zip archive (${error.message})`)) : resolve(zip),
    ),
  );
}

function entryBytes(zip: ZipFile, entry: Entry, budget: { left: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(new ImportFailure(`${entry.fileName}: ${error.message}`));
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        budget.left -= chunk.byteLength;
        if (budget.left < 0) stream.destroy(new ImportFailure("the archive holds more than the server's limit (DOCSTACK_IMPORT_MAX_BYTES)"));
        else chunks.push(chunk);
      });
      stream.on("error", (cause) => reject(cause instanceof ImportFailure ? cause : new ImportFailure(`${entry.fileName}: ${cause.message}`)));
      stream.on("end", () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** The archive's regular files by path (folders left out), at most `maxBytes` in all once inflated. */
export async function readZip(data: Buffer, maxBytes: number): Promise<Map<string, Buffer>> {
  const zip = await open(data);
  const files = new Map<string, Buffer>();
  const budget = { left: maxBytes };
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("entry", (entry: Entry) => {
        if (files.size >= MAX_ENTRIES) return reject(new ImportFailure(`the archive holds more than ${MAX_ENTRIES} files`));
        if (entry.fileName.endsWith("/")) return zip.readEntry();
        if (entry.uncompressedSize > budget.left)
          return reject(new ImportFailure("the archive holds more than the server's limit (DOCSTACK_IMPORT_MAX_BYTES)"));
        entryBytes(zip, entry, budget).then((bytes) => {
          files.set(entry.fileName, bytes);
          zip.readEntry();
        }, reject);
      });
      zip.on("end", resolve);
      zip.on("error", (error: Error) => reject(new ImportFailure(`not a valid zip archive (${error.message})`)));
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return files;
}
