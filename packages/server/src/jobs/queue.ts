// Background work on pg-boss, a job queue kept in PostgreSQL: a job sent in a transaction exists
// once it commits; workers claim jobs with SKIP LOCKED (at most one worker per job), a job whose
// worker died is retried once its heartbeat stops, failures are retried with backoff and then
// moved to the dead-letter queue, and a schedule runs once per occurrence across every instance.
// On the embedded database it runs on the same PGlite instance as Prisma, through pg-boss's
// own adapter: the same code path. pg-boss is an ES module: loaded with import().
import type { PGlite } from "@electric-sql/pglite";
import type { Logger } from "pino";
import type { Tx } from "../db/database";
import { yieldingBossDb } from "./yielding-db";

type PgBossModule = typeof import("pg-boss", { with: { "resolution-mode": "import" }});
type Adapters = typeof import("pg-boss/dist/adapters/index.js", { with: { "resolution-mode": "import" }});
type PgBoss = InstanceType<PgBossModule["PgBoss"]>;
type Job<Data extends object> = import("pg-boss", { with: { "resolution-mode": "import" }}).Job<Data>;

/** Where failed jobs end, after their retries: nobody works it; kept 14 days for inspection. */
export const DEAD_LETTER_QUEUE = "dead-letter";

export interface JobDefinition<Data extends object, Deps> {
  name: string;
  run(deps: Deps, data: Data, signal: AbortSignal): Promise<void>;
  /** A cron expression (UTC): the job is sent once per occurrence, across the cluster. */
  schedule?: string;
  /**
   * Run once when a worker process starts too (`runAtStart`), not first at the schedule's next occurrence (up to
   * a minute away, plus the queue's polling): at most once a minute across the cluster.
   */
  atStart?: boolean;
  /** Jobs run at once by one process. */
  concurrency?: number;
  /**
   * A job whose worker stops sending heartbeats (it was killed) for this long is retried
   * elsewhere; its run sends them while it lasts. At least 10.
   */
  heartbeatSeconds?: number;
  /** `stately` with a `key` when sending: at most one job per key waiting (and one running). */
  policy?: "standard" | "stately";
}

/** The outcome of one run, for /metrics. */
export interface JobOutcome {
  name: string;
  seconds: number;
  ok: boolean;
}

export interface JobQueueOptions {
  logger: Logger;
  onOutcome?: (outcome: JobOutcome) => void;
}

/** Every queue starts from these: 3 retries, backing off from 5 s (5, 10, 20 s with jitter), then the dead-letter queue. */
const RETRIES = { retryLimit: 3, retryDelay: 5, retryBackoff: true, retryDelayMax: 300, deadLetter: DEAD_LETTER_QUEUE } as const;
/**
 * How often a worker looks for jobs it was not told of: jobs sent by this process wake its workers at
 * once, so polling finds those of other processes (PostgreSQL), and retries and schedules coming due.
 */
const POLL_SECONDS = { shared: 2, embedded: 15 };

let loaded: Promise<{ PgBoss: PgBossModule["PgBoss"]; fromPglite: Adapters["fromPglite"]; fromPrisma: Adapters["fromPrisma"] }> | undefined;
function load() {
  // One after the other: two imports sharing modules (node:timers/promises) at once can fail in jest's ESM loader
  // ("request for … is not in cache"), and the second finds the first's modules loaded anyway.
  loaded ??= import("pg-boss").then(async (boss) => {
    const adapters = await import("pg-boss/dist/adapters/index.js");
    return { PgBoss: boss.PgBoss, fromPglite: adapters.fromPglite, fromPrisma: adapters.fromPrisma };
  });
  return loaded;
}

export type JobTarget = { pglite: PGlite } | { url: string };

/** pg-boss started, with what `send` in a transaction needs. */
interface Started {
  boss: PgBoss;
  fromPrisma: Adapters["fromPrisma"];
}

