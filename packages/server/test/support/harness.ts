// The test harness: the real app over a real database, a clock tests control, and
// helpers that create users, tokens and organizations directly in the database. The app
// logs at the most verbose level into `logs`; closing the harness fails when any line
// holds a secret the server made during the run (see secrets.ts).
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import type { paths } from "@docstack/contract";
import type { Express } from "express";
import createClient from "openapi-fetch";
import pino from "pino";
import supertest from "supertest";
import type TestAgent from "supertest/lib/agent";
import { type AppOptions, createApp } from "../../src/app";
import { createApiToken } from "../../src/auth/tokens";
import { ManualClock } from "../../src/clock";
import { type Config, loadConfig } from "../../src/config";
import { type Database, openDatabase } from "../../src/db/database";
import { newId } from "../../src/db/ids";
import type { Services } from "../../src/http/context";
import type { ImportRunDeps } from "../../src/imports/types";
import type { Role } from "../../src/policy/roles";
import { onSecret } from "../../src/secrets";
import { createHttpServer } from "../../src/server";
import { openServices } from "../../src/wiring/services";
import type { ApiClient } from "./client";
import type { ValidationAccess } from "./environment";
import { testDatabaseUrl } from "./postgres";
import { leaseWorkerDatabase } from "./worker-database";

export { type ApiClient, answered, at, refused, untyped } from "./client";

export interface TestUser {
  id: string;
  email: string;
  token: string;
  tokenId: string;
  /** The Authorization header value. */
  auth: string;
}

export interface Harness {
  api: TestAgent;
  /**
   * Another app on the harness's services (a server of its own, another instance), validating through the worker's
   * prepared contract validation unless it brings its own document.
   */
  createApp(options?: AppOptions): Express;
  /** The typed client sending requests as `user` (their token) to the app, listening on 127.0.0.1. */
  as(user: Pick<TestUser, "token">): ApiClient;
  services: Services;
  clock: ManualClock;
  database: Database;
  config: Config;
  /** A user with a token, member of the given organizations with the given roles. */
  user(memberships?: Record<string, Role | null>): Promise<TestUser>;
  /** A new organization with an admin; more members with `member(org, role)`. */
  organization(title?: string): Promise<{ id: string; admin: TestUser }>;
  member(organizationId: string, role: Role | null): Promise<TestUser>;
  /**
   * Writes to the database directly (not through the API), then waits as a write through the API does
   * before it answers: until every instance has dropped what it cached from before. On PostgreSQL the
   * change's notification reaches the server on another connection a moment after the commit, so a
   * request sent right after a bare write may still be served from the cache.
   */
  direct<T>(write: (prisma: Services["prisma"]) => Promise<T>): Promise<T>;
  /**
   * Sets the hook every import run awaits once in progress, before it reads its source (undefined: none, as in
   * production): a test holds a run there to act on it while it runs (the gates cancel their fixture run).
   */
  beforeImportRun(hook: ((runId: string) => Promise<void>) | undefined): void;
  /** Every line the app logged (JSON), at the most verbose level. */
  logs: readonly string[];
  /** The migrations its database applied on opening: none, as it starts from the migrated template (test/harness.test.ts). */
  migrationsApplied: readonly string[];
  /** Every secret the server made or handed out since the harness was created. */
  secrets: ReadonlySet<string>;
  /** Closes the database; fails when a log line holds a secret. */
  close(): Promise<void>;
}

/**
 * Whether the text holds the secret. A secret of digits alone (a sign-in code) counts only where
 * it is not part of a longer number: its 8 digits inside a timestamp are another value.
 */
function holds(text: string, secret: string): boolean {
  if (!/^\d+$/.test(secret)) return text.includes(secret);
  return new RegExp(`(?<!\\d)${secret}(?!\\d)`).test(text);
}

/** Requests to the harness's app as a user (their token in `Authorization`); `h.as(user)` is the typed way. */
export function requestsAs(h: Pick<Harness, "api">, user: Pick<TestUser, "auth">) {
  return {
    get: (url: string) => h.api.get(url).set("Authorization", user.auth),
    post: (url: string, body: object = {}) => h.api.post(url).set("Authorization", user.auth).send(body),
    patch: (url: string, body: object) => h.api.patch(url).set("Authorization", user.auth).send(body),
    put: (url: string, body: object) => h.api.put(url).set("Authorization", user.auth).send(body),
    delete: (url: string) => h.api.delete(url).set("Authorization", user.auth),
  };
}

/** The first log line holding one of the secrets, the secret masked; undefined when none does. */
export function secretInLogs(logs: readonly string[], secrets: Iterable<string>): string | undefined {
  const all = logs.join("\n");
  for (const secret of secrets) {
    if (!holds(all, secret)) continue;
    const line = logs.find((l) => holds(l, secret)) ?? "";
    return `a log line holds the secret ${secret.slice(0, 6)}…: ${line.replaceAll(secret, "<the secret>").slice(0, 800)}`;
  }
  return undefined;
}

/** The test database, recording what it migrates on opening (nothing, when the template is current). */
async function testDatabase(migrationsApplied: string[]): Promise<Database> {
  const database = await openTestDatabase();
  return {
    ...database,
    migrate: async (onWait) => {
      const applied = await database.migrate(onWait);
      migrationsApplied.push(...applied);
      return applied;
    },
  };
}

/** The database every harness of this run opens: DATABASE_URL's PostgreSQL server when set, else the embedded one. */
export function harnessDatabase(): "postgresql" | "embedded" {
  return process.env.DATABASE_URL ? "postgresql" : "embedded";
}

