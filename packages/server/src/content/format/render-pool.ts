// Long pages' Markdown rendered in a worker thread, with a time budget. Parsing is linear
// in a page, but a hostile page of a million characters still takes seconds: on the
// request thread that would hold every other request. Pages shorter than `minLength`
// render inline (a worker round trip would slow the common page down); longer ones
// queue for the pool's workers (started on first use, ended after a minute idle, so an
// instance that never sees a long page pays no memory for them). A job past its budget
// ends its worker (the only way to stop synchronous work) and fails with a reason.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { Schemas } from "@docstack/contract";
import type { OffloadedRender } from "@docstack/sites";

export type RenderJob =
  | { kind: "site"; render: OffloadedRender }
  /** A page's `format=document`, with its link and image targets resolved ahead. */
  | { kind: "document"; markdown: string; references: [string, Schemas["ContentReference"]][] };

export interface RenderPoolOptions {
  /** Characters from which a page goes to the pool. */
  minLength: number;
  /** Milliseconds a job may run. */
  budgetMs: number;
  workers: number;
  /** Milliseconds without a job after which a worker ends. */
  idleMs?: number;
}

/** A render that did not finish within the budget. */
export class RenderBudgetExceeded extends Error {}

interface Pending {
  job: RenderJob;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

/** The compiled worker: next to this module, or (when tests run the TypeScript sources) in the build. */
function workerFile(): string {
  const here = join(__dirname, "render-worker.js");
  return existsSync(here) ? here : join(__dirname, "..", "..", "..", "dist", "content", "format", "render-worker.js");
}

class PoolWorker {
  private readonly worker = new Worker(workerFile());
  private current: { id: number; pending: Pending; timer: NodeJS.Timeout } | undefined;
  private idle: NodeJS.Timeout | undefined;
  private nextId = 0;
  ended = false;

  constructor(
    private readonly options: RenderPoolOptions,
    private readonly done: (worker: PoolWorker) => void,
  ) {
    this.worker.unref();
    this.worker.on("message", (message: { id: number; result?: unknown; error?: string }) => {
      const current = this.current;
      if (!current || current.id !== message.id) return;
      this.finish();
      if (message.error !== undefined) current.pending.reject(new Error(`the page could not be rendered: ${message.error}`));
      else current.pending.resolve(message.result);
    });
    this.worker.on("error", (error) => this.fail(new Error(`the page could not be rendered: ${error.message}`)));
    this.worker.on("exit", () => this.fail(new Error("the page could not be rendered: its renderer stopped")));
  }

  get busy(): boolean {
    return this.current !== undefined;
  }

  run(pending: Pending): void {
    clearTimeout(this.idle);
    const id = this.nextId++;
    const seconds = this.options.budgetMs / 1000;
    const timer = setTimeout(
      () => this.fail(new RenderBudgetExceeded(`the page is too long or complex to render within ${seconds} s; shorten it or split it into pages`)),
      this.options.budgetMs,
    );
    this.current = { id, pending, timer };
    this.worker.postMessage({ id, job: pending.job });
  }

  private finish(): void {
    clearTimeout(this.current?.timer);
    this.current = undefined;
    this.idle = setTimeout(() => this.end(), this.options.idleMs ?? 60_000).unref();
    this.done(this);
  }

  /** The current job fails and the worker ends (a new one starts for the next job). */
  private fail(error: Error): void {
    const current = this.current;
    this.end();
    if (current) {
      clearTimeout(current.timer);
      this.current = undefined;
      current.pending.reject(error);
    }
    this.done(this);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.idle);
    void this.worker.terminate();
  }
}

export class RenderPool {
  private workers: PoolWorker[] = [];
  private readonly queue: Pending[] = [];

  constructor(readonly options: RenderPoolOptions) {}

  /** Runs `job` on a worker; rejects with a reason (RenderBudgetExceeded past the budget). */
  run<T>(job: RenderJob): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ job, resolve: resolve as (result: unknown) => void, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    this.workers = this.workers.filter((worker) => !worker.ended);
    while (this.queue.length) {
      let worker = this.workers.find((candidate) => !candidate.busy);
      if (!worker && this.workers.length < this.options.workers) {
        worker = new PoolWorker(this.options, () => this.dispatch());
        this.workers.push(worker);
      }
      if (!worker) return;
      worker.run(this.queue.shift()!);
    }
  }

  /** Ends the workers (the server closing). */
  close(): void {
    for (const worker of this.workers) worker.end();
    this.workers = [];
  }
}
