// isomorphic-git's HTTP client, on safeFetch: every connection (each redirect's too) is checked on the address it
// reaches. Redirects are followed (outbound/follow-redirects: at most 5, credentials only to the origin they were
// given for). What the remote sends counts against the operation's byte budget: past it the operation stops (a
// repository too large).
import type { GitHttpRequest, GitHttpResponse, HttpClient } from "isomorphic-git";
import { fetchFollowingRedirects } from "../outbound/follow-redirects";

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
      const answered = await fetchFollowingRedirects(url, {
        method,
        headers: { "User-Agent": "git/isomorphic-git (Docstack)", ...headers },
        ...(payload ? { body: payload } : {}),
        signal,
        allowPrivate,
      });
      const { response } = answered;
      const responseHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        responseHeaders[name] = value;
      });
      return {
        url: answered.url.toString(),
        method: answered.method,
        headers: responseHeaders,
        body: counted(response.body, budget),
        statusCode: response.status,
        statusMessage: response.statusText,
      };
    },
  };
}
