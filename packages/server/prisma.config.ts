import path from "node:path";
import { defineConfig } from "prisma/config";

// The schema and its migrations live at the repository root (../../prisma).
// No datasource URL is needed to generate the client; migrations run through
// src/db/migrate.ts, never through the Prisma CLI (it needs a downloaded binary).
export default defineConfig({
  schema: path.join(__dirname, "../../prisma/schema.prisma"),
  migrations: { path: path.join(__dirname, "../../prisma/migrations") },
});
