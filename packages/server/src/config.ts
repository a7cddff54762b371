// Configuration comes from the environment, read once at start.
import path from "node:path";
import { declareSecret } from "./secrets";

export interface Config {
  port: number;
  /** postgresql://... to use a PostgreSQL server; unset for the embedded database. */
  databaseUrl: string | undefined;
  /** Where the embedded database lives. */
  dataDir: string;
  /** The public base URL used in `urls` fields; unset: derived from each request's Host. */
  publicUrl: string | undefined;
  bodyLimitBytes: number;
  /** Requests per token per window (per client address until the token has authenticated). */
  rateLimit: { max: number; windowMs: number };
  /** Origins allowed by CORS: "*" or a comma-separated list; unset: CORS off. */
  corsOrigins: string | undefined;
  logLevel: string;
  /** Whether responses are validated against the contract: on in tests, opt-in for development (it costs throughput). */
  validateResponses: boolean;
  /** Whether imports may fetch loopback/private addresses (tests against a local server). */
  allowPrivateFetch: boolean;
  /** The embedded database's buffer cache (PostgreSQL's shared_buffers), in MiB. */
  embeddedSharedBuffersMb: number;
  /** Bytes of immutable content (documents, page-tree chunks, revision indexes) kept in memory; 0: none. */
  contentCacheBytes: number;
  /** Pages of the search index written per transaction after a write moved a space's revision (content/search/search-catch-up.ts). */
  searchIndexStepPages: number;
  /** smtp://user:password@host:port (or smtps://): where e-mail goes; unset, no e-mail is sent. */
  smtpUrl: string | undefined;
  /** The From of every e-mail. */
  mailFrom: string;
  /**
   * How sites without a hostname of their own are addressed: on sub-domains of the public host
   * (`http://acme.docs.example/handbook`), on paths of it (`http://localhost:3000/sites/acme/handbook`),
   * or `auto`: paths when the host cannot carry sub-domains (an IP address, `localhost`, a name without a dot).
   */
  siteUrls: "auto" | "subdomain" | "path";
  /** Bytes of rendered site pages kept in memory. */
  siteCacheBytes: number;
  /** Pages from `minLength` characters render in `workers` worker threads, each job within `budgetMs` (docs/markdown-rendering.md). */
  render: { minLength: number; budgetMs: number; workers: number };
  /** Secrets signing cursors and download URLs, newest first (the others still verify); empty: one kept in the database. */
  secrets: string[];
  /** How long SIGTERM waits for requests in flight and running jobs before cutting them. */
  shutdownTimeoutMs: number;
  /** How long a client has to send a whole request, headers and body (408 and the connection closed after); 0: no limit. */
  requestTimeoutMs: number;
  /** How long a client has to send a request's headers; 0: no limit. At most `requestTimeoutMs`. */
  headersTimeoutMs: number;
  /** The first retry delay of a webhook delivery (doubling, with jitter, over about a day); tests shorten it. */
  webhookRetryBaseMs: number;
  /**
   * Git import and export (docs/git.md): the most bytes a repository may send, how long an operation may run, and how
   * often a continuous Git Sync reads its branch when no push webhook announces pushes.
   */
  git: { maxBytes: number; timeoutMs: number; pollSeconds: number };
  /** Where the app's build is (packages/app/dist), served at /app/. */
  appDir: string;
  /** The app's sessions (docs/app.md): each use extends one by `idleMs`, never past `maxMs` after it started. */
  sessions: { idleMs: number; maxMs: number };
  /** How long a site's content token (the `apiToken` of a resolved published URL) lives. */
  contentTokenMs: number;
  /** Import runs (docs/content-format.md, "Import runs"): the most bytes a run may read, the most pages a website gives, how long a run may take. */
  imports: { maxBytes: number; maxPages: number; timeoutMs: number };
}

/**
 * The embedded database's buffer cache: PostgreSQL's own default (128 MB) sits in PGlite's WebAssembly
 * memory, all of it resident from the start and never given back. Pages it misses are read from the
 * operating system's file cache, which the process does not hold.
 */
export const EMBEDDED_SHARED_BUFFERS_MB = 16;

