// The test environment of the server's and the gates' test files: Node's, plus the worker's embedded database
// (embedded-pool.ts). Jest gives each test file a new realm and module registry, but this module is loaded once per
// worker, outside them: what it holds lasts from file to file. Files get PGlite's module from here too
// (setup-embedded.ts), so the database's classes (its errors, which Prisma's adapter checks with instanceof) are
// the ones the file's code sees.
import * as pgliteModule from "@electric-sql/pglite";
import { TestEnvironment } from "jest-environment-node";
import { type EmbeddedLease, leaseEmbedded, poolCounts } from "./embedded-pool";

/** What a test file finds at `globalThis.__docstackEmbedded`. */
export interface EmbeddedAccess {
  pgliteModule: typeof pgliteModule;
  lease(): Promise<EmbeddedLease>;
  counts: typeof poolCounts;
}

export default class DocstackEnvironment extends TestEnvironment {
  private readonly leases: EmbeddedLease[] = [];

  // In the constructor, not setup(): jest runs the setup files (setup-embedded.ts, which reads this) before setup().
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
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
  }

  override async teardown(): Promise<void> {
    // A harness its file never closed (a failed beforeAll) hands its database back all the same.
    await Promise.all(this.leases.map((lease) => lease.release()));
    await super.teardown();
  }
}
