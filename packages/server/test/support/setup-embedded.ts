// Runs before each test file (jest-preset.js's setupFiles): PGlite's module is the one the worker's embedded
// database was made with (environment.ts), not a copy loaded into this file's realm; the validator's errors are
// those of the validation the worker prepared.
import type { EmbeddedAccess, ValidationAccess } from "./environment";

const access = (globalThis as { __docstackEmbedded?: EmbeddedAccess }).__docstackEmbedded;
if (access) jest.mock("@electric-sql/pglite", () => access.pgliteModule);
const validation = (globalThis as { __docstackValidation?: ValidationAccess }).__docstackValidation;
if (validation) jest.mock("express-openapi-validator/dist/framework/types", () => validation.validatorErrors);
