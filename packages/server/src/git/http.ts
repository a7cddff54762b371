// isomorphic-git's HTTP client, on safeFetch: every connection (each redirect's too) is checked on the address it
// reaches. Redirects are followed here, at most 5, and credentials go only to the origin they were given for. What
// the remote sends counts against the operation's byte budget: past it the operation stops (a repository too large).
import type { GitHttpRequest, GitHttpResponse, HttpClient } from "isomorphic-git";
import { safeFetch } from "../outbound/safe-fetch";

const MAX_REDIRECTS = 5;

export class GitTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the repository is larger than the server's limit of ${maxBytes} bytes (DOCSTACK_GIT_MAX_BYTES)`);
    this.name = "GitTooLarge";
  }
}

/** What an operation may receive, in all: its requests share it. */
export class ByteBudget {
  private used = 0;
  constructor(readonly maxBytes: number) {}
  /** Whether it was overspent: isomorphic-git reports a stream that failed as an empty answer, this says why. */
  get exceeded(): boolean {
    return this.used > this.maxBytes;
  }
  spend(bytes: number): void {
    this.used += bytes;
    if (this.exceeded) throw new GitTooLarge(this.maxBytes);
  }
}

export interface GitHttpOptions {
  allowPrivate: boolean;
  signal: AbortSignal;
  budget: ByteBudget;
}

async function collect(body: GitHttpRequest["body"]): Promise<Buffer | undefined> {
  if (!body) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function* counted(body: AsyncIterable<Uint8Array> | null, budget: ByteBudget): AsyncIterableIterator<Uint8Array> {
  for await (const chunk of body ?? []) {
    budget.spend(chunk.byteLength);
    yield chunk;
  }
}

export function checkedGitHttp({ allowPrivate, signal, budget }: GitHttpOptions): HttpClient {
  return {
    async request({ url, method = "GET", headers = {}, body }: GitHttpRequest): Promise<GitHttpResponse> {
      const payload = await collect(body);
      const origin = new URL(url).origin;
      let target = new URL(url);
      let [currentMethod, currentBody] = [method, payload];
      for (let hop = 0; ; hop++) {
        // Credentials are the first origin's: a redirect elsewhere goes without them.
        const sent =
          target.origin === origin ? headers : Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== "authorization"));
        const response = await safeFetch(target, {
          method: currentMethod,
          headers: { "User-Agent": "git/isomorphic-git (Docstack)", ...sent },
          ...(currentBody ? { body: currentBody } : {}),
          redirect: "manual",
          signal,
          allowPrivate,
        });
        const location = response.headers.get("location");
        if (response.status >= 300 && response.status < 400 && location && hop < MAX_REDIRECTS) {
          await response.body?.cancel();
          target = new URL(location, target);
          if (target.protocol !== "http:" && target.protocol !== "https:") throw new Error(`a redirect to ${target.protocol} is not followed`);
          // As fetch does: 303, and 301/302 after a POST, continue as a GET.
          if (response.status === 303 || ((response.status === 301 || response.status === 302) && currentMethod === "POST")) {
            [currentMethod, currentBody] = ["GET", undefined];
          }
          continue;
        }
        const responseHeaders: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          responseHeaders[name] = value;
        });
        return {
          url: target.toString(),
          method: currentMethod,
          headers: responseHeaders,
          body: counted(response.body, budget),
          statusCode: response.status,
          statusMessage: response.statusText,
        };
      }
    },
  };
}
