// The jest worker's embedded database (embedded-pool.ts), lent by the test environment: for a harness, or for a test
// of the database layer alone that would otherwise start a PGlite of its own (initdb: 3 to 5 s of CPU each time).
import type { EmbeddedLease } from "./embedded-pool";
import type { EmbeddedAccess } from "./environment";

/** The worker's database, as the migrated template left it, until `release()`. */
export async function leaseWorkerDatabase(): Promise<EmbeddedLease> {
  const embedded = (globalThis as { __docstackEmbedded?: EmbeddedAccess }).__docstackEmbedded;
  if (!embedded) throw new Error("run the tests through jest with the server's preset (its test environment lends the database)");
  return embedded.lease();
}
