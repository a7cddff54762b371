// What a Git operation's job works with: its dependencies, what the request asked, what it records.
import type { Logger } from "pino";
import type { Clock } from "../clock";
import type { ChangeBus } from "../cluster/changes";
import type { Config } from "../config";
import type { ContentStoreDeps } from "../content/reads/deps";
import type { JobQueue } from "../jobs/queue";
import type { WebhookOutbox } from "../webhooks/outbox";
import type { GitCredentials } from "./remote";

/** The services a Git operation uses, named here (the server's services satisfy them). */
export interface GitSyncDeps extends ContentStoreDeps {
  config: Config;
  clock: Clock;
  logger: Logger;
  webhooks: WebhookOutbox;
  changes: ChangeBus;
  jobs: JobQueue;
}

/** What a request asked beyond the row's columns; kept until its job ends. */
export interface GitSyncRequest {
  force: boolean;
  standalone: boolean;
  commitMessage?: string;
  /** The export's commit author, when not the requester (a continuous sync's: the change request's author). */
  author?: { name: string; email: string };
  credentials?: GitCredentials;
  /** An export's expected parent: the branch's commit it must be pushed on top of (it fails when the branch is elsewhere). */
  onto?: string;
}

/** The operation's outcome, recorded on the row. */
export interface GitSyncOutcome {
  commitId?: string;
  revisionId?: string;
  changeRequestId?: string;
  /** The commit an import read, also when it left its change request open (standalone, or with conflicts). */
  importedCommitId?: string;
  /** Set when the operation did its work but ended short (an import whose change request was left with conflicts). */
  error?: string;
}

/** A failure the repository or its content caused: recorded as the operation's `error`, not retried. */
export class GitSyncFailure extends Error {}