export const REPO_ROOT = path.resolve(__dirname, "../../..");

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? "development";
  return {
    port: int(env, "PORT", 3000),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DOCSTACK_DATA_DIR || path.join(REPO_ROOT, ".data")),
    publicUrl: env.DOCSTACK_PUBLIC_URL?.replace(/\/+$/, "") || undefined,
    bodyLimitBytes: int(env, "DOCSTACK_BODY_LIMIT", 1024 * 1024),
    rateLimit: { max: int(env, "DOCSTACK_RATE_LIMIT", 600), windowMs: int(env, "DOCSTACK_RATE_LIMIT_WINDOW_MS", 60_000) },
    corsOrigins: env.DOCSTACK_CORS_ORIGINS || undefined,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === "test" ? "silent" : "info"),
    validateResponses: env.DOCSTACK_VALIDATE_RESPONSES === "true",
    allowPrivateFetch: env.DOCSTACK_ALLOW_PRIVATE_FETCH === "true",
    embeddedSharedBuffersMb: int(env, "DOCSTACK_DB_SHARED_BUFFERS_MB", EMBEDDED_SHARED_BUFFERS_MB),
    contentCacheBytes: int(env, "DOCSTACK_CONTENT_CACHE_MB", 32) * 1024 * 1024,
    searchIndexStepPages: int(env, "DOCSTACK_SEARCH_INDEX_STEP_PAGES", 500),
    smtpUrl: env.DOCSTACK_SMTP_URL || undefined,
    mailFrom: env.DOCSTACK_MAIL_FROM || "Docstack <docstack@localhost>",
    siteUrls: siteUrls(env.DOCSTACK_SITE_URLS),
    siteCacheBytes: int(env, "DOCSTACK_SITE_CACHE_MB", 16) * 1024 * 1024,
    render: {
      minLength: int(env, "DOCSTACK_RENDER_INLINE_CHARS", 20_000),
      budgetMs: int(env, "DOCSTACK_RENDER_BUDGET_MS", 10_000),
      workers: Math.max(1, int(env, "DOCSTACK_RENDER_WORKERS", 1)),
    },
    shutdownTimeoutMs: int(env, "DOCSTACK_SHUTDOWN_TIMEOUT_MS", 25_000),
    ...requestTimeouts(env),
    webhookRetryBaseMs: int(env, "DOCSTACK_WEBHOOK_RETRY_BASE_MS", 5_000),
    git: {
      maxBytes: int(env, "DOCSTACK_GIT_MAX_BYTES", 100 * 1024 * 1024),
      timeoutMs: int(env, "DOCSTACK_GIT_TIMEOUT_SECONDS", 300) * 1000,
      pollSeconds: Math.max(1, int(env, "DOCSTACK_GIT_POLL_SECONDS", 60)),
    },
    appDir: path.resolve(env.DOCSTACK_APP_DIR || path.join(REPO_ROOT, "packages/app/dist")),
    sessions: {
      idleMs: Math.max(1, int(env, "DOCSTACK_SESSION_IDLE_HOURS", 7 * 24)) * 60 * 60_000,
      maxMs: Math.max(1, int(env, "DOCSTACK_SESSION_MAX_DAYS", 30)) * 24 * 60 * 60_000,
    },
    contentTokenMs: Math.max(1, int(env, "DOCSTACK_CONTENT_TOKEN_MINUTES", 10)) * 60_000,
    imports: {
      maxBytes: int(env, "DOCSTACK_IMPORT_MAX_BYTES", 100 * 1024 * 1024),
      maxPages: int(env, "DOCSTACK_IMPORT_MAX_PAGES", 10_000),
      timeoutMs: int(env, "DOCSTACK_IMPORT_TIMEOUT_SECONDS", 1800) * 1000,
    },
    secrets: secrets(env.DOCSTACK_SECRETS),
  };
}

/**
 * Slow clients (a body sent a byte at a time) hold a connection only this long. A minute sends the largest body
 * (a 20 MB content batch) at about 3 Mbit/s; headers are small, 20 s is plenty.
 */
function requestTimeouts(env: NodeJS.ProcessEnv): Pick<Config, "requestTimeoutMs" | "headersTimeoutMs"> {
  const requestTimeoutMs = int(env, "DOCSTACK_REQUEST_TIMEOUT_MS", 60_000);
  const headersTimeoutMs = int(env, "DOCSTACK_HEADERS_TIMEOUT_MS", Math.min(20_000, requestTimeoutMs));
  if (requestTimeoutMs > 0 && headersTimeoutMs > requestTimeoutMs) {
    throw new Error(`DOCSTACK_HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must be at most DOCSTACK_REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  return { requestTimeoutMs, headersTimeoutMs };
}

function siteUrls(raw: string | undefined): Config["siteUrls"] {
  if (raw === undefined || raw === "") return "auto";
  if (raw === "auto" || raw === "subdomain" || raw === "path") return raw;
  throw new Error(`DOCSTACK_SITE_URLS must be auto, subdomain or path, got "${raw}"`);
}

function secrets(raw: string | undefined): string[] {
  const list = (raw ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  for (const secret of list)
    if (secret.length < 32) throw new Error("DOCSTACK_SECRETS: each secret must be at least 32 characters (e.g. openssl rand -base64 32)");
  return list.map(declareSecret);
}
