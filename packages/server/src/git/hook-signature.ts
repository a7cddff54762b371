// A push webhook's signature, in the three formats Git servers use: GitHub's `X-Hub-Signature-256: sha256=<hex
// HMAC-SHA256 of the body>`, Gitea's and Forgejo's `X-Gitea-Signature` / `X-Forgejo-Signature: <hex HMAC-SHA256>`,
// GitLab's `X-Gitlab-Token: <the secret>`. Every one the request carries must match, and it must carry one.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

const same = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function hookSigned(headers: IncomingHttpHeaders, body: Buffer, secret: string): boolean {
  const hmac = createHmac("sha256", secret).update(body).digest("hex");
  const checks: [string | undefined, string][] = [
    [header(headers, "x-hub-signature-256")?.toLowerCase(), `sha256=${hmac}`],
    [header(headers, "x-gitea-signature")?.toLowerCase(), hmac],
    [header(headers, "x-forgejo-signature")?.toLowerCase(), hmac],
    [header(headers, "x-gitlab-token"), secret],
  ];
  const given = checks.filter(([value]) => value !== undefined) as [string, string][];
  return given.length > 0 && given.every(([value, expected]) => same(value, expected));
}
