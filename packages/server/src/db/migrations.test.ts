// Migrations that change what data means are tested on data: the committed SQL, applied in
// order to an empty embedded database, with rows written between two of them.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgliteExtensions } from "./pglite-extensions";
import { MIGRATIONS_DIR } from "./schema-engine";

const migrations = fs
  .readdirSync(MIGRATIONS_DIR)
  .filter((name) => fs.statSync(path.join(MIGRATIONS_DIR, name)).isDirectory())
  .sort();

/** The migrations before the one named `name`, and from it on. */
function around(name: string): [string[], string[]] {
  const index = migrations.findIndex((migration) => migration.endsWith(name));
  if (index < 0) throw new Error(`No migration ${name}`);
  return [migrations.slice(0, index), migrations.slice(index)];
}

async function apply(db: PGlite, names: string[]) {
  for (const name of names) await db.exec(fs.readFileSync(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8"));
}

describe("migration people_and_access", () => {
  it("keeps what default levels meant: null (then: inherit) becomes `inherit`, a role stays", async () => {
    const db = new PGlite({ extensions: pgliteExtensions() });
    try {
      const [before, from] = around("_people_and_access");
      await apply(db, before);
      await db.exec(`
        INSERT INTO "Organization" (id, title, "emailDomains") VALUES ('o', 'Org', '{}');
        INSERT INTO "Collection" (id, "organizationId", title, "defaultLevel") VALUES ('c1', 'o', 'Inherits', NULL), ('c2', 'o', 'Edit', 'edit');
        INSERT INTO "Space" (id, "organizationId", title, "revisionId", "defaultLevel") VALUES ('s1', 'o', 'Inherits', 'r', NULL), ('s2', 'o', 'Read', 'r', 'read');
      `);
      await apply(db, from);
      const levels = await db.query<{ id: string; defaultLevel: string | null }>(
        `SELECT id, "defaultLevel" FROM "Collection" UNION ALL SELECT id, "defaultLevel" FROM "Space" ORDER BY id`,
      );
      expect(levels.rows).toEqual([
        { id: "c1", defaultLevel: "inherit" },
        { id: "c2", defaultLevel: "edit" },
        { id: "s1", defaultLevel: "inherit" },
        { id: "s2", defaultLevel: "read" },
      ]);
      // New content inherits; null now means no default access; anything else is refused.
      await db.exec(`INSERT INTO "Space" (id, "organizationId", title, "revisionId") VALUES ('s3', 'o', 'New', 'r')`);
      expect((await db.query<{ defaultLevel: string }>(`SELECT "defaultLevel" FROM "Space" WHERE id = 's3'`)).rows[0]?.defaultLevel).toBe("inherit");
      await db.exec(`UPDATE "Space" SET "defaultLevel" = NULL WHERE id = 's3'`);
      await expect(db.exec(`UPDATE "Space" SET "defaultLevel" = 'owner' WHERE id = 's3'`)).rejects.toThrow(/defaultLevel_check/);
    } finally {
      await db.close();
    }
  });
});
