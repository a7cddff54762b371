// Opening what the server, the worker and the command line share: the database (migrated),
// the job queue, the change bus, the signing secrets, the logger, the clock and the metrics.
import pino from "pino";
import { ActorCache } from "../auth/actor-cache";
import { ContentTokens } from "../auth/content-tokens";
import { type Clock, systemClock } from "../clock";
import { ChangeBus } from "../cluster/changes";
import type { Config } from "../config";
import { RenderPool } from "../content/format/render-pool";
import { DownloadSigner } from "../content/reads/downloads";
import { ContentCache } from "../content/store/cache";
import { type Database, type Db, openDatabase } from "../db/database";
import type { EmbeddedStart } from "../db/embedded-start";
import type { Services } from "../http/context";
import { CursorCodec } from "../http/pagination";
import { instanceSecrets } from "../instance-secret";
import { type JobOutcome, JobQueue } from "../jobs/queue";
import { createMailer } from "../mail/mailer";
import { Metrics } from "../metrics";
import { SigningKeys } from "../signing";
import { PublishedSites } from "../site-reader/published-sites";
import { WebhookOutbox } from "../webhooks/outbox";
import { jobDefinitions } from "./jobs";
import { standardOutputLog } from "./log-destination";

/**
 * What signs cursors, download URLs and sites' content tokens: `DOCSTACK_SECRETS` (newest first; the others still verify,
 * which is how a secret is rotated), else a secret kept in the database. Either way every instance
 * signs and verifies alike.
 */
async function signingKeys(config: Config, prisma: Db): Promise<Record<SigningPurpose, SigningKeys>> {
  // The database's three in one statement (issue 40: part of every start).
  const kept =
    config.secrets.length > 0
      ? undefined
      : await instanceSecrets(
          prisma,
          PURPOSES.map((purpose) => `${purpose}-secret`),
        );
  const keys = (purpose: SigningPurpose) => (kept ? new SigningKeys([kept[`${purpose}-secret`] as string]) : new SigningKeys(config.secrets).derive(purpose));
  return { cursor: keys("cursor"), download: keys("download"), "content-token": keys("content-token") };
}

const PURPOSES = ["cursor", "download", "content-token"] as const;
type SigningPurpose = (typeof PURPOSES)[number];

declare module "../http/context" {
  /** The services of the floors above the handler kit, made here (see http/context.ts). */
  interface Services {
    actors: ActorCache;
    downloads: DownloadSigner;
    /** Sites' content tokens (the `apiToken` of a resolved published URL): minted and checked. */
    contentTokens: ContentTokens;
    /** Immutable content (documents, chunks, revision indexes), shared by every request. */
    contentCache: ContentCache;
    /** Where long pages' Markdown is rendered (a worker thread, with a time budget). */
    renderPool: RenderPool;
    /** Published sites: served to readers; told of every write (`sites.changed()`). */
    sites: PublishedSites;
    /** Webhooks: `emit(tx, events)` in the transaction of a change. */
    webhooks: WebhookOutbox;
  }
}

export interface OpenServicesOptions {
  clock?: Clock;
  database?: Database;
  /** The job queue opens on first use (`serve` opens it once it listens), not before this resolves. */
  lazyJobs?: boolean;
  /** The embedded database's start, begun before on the configured directory (cli/main.ts). */
  embedded?: EmbeddedStart | undefined;
}

export async function openServices(config: Config, options: OpenServicesOptions = {}): Promise<{ database: Database; services: Services }> {
  const logger = pino({ level: config.logLevel }, standardOutputLog());
  const opened =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      sharedBuffersMb: config.embeddedSharedBuffersMb,
      started: options.embedded,
    }));
  const closing: (() => Promise<void>)[] = [];
  const database: Database = {
    ...opened,
    // What was started on the database stops first, in reverse order.
    async close() {
      for (const stop of closing.reverse()) await stop().catch((error: unknown) => logger.error({ err: error }, "could not stop cleanly"));
      await opened.close();
    },
  };
  try {
    const applied = await database.migrate(() => logger.info("another instance is migrating the database: waiting for it"));
    if (applied.length) logger.info({ migrations: applied }, "applied migrations");
    const metrics = new Metrics();
    const jobOptions = { logger, onOutcome: (outcome: JobOutcome) => metrics.jobDone(outcome) };
    const definitions = jobDefinitions(database.kind);
    const jobs = options.lazyJobs ? JobQueue.lazy(database.jobs, definitions, jobOptions) : await JobQueue.open(database.jobs, definitions, jobOptions);
    closing.push(() => jobs.stop());
    const clock = options.clock ?? systemClock;
    const keys = await signingKeys(config, database.prisma);
    const cursors = new CursorCodec(keys.cursor);
    const downloads = new DownloadSigner(keys.download, clock);
    const contentCache = new ContentCache(config.contentCacheBytes);
    const renderPool = new RenderPool(config.render);
    closing.push(async () => renderPool.close());
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, logger);
    const services: Services = {
      prisma: database.prisma,
      config,
      clock,
      cursors,
      logger,
      actors: undefined as unknown as ActorCache,
      downloads,
      contentTokens: new ContentTokens(keys["content-token"], config.contentTokenMs),
      contentCache,
      renderPool,
      mailer,
      sites: undefined as unknown as PublishedSites,
      jobs,
      webhooks: new WebhookOutbox(jobs),
      changes: undefined as unknown as ChangeBus,
      metrics,
      shared: database.kind === "postgres",
    };
    services.sites = new PublishedSites(services);
    // Who a token belongs to is cached while the change bus knows every change as it commits.
    services.changes = new ChangeBus(database, { onAuthChange: () => services.actors.invalidate(), onWrite: () => services.sites.changed() }, logger);
    services.actors = new ActorCache(() => services.changes.trusted());
    await services.changes.start();
    closing.push(() => services.changes.stop());
    metrics.watch({ jobs, database });
    return { database, services };
  } catch (error) {
    await database.close();
    throw error;
  }
}
