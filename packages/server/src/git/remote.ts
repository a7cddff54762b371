// A Git remote as a request names it, checked when the request comes: an http(s) URL whose credentials are taken
// apart (sent as basic auth by the job, never logged, answered or kept past the job), a branch, a project folder.
// A host that is an internal address literally is refused here; a name is checked where the job connects.

import { safeRelativePath } from "../content/gitbook-layout/paths";
import { fetchableUrl } from "../content/web/fetch-safely";
import { badRequest } from "../http/errors";

export interface GitCredentials {
  username: string;
  password: string;
}

export interface GitRemote {
  /** The URL without credentials, query or fragment. */
  url: string;
  credentials?: GitCredentials;
}

export function parseRemote(raw: string, allowPrivate: boolean): GitRemote {
  const url = fetchableUrl(raw, { allowPrivate, field: "request/body/url", scheme: "a Git repository is fetched over http or https" });
  const credentials = url.username || url.password ? { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } : undefined;
  url.username = "";
  url.password = "";
  url.search = "";
  url.hash = "";
  return { url: url.toString(), ...(credentials ? { credentials } : {}) };
}

/** git check-ref-format's rules for one branch name. */
function validBranch(name: string): boolean {
  if (!name || name.length > 200 || name.startsWith("-") || name.startsWith("/") || name.endsWith("/") || name.endsWith(".")) return false;
  if ([...name].some((char) => char <= " " || char === "\x7f") || /[~^:?*[\\]|\.\.|\/\/|@\{/.test(name) || name === "@") return false;
  return name.split("/").every((part) => part && !part.startsWith(".") && !part.endsWith(".lock"));
}

/** The branch a ref names: `refs/heads/main` (or `main`) is `main`; a tag or another kind of ref is refused. */
export function branchOf(ref: string): string {
  const name = ref.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : ref;
  if (ref.startsWith("refs/") && !ref.startsWith("refs/heads/"))
    throw badRequest("invalid_request", "request/body/ref: must name a branch (refs/heads/<branch>)");
  if (!validBranch(name)) throw badRequest("invalid_request", "request/body/ref: not a valid branch name");
  return name;
}

/** The project folder as a path from the repository's top, "" for the top; `..` and absolute paths are refused. */
export function projectDirectory(raw: string | undefined): string {
  if (raw === undefined) return "";
  const clean = safeRelativePath(raw);
  if (raw.startsWith("/") || raw.split(/[/\\]+/).includes(".."))
    throw badRequest("invalid_request", "request/body/repoProjectDirectory: must be a folder of the repository (no .., not absolute)");
  return clean;
}

/** `acme/docs` for https://host/acme/docs.git. */
export const repoNameOf = (url: string) =>
  decodeURIComponent(new URL(url).pathname)
    .replace(/^\/+|\/+$/g, "")
    .replace(/\.git$/, "");

/** GitBook's providers by host; any other Git server is `git`. */
export function providerOf(url: string): "github" | "gitlab" | "git" {
  const host = new URL(url).hostname.toLowerCase();
  if (host === "github.com" || host.endsWith(".github.com")) return "github";
  if (host.split(".").includes("gitlab")) return "gitlab";
  return "git";
}

/** The message with the credentials' text replaced (a library's error could quote what it was given). */
export function withoutCredentials(message: string, credentials: GitCredentials | undefined): string {
  if (!credentials) return message;
  let out = message;
  for (const secret of [credentials.password, encodeURIComponent(credentials.password)]) {
    if (secret.length >= 3) out = out.split(secret).join("***");
  }
  return out;
}