/** Starts pg-boss (creating or updating its schema, `pgboss`) and the queues; no worker yet. */
async function startBoss(target: JobTarget, definitions: readonly JobDefinition<object, never>[], options: JobQueueOptions): Promise<Started> {
  const { PgBoss, fromPglite, fromPrisma } = await load();
  // Every 10 s (not pg-boss's 60): a job whose worker died is retried within about 20 s.
  const supervision = { superviseIntervalSeconds: 10, monitorIntervalSeconds: 10 };
  const boss =
    "pglite" in target
      ? new PgBoss({ db: yieldingBossDb(fromPglite(target.pglite)), backend: "pglite", ...supervision })
      : new PgBoss({ connectionString: target.url, max: 3, application_name: "docstack-jobs", ...supervision });
  boss.on("error", (error: unknown) => options.logger.error({ err: error }, "job queue error"));
  await boss.start();
  try {
    // Queues are created once (a queue's policy is fixed then); options changed since are updated.
    const existing = new Map((await boss.getQueues()).map((q) => [q.name, q]));
    if (!existing.has(DEAD_LETTER_QUEUE)) {
      await boss.createQueue(DEAD_LETTER_QUEUE, { retentionSeconds: 14 * 24 * 3600, deleteAfterSeconds: 14 * 24 * 3600 });
    }
    for (const definition of definitions) {
      const wanted = { ...RETRIES, ...(definition.heartbeatSeconds ? { heartbeatSeconds: definition.heartbeatSeconds } : {}) };
      const current = existing.get(definition.name);
      if (!current) await boss.createQueue(definition.name, { ...wanted, policy: definition.policy ?? "standard" });
      else if (Object.entries(wanted).some(([key, value]) => current[key as keyof typeof current] !== value)) await boss.updateQueue(definition.name, wanted);
    }
  } catch (error) {
    await boss.stop({ graceful: false, close: true });
    throw error;
  }
  return { boss, fromPrisma };
}

export class JobQueue {
  /** Each queue's workers: one `boss.work` each, so that `wake` can reach every one (pg-boss wakes one ID). */
  private readonly workers = new Map<string, string[]>();
  private readonly finished = new Set<() => void>();
  private readonly stoppingController = new AbortController();
  /** Aborted when the queue begins to stop: a run that mostly waits (the Git poll's) ends then, not at the grace's end. */
  readonly stopping = this.stoppingController.signal;
  private opening: Promise<Started> | undefined;
  private started: Started | undefined;

  private constructor(
    private readonly start: () => Promise<Started>,
    private readonly definitions: readonly JobDefinition<object, never>[],
    private readonly options: JobQueueOptions,
    private readonly pollSeconds: number,
  ) {}

  /** A queue open (pg-boss started, the queues created); no worker yet. */
  static async open(target: JobTarget, definitions: readonly JobDefinition<object, never>[], options: JobQueueOptions): Promise<JobQueue> {
    const queue = JobQueue.lazy(target, definitions, options);
    await queue.ready();
    return queue;
  }

  /**
   * A queue that opens on its first use (or `ready()`): pg-boss's loading and start (a second of a server's start)
   * wait until the server listens. Sending in a transaction before it is open is refused (on the embedded database
   * opening it would wait for that transaction, which waits for it): `serve` holds writes until it is (app.ts).
   */
  static lazy(target: JobTarget, definitions: readonly JobDefinition<object, never>[], options: JobQueueOptions): JobQueue {
    const pollSeconds = "pglite" in target ? POLL_SECONDS.embedded : POLL_SECONDS.shared;
    return new JobQueue(() => startBoss(target, definitions, options), definitions, options, pollSeconds);
  }

  /** Opens the queue if not yet; resolves once it is open. */
  async ready(): Promise<void> {
    await this.opened();
  }

  private opened(): Promise<Started> {
    this.opening ??= this.start().then((started) => {
      this.started = started;
      return started;
    });
    return this.opening;
  }

  /** Whether the queue is open (pg-boss started). */
  get isOpen(): boolean {
    return this.started !== undefined;
  }

  /**
   * Sends a job. With `tx`, in that transaction: it exists if and only if the transaction commits
   * (call `wake` once it has). With a `key` on a `stately` queue, a job already waiting for that key
   * stands for this one. `startAfterMs`: not before then.
   */
  async send(name: string, data: object, options: { tx?: Tx; key?: string; startAfterMs?: number } = {}): Promise<void> {
    if (options.tx && !this.started) throw new Error(`the job queue is not open yet: ${name} cannot be sent in a transaction`);
    const { boss, fromPrisma } = this.started ?? (await this.opened());
    await boss.send(name, data, {
      ...(options.tx ? { db: fromPrisma(options.tx) } : {}),
      ...(options.key ? { singletonKey: options.key } : {}),
      ...(options.startAfterMs ? { startAfter: new Date(Date.now() + options.startAfterMs) } : {}),
    });
    if (!options.tx) this.wake(name);
  }

