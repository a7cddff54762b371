// The hostile part's second client: asks `/healthz` every 10 ms from its own thread, so the bench's own work (building
// a megabyte of JSON, reading the answers) never delays a probe and only the server's latency is measured.
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

const PHASE = 0;
const STOP = 1;

/**
 * Starts the prober on `base`; `phase` names the phase probes are sent in from then on (the phases' names are
 * given up front: the worker reads the current one from shared memory, exactly when each probe leaves). `stop()`
 * waits for the answers still in flight and gives each phase's latencies in ms.
 */
export function prober(base, phases) {
  const shared = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(new URL(import.meta.url), { workerData: { base, phases, shared } });
  const done = new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    set phase(name) {
      const index = phases.indexOf(name);
      if (index < 0) throw new Error(`unknown phase ${name}`);
      Atomics.store(shared, PHASE, index);
    },
    stop: async () => {
      Atomics.store(shared, STOP, 1);
      const latencies = await done;
      await worker.terminate();
      return new Map(Object.entries(latencies));
    },
  };
}

/** Open loop: a probe leaves every 10 ms whether or not the previous one was answered, as users' requests would. */
async function probe({ base, phases, shared }) {
  const latencies = Object.fromEntries(phases.map((name) => [name, []]));
  const pending = new Set();
  const ask = (name) => {
    const started = performance.now();
    const request = fetch(`${base}/healthz`)
      .then(async (response) => {
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`/healthz answered ${response.status}`);
        latencies[name].push(performance.now() - started);
      })
      .finally(() => pending.delete(request));
    pending.add(request);
  };
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      if (Atomics.load(shared, STOP) === 1) {
        clearInterval(timer);
        resolve();
      } else ask(phases[Atomics.load(shared, PHASE)]);
    }, 10);
  });
  await Promise.all(pending);
  parentPort.postMessage(latencies);
}

if (!isMainThread) await probe(workerData);
