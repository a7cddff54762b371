// Prometheus metrics (prom-client), served at /metrics: requests by route and status, their latency,
// 5xx errors, rate-limited requests, job queue depth, job durations and failures, and the database
// connection pool. Routes are the contract's paths (`/v1/spaces/{spaceId}`), so labels stay few.
import type { RequestHandler, Response } from "express";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "./db/database";
import type { JobOutcome, JobQueue } from "./jobs/queue";
import { markStarted, msSinceStarted } from "./response-timing";

export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: "docstack_http_requests_total",
    help: "HTTP requests answered, by method, route and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: "docstack_http_request_duration_seconds",
    help: "Time to answer HTTP requests, by method and route",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly errors = new Counter({
    name: "docstack_http_errors_total",
    help: "HTTP requests answered with a 5xx status, by route",
    labelNames: ["route"] as const,
    registers: [this.registry],
  });
  private readonly rateLimited = new Counter({
    name: "docstack_http_rate_limited_total",
    help: "Requests refused with 429 by the rate limiter",
    registers: [this.registry],
  });
  private readonly jobDuration = new Histogram({
    name: "docstack_job_duration_seconds",
    help: "Time jobs ran, by queue and outcome",
    labelNames: ["queue", "outcome"] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 30, 60],
    registers: [this.registry],
  });
  private readonly jobFailures = new Counter({
    name: "docstack_job_failures_total",
    help: "Job runs that failed (each is retried with backoff, then dead-lettered), by queue",
    labelNames: ["queue"] as const,
    registers: [this.registry],
  });

  /** Process metrics (CPU, memory, event loop lag): for a server process, once. */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry, prefix: "docstack_" });
  }

  /** Gauges read when scraped: jobs waiting and running per queue, the connection pool. */
  watch({ jobs, database }: { jobs: JobQueue; database: Database }): void {
    // Registered with the registry, which reads them on each scrape.
    new Gauge({
      name: "docstack_job_queue_jobs",
      help: "Jobs per queue and state (waiting: queued, including those scheduled later; active: running; failed: kept after failing)",
      labelNames: ["queue", "state"] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { name, waiting, active, failed } of await jobs.depth()) {
          this.set({ queue: name, state: "waiting" }, waiting);
          this.set({ queue: name, state: "active" }, active);
          this.set({ queue: name, state: "failed" }, failed);
        }
      },
    });
    new Gauge({
      name: "docstack_db_pool_connections",
      help: "Database connections of this instance's pool, by state (PostgreSQL)",
      labelNames: ["state"] as const,
      registers: [this.registry],
      collect() {
        const use = database.poolUse();
        if (!use) return;
        this.set({ state: "total" }, use.total);
        this.set({ state: "idle" }, use.idle);
        this.set({ state: "waiting" }, use.waiting);
        this.set({ state: "max" }, use.max);
      },
    });
  }

  jobDone({ name, seconds, ok }: JobOutcome): void {
    this.jobDuration.observe({ queue: name, outcome: ok ? "completed" : "failed" }, seconds);
    if (!ok) this.jobFailures.inc({ queue: name });
  }

  /** Counts each request once it is answered (the route is set by the operation that served it). */
  middleware(): RequestHandler {
    const metrics = this;
    // One listener for every response (`this` is the response), not a closure made per request.
    function answered(this: Response) {
      const route = (this.locals.route as string | undefined) ?? "other";
      const labels = { method: this.req.method, route };
      metrics.requests.inc({ ...labels, status: String(this.statusCode) });
      metrics.latency.observe(labels, msSinceStarted(this) / 1000);
      if (this.statusCode >= 500) metrics.errors.inc({ route });
      if (this.statusCode === 429) metrics.rateLimited.inc();
    }
    return (_req, res, next) => {
      markStarted(res);
      res.on("finish", answered);
      next();
    };
  }
}