  /** Wakes this process's worker of a queue (after a commit that sent it a job): no polling delay. */
  wake(name: string): void {
    for (const worker of this.workers.get(name) ?? []) this.started?.boss.notifyWorker(worker);
  }

  /** Starts working every queue (and registers the schedules) with these dependencies. */
  async work<Deps>(deps: Deps): Promise<void> {
    const { boss } = await this.opened();
    for (const definition of this.definitions as readonly JobDefinition<object, Deps>[]) {
      const ids: string[] = [];
      for (let slot = 0; slot < (definition.concurrency ?? 1); slot++) {
        ids.push(await boss.work<object>(definition.name, { pollingIntervalSeconds: this.pollSeconds }, (jobs) => this.run(definition, deps, jobs[0])));
      }
      this.workers.set(definition.name, ids);
      if (definition.schedule) await boss.schedule(definition.name, definition.schedule, {}, { tz: "UTC" });
    }
  }

  /** Sends the jobs marked `atStart` now (one per minute across the cluster: instances starting together send one). */
  async runAtStart(): Promise<void> {
    const { boss } = await this.opened();
    for (const definition of this.definitions.filter((d) => d.atStart)) {
      await boss.sendThrottled(definition.name, {}, null, 60, "start");
      this.wake(definition.name);
    }
  }

  /** Stops a scheduled job's occurrences on this database (every instance's): for tests that run it by hand. */
  async unschedule(name: string): Promise<void> {
    await (await this.opened()).boss.unschedule(name);
  }

  /** Runs one job, logging a failure (pg-boss retries it) and telling `settled` that a job ended. */
  private async run<Deps>(definition: JobDefinition<object, Deps>, deps: Deps, job: Job<object> | undefined): Promise<void> {
    if (!job) return;
    const started = performance.now();
    let ok = false;
    try {
      await definition.run(deps, job.data, job.signal);
      ok = true;
    } catch (error) {
      this.options.logger.error({ err: error, job: definition.name, jobId: job.id, attempt: job.retryCount + 1 }, "job failed");
      throw error;
    } finally {
      this.options.onOutcome?.({ name: definition.name, seconds: (performance.now() - started) / 1000, ok });
      for (const notify of this.finished) notify();
    }
  }

  /** Jobs waiting and running, per queue, for /metrics. */
  async depth(): Promise<{ name: string; waiting: number; active: number; failed: number }[]> {
    const { boss } = await this.opened();
    const queues = await boss.getQueues([DEAD_LETTER_QUEUE, ...this.definitions.map((d) => d.name)]);
    return queues.map((q) => ({ name: q.name, waiting: q.queuedCount, active: q.activeCount, failed: q.failedCount }));
  }

  /**
   * Resolves once no job of the unscheduled queues is waiting to run now or running. Tests and
   * the quality gates await it instead of sleeping; it wakes this process's workers meanwhile.
   * @param held how many running jobs a test holds on purpose (a hook it set waits): those are not waited for.
   */
  async settled(held: () => number = () => 0): Promise<void> {
    const names = this.definitions.filter((d) => !d.schedule).map((d) => d.name);
    const { boss } = await this.opened();
    for (;;) {
      const { rows } = await boss
        .getDb()
        .executeSql(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = ANY($1) AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
          [names],
        );
      if (Number(rows[0]?.n ?? 0) <= held()) return;
      for (const name of names) this.wake(name);
      // Until a job of this process ends, or a little while (a job of another process may end).
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.finished.delete(done);
          resolve();
        };
        const timer = setTimeout(done, 25);
        this.finished.add(done);
      });
    }
  }

  /** Stops taking jobs, lets running ones finish (up to `timeoutMs`), and closes pg-boss's connections. */
  async stop(timeoutMs = 20_000): Promise<void> {
    this.stoppingController.abort();
    // Never opened: nothing started (one opening meanwhile is let finish, then stopped).
    // An opening that failed was reported to whoever awaited it.
    const started = await this.opening?.catch(() => undefined);
    if (!started) return;
    await started.boss.stop({ graceful: true, close: true, timeout: timeoutMs });
  }
}
