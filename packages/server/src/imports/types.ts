// What an import run's job works with, and what it keeps of a request until it ends.
import type { GitCredentials } from "../git/remote";
import type { GitSyncDeps } from "../git/types";

/**
 * The same as a Git operation's: an import run may clone a repository and writes content as the requester.
 * Test hooks (the server sets none): `beforeImportRun` is awaited once a run is in progress, before it reads its
 * source (the gates hold their fixture run there until they have cancelled it); `beforeRepositoryBatch` before each
 * batch of a repository's pages after the first (a test steps a run with it).
 */
export type ImportRunDeps = GitSyncDeps & {
  beforeImportRun?: (runId: string) => Promise<void>;
  beforeRepositoryBatch?: (runId: string) => Promise<void>;
};

/** What the job needs that no answer shows: kept on the run until it ends, then erased. */
export interface ImportSecret {
  credentials?: GitCredentials;
  /** A zip sent with the request, in base64. */
  data?: string;
}

/** A failure the source caused (unreachable, too large, not a zip, a bad layout): the run fails with it, not retried. */
export class ImportFailure extends Error {}
