// The test environment of the server's and the gates' test files: Node's, plus the worker's embedded database
// (embedded-pool.ts). Jest gives each test file a new realm and module registry, but this module is loaded once per
// worker, outside them: what it holds lasts from file to file. Files get PGlite's module from here too
// (setup-embedded.ts), so the database's classes (its errors, which Prisma's adapter checks with instanceof) are
// the ones the file's code sees.
//
// The contract's validation is prepared here too, once per worker for every file's harness: preparing it and
// compiling the schemas of the answers each file's requests get cost a small file about 4 s of CPU, the same work
// in every file. Its module's error classes are lent to the files likewise, so the error handler knows its errors.
import { loadOpenapiDocument } from "@docstack/contract";
import * as pgliteModule from "@electric-sql/pglite";
import type { RequestHandler } from "express";
import * as validatorErrors from "express-openapi-validator/dist/framework/types";
import { TestEnvironment } from "jest-environment-node";
import { contractValidator } from "../../src/pipeline/validator";
import { applyWasmTieringBudget } from "../../src/wasm-tiering";
import { type EmbeddedLease, leaseEmbedded, poolCounts } from "./embedded-pool";
import { countFileCpu } from "./file-cpu";

/** What a test file finds at `globalThis.__docstackEmbedded`. */
export interface EmbeddedAccess {
  pgliteModule: typeof pgliteModule;
  lease(): Promise<EmbeddedLease>;
  counts: typeof poolCounts;
}

/** What a test file finds at `globalThis.__docstackValidation`. */
export interface ValidationAccess {
  /** The module of express-openapi-validator's errors that the shared validation throws. */
  validatorErrors: typeof validatorErrors;
  /** The contract's validation, prepared at its first request and then shared by every app of the worker. */
  contractValidator(validateResponses: boolean): RequestHandler;
  /** Requests that reached the shared validation in this worker (a test proves the harness's apps use it). */
  requests(): number;
}

// The worker's WebAssembly tiered up as the server's is (src/wasm-tiering.ts): tests run what users run.
applyWasmTieringBudget();

const preparedValidators = new Map<boolean, RequestHandler>();
let requests = 0;
const validation: ValidationAccess = {
  validatorErrors,
  contractValidator(validateResponses) {
    let shared = preparedValidators.get(validateResponses);
    if (!shared) {
      const prepared = contractValidator(loadOpenapiDocument(), { validateResponses });
      shared = (req, res, next) => {
        requests++;
        prepared(req, res, next);
      };
      preparedValidators.set(validateResponses, shared);
    }
    return shared;
  },
  requests: () => requests,
};

export default class DocstackEnvironment extends TestEnvironment {
  private readonly leases: EmbeddedLease[] = [];
  private readonly fileCpuCounted: () => void;

  // In the constructor, not setup(): jest runs the setup files (setup-embedded.ts, which reads this) before setup().
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    this.fileCpuCounted = countFileCpu(args[1].testPath);
    const access: EmbeddedAccess = {
      pgliteModule,
      lease: async () => {
        const lease = await leaseEmbedded();
        this.leases.push(lease);
        return lease;
      },
      counts: poolCounts,
    };
    this.global.__docstackEmbedded = access;
    this.global.__docstackValidation = validation;
  }

  override async teardown(): Promise<void> {
    // A harness its file never closed (a failed beforeAll) hands its database back all the same.
    await Promise.all(this.leases.map((lease) => lease.release()));
    await super.teardown();
    this.fileCpuCounted();
  }
}
