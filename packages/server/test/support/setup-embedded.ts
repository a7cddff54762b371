// Runs before each test file (jest-preset.js's setupFiles): PGlite's module is the one the worker's embedded
// database was made with (environment.ts), not a copy loaded into this file's realm.
import type { EmbeddedAccess } from "./environment";

const access = (globalThis as { __docstackEmbedded?: EmbeddedAccess }).__docstackEmbedded;
if (access) jest.mock("@electric-sql/pglite", () => access.pgliteModule);
