// Generates the Prisma client offline. The Prisma CLI wants a schema-engine
// binary it would download; generation itself runs in WebAssembly, so any
// existing file satisfies the documented PRISMA_SCHEMA_ENGINE_BINARY override.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const prismaCli = createRequire(import.meta.url).resolve("prisma/build/index.js");
const result = spawnSync(process.execPath, [prismaCli, "generate"], {
  cwd: serverDir,
  stdio: ["ignore", "inherit", "inherit"],
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});
if (result.status !== 0) console.error("prisma generate failed");
process.exit(result.status ?? 1);
