// The fetch the client sends through: a timeout on every attempt, and retries with
// exponential backoff and full jitter for idempotent requests that were rate limited
// (429, after `Retry-After`), failed on the server (5xx but 501), or got no answer at all.
// A POST is made idempotent by an `Idempotency-Key`, the same on every attempt: the server
// answers a retry of a request it already did with the first answer.
import { ConnectionError, retryAfterMs, TimeoutError } from "./errors.js";

export interface RetryOptions {
  /** Retries after the first attempt (default 2; 0 turns retrying off). */
  retries?: number;
  /**
   * Methods retried (default GET, HEAD and OPTIONS). Some of this API's PUTs create (a team), so PUT
   * and DELETE are not retried unless listed. POSTs: see `idempotencyKeys`.
   */
  methods?: readonly string[];
  /**
   * Every POST carries an `Idempotency-Key` header (a random UUID, unless the request has one), the
   * same on each attempt, and is retried like the methods above: the server does it once and answers
   * a retry with the first answer (default true; false: POSTs are sent as they are, never retried).
   */
  idempotencyKeys?: boolean;
  /** The first backoff, doubled at each retry (default 500 ms), and the longest (default 8 s). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** The longest `Retry-After` waited for (default 60 s): a longer one is returned as the 429 it is. */
  maxRetryAfterMs?: number;
}

type Fetch = (request: Request) => Promise<Response>;

const DEFAULTS = { retries: 2, methods: ["GET", "HEAD", "OPTIONS"], idempotencyKeys: true, baseDelayMs: 500, maxDelayMs: 8000, maxRetryAfterMs: 60_000 };

/** A status worth trying again: rate limited, or a server failure other than "not implemented". */
const retryable = (status: number) => status === 429 || (status >= 500 && status !== 501);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One attempt, aborted after `timeoutMs` (0: never) or when the caller's signal aborts.
 * The timer is an AbortController and a setTimeout held here until the attempt ends: an
 * `AbortSignal.timeout` combined with `AbortSignal.any` can be collected before it fires
 * (Node holds it weakly), and the attempt then never times out.
 */
async function attempt(fetch: Fetch, request: Request, timeoutMs: number): Promise<Response> {
  const timeout = timeoutMs > 0 ? new AbortController() : undefined;
  const timer = timeout ? setTimeout(() => timeout.abort(), timeoutMs) : undefined;
  const onCallerAbort = () => timeout?.abort(request.signal.reason);
  if (request.signal.aborted) onCallerAbort();
  else request.signal.addEventListener("abort", onCallerAbort, { once: true });
  try {
    return await fetch(new Request(request, { signal: timeout?.signal ?? request.signal }));
  } catch (error) {
    if (request.signal.aborted) throw error; // the caller gave up: not ours to describe
    if (timeout?.signal.aborted) throw new TimeoutError(`${request.method} ${request.url} got no answer within ${timeoutMs} ms`, { cause: error });
    throw new ConnectionError(`${request.method} ${request.url} failed: ${(error as Error).message}`, { cause: error });
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener("abort", onCallerAbort);
  }
}

export function retryingFetch(fetch: Fetch, options: { retry?: RetryOptions | false; timeoutMs: number }): Fetch {
  const retry = { ...DEFAULTS, ...(options.retry === false ? { retries: 0 } : options.retry) };
  const methods = new Set(retry.methods.map((method) => method.toUpperCase()));
  return async (sent) => {
    const keyed = retry.idempotencyKeys && sent.method.toUpperCase() === "POST";
    const request = keyed ? withIdempotencyKey(sent) : sent;
    const retries = keyed || methods.has(request.method.toUpperCase()) ? retry.retries : 0;
    for (let tried = 0; ; tried++) {
      const backoff = Math.random() * Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** tried);
      let response: Response;
      try {
        response = await attempt(fetch, request.clone(), options.timeoutMs);
      } catch (error) {
        if (tried >= retries || !(error instanceof ConnectionError)) throw error;
        await sleep(backoff);
        continue;
      }
      if (tried >= retries || !retryable(response.status)) return response;
      const asked = response.status === 429 ? retryAfterMs(response.headers.get("Retry-After")) : undefined;
      if (asked !== undefined && asked > retry.maxRetryAfterMs) return response;
      await response.body?.cancel();
      await sleep(asked ?? backoff);
    }
  };
}

/** The request with an `Idempotency-Key`: its own, or a new random one. */
function withIdempotencyKey(request: Request): Request {
  if (request.headers.has("Idempotency-Key")) return request;
  const headers = new Headers(request.headers);
  headers.set("Idempotency-Key", crypto.randomUUID());
  return new Request(request, { headers });
}
