// The fixture import run, held where it starts its work (the server's test hook) until the gates have cancelled it:
// left to itself it ends in a moment, often before a cancel arrives, and cancelImportRun would have nothing to cancel.
// Only the runs of the fixtures' own space are held; each is let go once it has ended (repairFixtures), when new
// fixtures are made, or when the job queue stops. A held run writes nothing: `settled` does not wait for it.
import type { Harness } from "@docstack/server/testing";

const holders = new WeakMap<Harness, HeldImports>();

export class HeldImports {
  /** The spaces whose import runs are held (one per set of fixtures). */
  private readonly spaces = new Set<string>();
  private readonly waiting = new Map<string, () => void>();
  /** Let go before their job reached the hook: not held then. */
  private readonly released = new Set<string>();

  private constructor(private readonly h: Harness) {
    h.beforeImportRun((runId) => this.hold(runId));
  }

  /** The harness's holder, its hook set on first use. */
  static of(h: Harness): HeldImports {
    let holder = holders.get(h);
    if (!holder) {
      holder = new HeldImports(h);
      holders.set(h, holder);
    }
    return holder;
  }

  holdRunsOf(spaceId: string): void {
    this.spaces.add(spaceId);
  }

  /** How many runs wait in the hook now (for `jobs.settled`). */
  readonly waitingCount = () => this.waiting.size;

  /** Every run held so far let go (new fixtures: the old ones' run is not needed). */
  releaseAll(): void {
    for (const runId of [...this.waiting.keys()]) this.release(runId);
    this.spaces.clear();
  }

  release(runId: string): void {
    this.released.add(runId);
    this.waiting.get(runId)?.();
  }

  private async hold(runId: string): Promise<void> {
    const run = await this.h.services.prisma.importRun.findUnique({ where: { id: runId }, select: { spaceId: true } });
    if (!run || !this.spaces.has(run.spaceId) || this.released.has(runId)) return;
    const { stopping } = this.h.services.jobs;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.waiting.delete(runId);
        resolve();
      };
      this.waiting.set(runId, done);
      if (stopping.aborted) done();
      else stopping.addEventListener("abort", done, { once: true });
    });
  }
}
