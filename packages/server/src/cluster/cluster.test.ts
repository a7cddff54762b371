// Three instances and two workers on one PostgreSQL database, started by scripts/cluster.sh (docs/operating.md's
// example), driven round-robin as a load balancer would. Needs PostgreSQL (DATABASE_URL): it runs in the
// suite's PostgreSQL run (`scripts/with-postgres.sh npm test`, CI's second step); the embedded database
// belongs to one process, so there is no cluster to test without it.
import { type ChildProcess, spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Schemas } from "@docstack/contract";
import { gitServer } from "../../test/support/git-server";
import { createDatabase, dropDatabase, testDatabaseUrl } from "../../test/support/postgres";
import { type ServerProcess, serveProcess } from "../../test/support/server-process";
import { createApiToken } from "../auth/tokens";
import { REPO_ROOT } from "../config";
import { type Database, openDatabase } from "../db/database";
import { newId } from "../db/ids";
import { MIGRATION_LOCK } from "../db/migrate";
import { migrationNames } from "../db/schema-engine";

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
const RATE_LIMIT = 100;

interface Process {
  name: string;
  pid: number;
  url?: string;
}

let cluster: ChildProcess;
let processes: Process[] = [];
let database: Database;
let drop: () => Promise<void>;
let organizationId: string;

/** A fresh client address per caller (the instances trust X-Forwarded-For from loopback): budgets per address stay apart. */
let addresses = 0;
async function caller(role: "admin" | "read" = "admin"): Promise<{ userId: string; headers: Record<string, string> }> {
  const userId = newId();
  await database.prisma.user.create({ data: { id: userId, email: `${userId}@example.test`, displayName: "Cluster test" } });
  await database.prisma.member.create({ data: { organizationId, userId, role } });
  const { token } = await createApiToken(database.prisma, userId);
  addresses++;
  return { userId, headers: { Authorization: `Bearer ${token}`, "X-Forwarded-For": `10.9.${addresses >> 8}.${addresses & 255}` } };
}

const instances = () => processes.filter((p) => p.url);
const alive = new Set<number>();

