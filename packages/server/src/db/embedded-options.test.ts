// The embedded database as the server starts it, on disk: a new WAL file is not written whole before use (16 MB of
// zeros written on the server's one thread held every request while a large merge's search index caught up).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { embeddedStartOptions } from "./embedded-options";

const WAL_FILE_BYTES = 16 * 1024 * 1024;
let dataDir: string;
let pglite: PGlite | undefined;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-wal-"));
});
afterEach(async () => {
  await pglite?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The WAL files of the data directory, with the bytes the file system holds for each (what was written). */
function walFiles(): { name: string; size: number; written: number }[] {
  const dir = path.join(dataDir, "pg_wal");
  return fs
    .readdirSync(dir)
    .filter((name) => /^[0-9A-F]{24}$/.test(name))
    .map((name) => {
      const stat = fs.statSync(path.join(dir, name));
      return { name, size: stat.size, written: stat.blocks * 512 };
    });
}

it("starts new WAL files without filling them with zeros", async () => {
  pglite = await PGlite.create({ ...embeddedStartOptions(PGlite.defaultStartParams), dataDir });
  expect((await pglite.query<{ wal_init_zero: string }>("SHOW wal_init_zero")).rows[0]?.wal_init_zero).toBe("off");
  const before = new Set(walFiles().map((file) => file.name));
  // A switch to the next WAL file, then a write that needs it.
  await pglite.exec("CREATE TABLE t (x int); INSERT INTO t SELECT generate_series(1, 100)");
  await pglite.query("SELECT pg_switch_wal()");
  await pglite.exec("INSERT INTO t SELECT generate_series(1, 100)");
  const created = walFiles().filter((file) => !before.has(file.name));
  expect(created.length).toBeGreaterThan(0);
  for (const file of created) {
    expect(file.size).toBe(WAL_FILE_BYTES);
    // Its records and a last byte, not 16 MB of zeros.
    expect(file.written).toBeLessThan(WAL_FILE_BYTES / 4);
  }
});
