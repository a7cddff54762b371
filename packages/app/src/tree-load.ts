// Loads a space's page tree in the tree worker (src/tree-worker.ts, built beside the app; its URL is
// defined at build time), or on the main thread where there is no worker (the unit tests, or a build
// without it). One worker serves every tree, started on the first.
import { ConnectionError } from "@docstack/sdk";
import { api, unwrap } from "./api";
import type { TreePage } from "./tree";
import type { TreeAnswer, TreeRequest } from "./tree-worker";

declare const TREE_WORKER_URL: string | undefined;
const workerUrl = typeof TREE_WORKER_URL === "string" ? TREE_WORKER_URL : undefined;

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (pages: TreePage[]) => void; reject: (error: unknown) => void }>();

function theWorker(url: string): Worker {
  if (worker) return worker;
  worker = new Worker(url, { type: "module", name: "tree" });
  worker.onmessage = (event: MessageEvent<TreeAnswer>) => {
    const answer = event.data;
    const call = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (!call) return;
    if ("pages" in answer) call.resolve(answer.pages);
    else call.reject(failure(answer.failure));
  };
  // A worker that fails to start (blocked, not found) leaves the trees to the main thread.
  worker.onerror = () => {
    worker = undefined;
    for (const [id, call] of waiting) {
      waiting.delete(id);
      call.reject(new ConnectionError("The page tree could not be loaded"));
    }
  };
  return worker;
}

/** An error as the SDK throws it: its status (0: no answer, a ConnectionError), message and reason. */
export function failure({ status, message, reason }: { status: number; message: string; reason?: string | undefined }): Error {
  if (status === 0) return new ConnectionError(message);
  return Object.assign(new Error(message), { status, reason });
}

export function loadTree(spaceId: string): Promise<TreePage[]> {
  if (!workerUrl || typeof Worker === "undefined")
    return unwrap(api.GET("/v1/spaces/{spaceId}/content/tree", { params: { path: { spaceId } } })).then((tree) => tree.pages);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    theWorker(workerUrl).postMessage({ id, spaceId } satisfies TreeRequest);
  });
}
