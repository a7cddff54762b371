// Answers the server tags with a strong ETag (a revision's page tree: the same bytes for as long as the revision is
// current), kept by the client: a GET of one of them is sent with `If-None-Match`, and a 304 is given to the caller
// as the 200 it stands for, from the bytes kept. A few entries, least recently used dropped first.
type Fetch = (request: Request) => Promise<Response>;

interface Kept {
  etag: string;
  body: ArrayBuffer;
  headers: Headers;
}

/** `entries`: how many answers are kept (0: none, requests go as they are). */
export function etagCachingFetch(fetch: Fetch, entries: number): Fetch {
  if (entries <= 0) return fetch;
  const kept = new Map<string, Kept>();
  return async (request) => {
    if (request.method !== "GET" || request.headers.has("If-None-Match")) return fetch(request);
    const key = `${request.headers.get("Authorization") ?? ""} ${request.url}`;
    const held = kept.get(key);
    const sent = held ? new Request(request, { headers: withHeader(request.headers, "If-None-Match", held.etag) }) : request;
    const response = await fetch(sent);
    if (held && response.status === 304) {
      kept.delete(key);
      kept.set(key, held);
      return new Response(held.body, { status: 200, headers: held.headers });
    }
    const etag = response.headers.get("ETag");
    if (response.status !== 200 || !etag || etag.startsWith("W/")) return response;
    // Read once, kept, and given to the caller as a new answer of the same bytes (a Response copies them): a clone
    // would read a page tree's megabytes twice, through the two branches of its body.
    const body = await response.arrayBuffer();
    const headers = new Headers(response.headers);
    kept.delete(key);
    kept.set(key, { etag, body, headers });
    if (kept.size > entries) kept.delete(kept.keys().next().value!);
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}

function withHeader(headers: Headers, name: string, value: string): Headers {
  const copy = new Headers(headers);
  copy.set(name, value);
  return copy;
}
