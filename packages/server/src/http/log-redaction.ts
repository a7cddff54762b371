// Secrets that travel in request paths never reach a log line: an invite link's ID is its
// secret, so the request log shows `[secret]` in its place (URL and route parameters).
const SECRET_IN_PATH = /(\/(?:link-)?invites\/)[^/?#]+/g;
const SECRET_PARAMETERS = ["inviteId"];

function redactUrl(url: string): string {
  return url.replace(SECRET_IN_PATH, "$1[secret]");
}

/** pino-http's request serializer, applied to the request it already serialized. */
export function redactRequest<R extends { url?: string; params?: Record<string, unknown> }>(req: R): R {
  const params =
    req.params && Object.fromEntries(Object.entries(req.params).map(([key, value]) => [key, SECRET_PARAMETERS.includes(key) ? "[secret]" : value]));
  return { ...req, ...(req.url ? { url: redactUrl(req.url) } : {}), ...(params ? { params } : {}) };
}