/** One request on a new connection (no keep-alive): an error means the request never reached a server, or was dropped. */
function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: object } = {}) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const body = options.body && JSON.stringify(options.body);
    const req = http.request(
      url,
      { method: options.method ?? "GET", agent: false, headers: { ...options.headers, ...(body ? { "Content-Type": "application/json" } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), headers: res.headers }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function exited(pid: number): Promise<number | null> {
  return new Promise((resolve) => {
    const check = () => {
      try {
        process.kill(pid, 0);
        setTimeout(check, 50);
      } catch {
        resolve(null);
      }
    };
    check();
  });
}

onPostgres("Instances started together on an empty database", () => {
  it("all serve: one applies the migrations while the others wait, and nobody holds the lock afterwards", async () => {
    const name = `docstack_test_empty_${newId()}`;
    const url = await createDatabase(process.env.DATABASE_URL as string, name);
    const started: ServerProcess[] = [];
    try {
      // Started together, each on a port the system picks; each says it serves, or stops and fails the test (the
      // schema engine's own lock gives up after 10 s).
      const starts = await Promise.allSettled([1, 2, 3].map(() => serveProcess({ ...process.env, DATABASE_URL: url, LOG_LEVEL: "warn" })));
      for (const start of starts) if (start.status === "fulfilled") started.push(start.value);
      for (const [i, start] of starts.entries()) if (start.status === "rejected") throw new Error(`instance ${i + 1}: ${start.reason}`);
      for (const instance of started) expect((await request(`${instance.url}/readyz`)).status).toBe(200);
      const check = await openDatabase({ databaseUrl: url, dataDir: "" });
      try {
        const applied = await check.prisma.$queryRaw<{ migration_name: string }[]>`SELECT migration_name FROM _prisma_migrations ORDER BY migration_name`;
        expect(applied.map((row) => row.migration_name)).toEqual(migrationNames());
        // The migration lock only: pg-boss takes advisory locks of its own, briefly, inside its transactions.
        const locks = await check.prisma.$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
          WHERE l.locktype = 'advisory' AND d.datname = ${name} AND ((l.classid::bigint << 32) | l.objid::bigint) = ${MIGRATION_LOCK}::bigint`;
        expect(locks[0]?.n).toBe(0);
      } finally {
        await check.close();
      }
    } finally {
      await Promise.all(started.map((instance) => instance.stop()));
      await dropDatabase(process.env.DATABASE_URL as string, name);
    }
  });
});

onPostgres("Several instances on one PostgreSQL", () => {
  beforeAll(async () => {
    const made = await testDatabaseUrl(process.env.DATABASE_URL as string);
    drop = made.drop;
    database = await openDatabase({ databaseUrl: made.url, dataDir: "" });
    organizationId = newId();
    await database.prisma.organization.create({ data: { id: organizationId, title: "Cluster" } });
    cluster = spawn(path.join(REPO_ROOT, "scripts/cluster.sh"), [], {
      env: {
        ...process.env,
        DATABASE_URL: made.url,
        DOCSTACK_INSTANCES: "3",
        DOCSTACK_WORKERS: "2",
        // Each instance on a port the system picks: the script names it once the instance says it serves.
        DOCSTACK_BASE_PORT: "0",
        DOCSTACK_RATE_LIMIT: String(RATE_LIMIT),
        DOCSTACK_RATE_LIMIT_WINDOW_MS: "3600000",
        DOCSTACK_ALLOW_PRIVATE_FETCH: "true",
        DOCSTACK_SHUTDOWN_TIMEOUT_MS: "10000",
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    await new Promise<void>((resolve, reject) => {
      cluster.on("exit", (code) => reject(new Error(`scripts/cluster.sh exited (${code}): ${output}`)));
      cluster.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
        if (/^ready$/m.test(output)) resolve();
      });
    });
    processes = [...output.matchAll(/^(instance|worker) (\d+) pid (\d+)(?: (\S+))?$/gm)].map(([, kind, n, pid, url]) => ({
      name: `${kind} ${n}`,
      pid: Number(pid),
      ...(url ? { url } : {}),
    }));
    for (const p of processes) alive.add(p.pid);
    expect(processes.map((p) => p.name)).toEqual(["instance 1", "instance 2", "instance 3", "worker 1", "worker 2"]);
  });

  afterAll(async () => {
    if (cluster && cluster.exitCode === null) {
      cluster.kill("SIGTERM");
      await new Promise((resolve) => cluster.once("exit", resolve));
    }
    await database?.close();
    await drop?.();
  });

  it("hold one rate limit across the instances (within 5%), with the same headers", async () => {
    // Windows are fixed (an hour here): a round whose answers name two windows' ends crossed one, and is done again
    // with a new caller, so the count never depends on how fast this machine sends 150 requests.
    for (let round = 1; ; round++) {
      const { headers } = await caller();
      const statuses: number[] = [];
      const windowEnds = new Set<string>();
      for (let i = 0; i < 150; i++) {
        const target = instances()[i % 3] as Process;
        const res = await request(`${target.url}/v1/orgs/${organizationId}`, { headers });
        expect(res.headers["ratelimit-limit"]).toBe(String(RATE_LIMIT));
        windowEnds.add(String(res.headers["x-ratelimit-reset"]));
        statuses.push(res.status);
      }
      if (windowEnds.size > 1 && round < 3) continue;
      expect(windowEnds.size).toBe(1);
      const answered = statuses.filter((s) => s === 200).length;
      const refused = statuses.filter((s) => s === 429).length;
      process.stdout.write(`rate limit ${RATE_LIMIT} across 3 instances: ${answered} answered, ${refused} refused of 150\n`);
      expect(answered + refused).toBe(150);
      expect(Math.abs(answered - RATE_LIMIT)).toBeLessThanOrEqual(RATE_LIMIT * 0.05);
      return;
    }
  });

  it("serve more with more instances (figures printed, for the record)", async () => {
    // Each caller keeps under its rate limit: past 90 requests it is replaced by a new one.
    const measure = async (count: number) => {
      const targets = instances().slice(0, count);
      const until = performance.now() + 3000;
      let done = 0;
      await Promise.all(
        Array.from({ length: 12 }, async (_, loop) => {
          let current = await caller();
          let used = 0;
          for (let i = loop; performance.now() < until; i++) {
            if (used++ === 90) {
              current = await caller();
              used = 1;
            }
            const res = await request(`${(targets[i % count] as Process).url}/v1/orgs/${organizationId}`, { headers: current.headers });
            expect(res.status).toBe(200);
            done++;
          }
        }),
      );
      return Math.round(done / 3);
    };
    const figures = [];
    for (const count of [1, 2, 3]) figures.push(`${count} instance${count > 1 ? "s" : ""}: ${await measure(count)} requests/s`);
    process.stdout.write(`GET /v1/orgs/{id}, 12 clients, new connection per request, on this machine: ${figures.join(", ")}\n`);
  });

  it("refuse at once, on every other instance, a member removed through one", async () => {
    const { headers: admin } = await caller();
    for (let round = 0; round < 10; round++) {
      const member = await caller("read");
      // Each instance has served the member, so each holds who the token belongs to.
      for (const target of instances()) expect((await request(`${target.url}/v1/orgs/${organizationId}`, { headers: member.headers })).status).toBe(200);
      const [first, ...others] = round % 2 ? [...instances()].reverse() : instances();
      const removed = await request(`${first?.url}/v1/orgs/${organizationId}/members/${member.userId}`, { method: "DELETE", headers: admin });
      expect(removed.status).toBeLessThan(300);
      for (const target of others) expect((await request(`${target.url}/v1/orgs/${organizationId}`, { headers: member.headers })).status).toBe(404);
    }
  });

  it("run one Git Sync of a space when every instance receives its push webhook at once", async () => {
    const git = await gitServer();
    try {
      const summary = "# Table of contents\n\n* [Welcome](README.md)\n";
      git.createRepository(
        "cluster",
        new Map([
          ["README.md", Buffer.from("# Welcome\n\nThe start.\n")],
          ["SUMMARY.md", Buffer.from(summary)],
        ]),
      );
      const { headers } = await caller();
      const [one, two, three] = instances() as [Process, Process, Process];
      const created = await request(`${one.url}/v1/orgs/${organizationId}/spaces`, { method: "POST", headers, body: { title: "Synced" } });
      const spaceId = (JSON.parse(created.body) as Schemas["Space"]).id;
      const configured = await request(`${two.url}/v1/spaces/${spaceId}/git/sync`, { method: "PUT", headers, body: { url: git.url("cluster"), ref: "main" } });
      expect(configured.status).toBe(200);
      const secret = (JSON.parse(configured.body) as { webhookSecret: string }).webhookSecret;
      // Until no sync of the space waits or runs (the workers take them), then its row.
      const settled = async () => {
        for (;;) {
          const [row] = await database.prisma.$queryRaw<{ n: number }[]>`
            SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'space-git.continuous' AND singleton_key = ${spaceId} AND state IN ('created', 'retry', 'active')`;
          if (row?.n === 0) return database.prisma.spaceGitSync.findUniqueOrThrow({ where: { spaceId } });
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      };
      expect((await settled()).syncedAt).not.toBeNull();

      const pushed = await git.push("cluster", { "SUMMARY.md": `${summary}* [Usage](usage.md)\n`, "usage.md": "# Usage\n\nUse it.\n" }, "Add usage");
      const event = { ref: "refs/heads/main", after: pushed };
      const signature = `sha256=${createHmac("sha256", secret).update(JSON.stringify(event)).digest("hex")}`;
      const hooks = await Promise.all(
        [one, two, three, one, two, three].map((target) =>
          request(`${target.url}/v1/spaces/${spaceId}/git/sync/hook`, { method: "POST", headers: { "X-Hub-Signature-256": signature }, body: event }),
        ),
      );
      expect(hooks.map((hook) => hook.status)).toEqual([202, 202, 202, 202, 202, 202]);
      const synced = await settled();
      expect(synced).toMatchObject({ commitId: pushed, syncFailures: 0, state: "success" });
      // One import: the first sync's change request and the push's, both merged; the page once; nothing pushed back.
      const requests = await database.prisma.changeRequest.findMany({ where: { spaceId }, select: { status: true } });
      expect(requests.map((cr) => cr.status)).toEqual(["merged", "merged"]);
      const content = await request(`${three.url}/v1/spaces/${spaceId}/content`, { headers });
      const pages = (JSON.parse(content.body) as { pages: { title: string }[] }).pages.map((page) => page.title);
      expect(pages).toEqual(["Welcome", "Usage"]);
      expect(git.git("cluster", "rev-parse", "refs/heads/main")).toBe(pushed);
      const [failed] = await database.prisma.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'space-git.continuous' AND singleton_key = ${spaceId} AND state = 'failed'`;
      expect(failed?.n).toBe(0);
    } finally {
      await git.close();
    }
  });

  it("finish every OpenAPI specification, each with one version, when the worker holding their jobs is killed", async () => {
    // Sources that answer only when released: the workers hold the jobs meanwhile.
    let arrivals = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let saturated!: () => void;
    const busy = new Promise<void>((resolve) => (saturated = resolve));
    const documents = http.createServer((_req, res) => {
      arrivals++;
      if (arrivals === 8) saturated();
      void released.then(() =>
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ openapi: "3.1.0", info: { title: "Held", version: "1" }, paths: {} })),
      );
    });
    await new Promise<void>((resolve) => documents.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;
      const { headers } = await caller();
      const slugs = Array.from({ length: 10 }, (_, i) => `held-${i}`);
      for (const [i, slug] of slugs.entries()) {
        const target = instances()[i % 3] as Process;
        const res = await request(`${target.url}/v1/orgs/${organizationId}/openapi`, {
          method: "POST",
          headers,
          body: { slug, source: { url: `${base}/${slug}.json` } },
        });
        expect(res.status).toBe(201);
      }
      // Two workers, four jobs each at once: both hold four jobs when eight sources were asked for.
      await busy;
      const worker = processes.find((p) => p.name === "worker 1") as Process;
      process.kill(worker.pid, "SIGKILL");
      alive.delete(worker.pid);
      await exited(worker.pid);
      release();
      // Until every specification reached its final state (the killed worker's jobs are retried once their heartbeat stops).
      for (;;) {
        const states = await database.prisma.openApiSpec.findMany({ where: { organizationId, slug: { in: slugs } }, select: { processingState: true } });
        if (states.every((s) => s.processingState === "complete" || s.processingState === "failed")) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const specs = await database.prisma.openApiSpec.findMany({
        where: { organizationId, slug: { in: slugs } },
        include: { _count: { select: { versions: true } } },
      });
      expect(specs.map((s) => [s.slug, s.processingState, s._count.versions]).sort()).toEqual(slugs.map((slug) => [slug, "complete", 1]));
      // The killed worker's four jobs ran again elsewhere.
      expect(arrivals).toBeGreaterThanOrEqual(14);
    } finally {
      release();
      documents.closeAllConnections();
      documents.close();
    }
  });

  it("lose no acknowledged write when an instance is killed, and drop no request in flight when another stops (SIGTERM)", async () => {
    const writers = await Promise.all(Array.from({ length: 6 }, () => caller()));
    const acknowledged: string[] = [];
    const dropped: string[] = [];
    let refusedByStopped = 0;
    const [one, two, three] = instances() as [Process, Process, Process];
    const targets = [one, two, three];
    let n = 0;
    const write = async (headers: Record<string, string>) => {
      const target = targets[n++ % targets.length] as Process;
      try {
        const res = await request(`${target.url}/v1/orgs/${organizationId}/spaces`, { method: "POST", headers, body: { title: `Load ${n}` } });
        // Raw HTTP to the instances (not `h.as`): a dropped or refused connection is what this test counts.
        if (res.status === 201) acknowledged.push((JSON.parse(res.body) as Schemas["Space"]).id);
        else expect(res.status).toBe(201);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // A killed instance loses its connections; one that stops refuses new ones. Neither acknowledged anything.
        if (target === three) return;
        if (target === two && code === "ECONNREFUSED") {
          refusedByStopped++;
          return;
        }
        dropped.push(`${target.url}: ${code ?? String(error)}`);
      }
    };
    const load = Promise.all(
      writers.map(async ({ headers }) => {
        for (let i = 0; i < 60; i++) await write(headers);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    process.kill(three.pid, "SIGKILL");
    alive.delete(three.pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    process.kill(two.pid, "SIGTERM");
    const stopped = exited(two.pid);
    await load;
    await stopped;
    alive.delete(two.pid);
    expect(dropped).toEqual([]);
    const stored = await database.prisma.space.count({ where: { id: { in: acknowledged } } });
    process.stdout.write(
      `writes under SIGKILL and SIGTERM: ${acknowledged.length} acknowledged, all stored: ${stored === acknowledged.length}; ${refusedByStopped} refused by the stopped instance\n`,
    );
    expect(stored).toBe(acknowledged.length);
    expect(acknowledged.length).toBeGreaterThan(100);
  });

  it("serve /metrics as Prometheus text on every live instance", async () => {
    for (const target of instances().filter((p) => alive.has(p.pid))) {
      const res = await request(`${target.url}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
      const samples = res.body.split("\n").filter((line) => line && !line.startsWith("#"));
      for (const line of samples)
        expect(line).toMatch(/^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="([^"\\]|\\.)*",?)*\})? (-?[0-9.]+(e[+-]?[0-9]+)?|NaN|[+-]Inf)$/);
      for (const name of [
        "docstack_http_requests_total",
        "docstack_http_request_duration_seconds_bucket",
        "docstack_http_rate_limited_total",
        "docstack_job_queue_jobs",
        "docstack_db_pool_connections",
      ]) {
        expect(samples.some((line) => line.startsWith(name))).toBe(true);
      }
    }
  });
});
