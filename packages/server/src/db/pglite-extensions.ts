// The PostgreSQL extensions the migrations create (`CREATE EXTENSION`), as the embedded
// database must load them: pg_trgm (trigram similarity) matches misspelt search words, btree_gist indexes
// them with their space.
import type { Extension, Extensions } from "@electric-sql/pglite";

// The contrib modules' declared types are ESM-only; their CommonJS build is what `require` loads.
export const pgliteExtensions = (): Extensions => ({
  pg_trgm: (require("@electric-sql/pglite/contrib/pg_trgm") as { pg_trgm: Extension }).pg_trgm,
  btree_gist: (require("@electric-sql/pglite/contrib/btree_gist") as { btree_gist: Extension }).btree_gist,
});
