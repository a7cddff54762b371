// Build step: the migrated database a fresh embedded data directory starts from (see
// src/db/embedded-template.ts), written next to the build unless one matching it exists.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { writeTemplate } = require("../dist/db/embedded-template.js");
const { migratedInMemory } = require("../dist/db/database.js");
if (await writeTemplate(migratedInMemory)) console.log("wrote the embedded database's template (dist/embedded-template.tar.gz and dist/embedded-template/)");