async function openTestDatabase(): Promise<Database> {
  if (harnessDatabase() === "postgresql") {
    const { url, drop } = await testDatabaseUrl(process.env.DATABASE_URL as string);
    const database = await openDatabase({ databaseUrl: url, dataDir: "" });
    return {
      ...database,
      close: async () => {
        await database.close();
        await drop();
      },
    };
  }
  // The jest worker's embedded database, put back as the template left it (embedded-pool.ts).
  const lease = await leaseWorkerDatabase();
  const database = await openDatabase({ dataDir: "memory://", pglite: lease.pglite });
  return {
    ...database,
    close: async () => {
      await database.close();
      await lease.release();
    },
  };
}

export async function createHarness(overrides: Partial<Config> = {}): Promise<Harness> {
  const config: Config = { ...loadConfig({ NODE_ENV: "test" }), validateResponses: true, logLevel: "silent", ...overrides };
  const clock = new ManualClock(new Date());
  const secrets = new Set<string>();
  const stopRecording = onSecret((secret) => secrets.add(secret));
  const migrationsApplied: string[] = [];
  const { database, services } = await openServices(config, { clock, database: await testDatabase(migrationsApplied) });
  // The test's process works the job queue, as `serve` does.
  await services.jobs.work(services);
  const logs: string[] = [];
  const capture = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  // No redaction of its own: keeping secrets out of the logs must be the app's doing.
  services.logger = pino({ level: "trace" }, capture);
  // The worker's prepared validation (environment.ts), shared by every file's apps; its own where there is none.
  const validation = (globalThis as { __docstackValidation?: ValidationAccess }).__docstackValidation;
  const anotherApp = (options: AppOptions = {}) =>
    createApp(services, { ...(options.document ? {} : { contractValidator: validation?.contractValidator(config.validateResponses) }), ...options });
  const app = anotherApp();
  const { prisma } = services;
  // One server on loopback for the harness's requests, supertest's and the typed clients' alike, as production serves (its
  // keep-alive outlasts a client's idle connection: Node's 5 s default reset connections the client reused after a slow
  // request, "fetch failed: ECONNRESET" on a busy machine). Given the bare app, supertest listened and closed a server of
  // its own around every request (1.3 s of the fuzz gate's CPU went to listening alone).
  const server = createHttpServer(app, config);
  const { port } = await new Promise<AddressInfo>((resolve) => server.listen(0, "127.0.0.1", () => resolve(server.address() as AddressInfo)));
  const api = supertest(server);
  const as: Harness["as"] = (user) =>
    createClient<paths>({
      baseUrl: "http://docstack.test",
      headers: { Authorization: `Bearer ${user.token}` },
      fetch: async (request) => {
        const url = new URL(request.url);
        const body = request.body ? await request.arrayBuffer() : undefined;
        return fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body });
      },
    });

  const user: Harness["user"] = async (memberships = {}) => {
    const id = newId();
    const email = `${id}@example.test`;
    await prisma.user.create({ data: { id, email, displayName: `User ${id.slice(-6)}` } });
    for (const [organizationId, role] of Object.entries(memberships)) {
      await prisma.member.create({ data: { organizationId, userId: id, role } });
    }
    const { id: tokenId, token } = await createApiToken(prisma, id);
    return { id, email, token, tokenId, auth: `Bearer ${token}` };
  };
  const organization: Harness["organization"] = async (title = "Test organization") => {
    const id = newId();
    await prisma.organization.create({ data: { id, title } });
    return { id, admin: await user({ [id]: "admin" }) };
  };
  return {
    api,
    createApp: anotherApp,
    services,
    clock,
    database,
    config,
    user,
    organization,
    member: (organizationId, role) => user({ [organizationId]: role }),
    direct: async (write) => {
      const result = await write(prisma);
      await services.changes.writeCommitted();
      return result;
    },
    beforeImportRun: (hook) => {
      const deps = services as ImportRunDeps;
      if (hook) deps.beforeImportRun = hook;
      else delete deps.beforeImportRun;
    },
    logs,
    migrationsApplied,
    secrets,
    as,
    close: async () => {
      stopRecording();
      server.closeAllConnections(); // keep-alive connections would hold the close
      await new Promise((resolve) => server.close(resolve));
      await database.close();
      const leaked = secretInLogs(logs, secrets);
      if (leaked) throw new Error(`Secrets reached the logs: ${leaked}`);
    },
  };
}

/**
 * The harness of a test file: created before its tests, closed after them. Usable at
 * the top of the file (`const h = useHarness()`); its members are there once tests run.
 * Overrides may be a function, read when the harness is made (after earlier hooks ran:
 * an inbox's URL, for instance).
 */
export function useHarness(overrides: Partial<Config> | (() => Partial<Config>) = {}): Harness {
  let current: Harness | undefined;
  // Opening a database takes a few seconds, many more on a loaded machine: more than a test's 30 s is allowed. A worker's
  // first file also starts its PGlite and loads the template's dump, which took over 120 s with the 2 cores at load 30.
  beforeAll(async () => {
    current = await createHarness(typeof overrides === "function" ? overrides() : overrides);
  }, 300_000);
  afterAll(() => current?.close());
  return new Proxy({} as Harness, {
    get(_target, property) {
      if (!current) throw new Error("The harness is created in beforeAll: use it inside tests and hooks");
      return Reflect.get(current, property);
    },
  });
}
