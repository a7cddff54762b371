// Serving: the HTTP server and the job workers, and stopping them cleanly (SIGTERM).
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { createServingApp } from "./app";
import type { Config } from "./config";
import type { Database } from "./db/database";
import type { EmbeddedStart } from "./db/embedded-start";
import type { Services } from "./http/context";
import type { ContractValidation } from "./pipeline/validator";
import { openServices } from "./wiring/services";

/**
 * How long an idle keep-alive connection stays open (Node's default is 5 s). Above the idle
 * timeout of load balancers and proxies (60 s for most), so the server never closes a connection
 * at the moment one of them, or a client whose timers ran late, sends the next request on it
 * (which fails as "other side closed").
 */
const KEEP_ALIVE_MS = 65_000;

/** While draining, how long idle connections stay open for requests already sent on them. */
const DRAIN_GRACE_MS = 500;

/** How often the request and headers timeouts are checked: a quarter of the shorter bound, at most a second. */
function checkingInterval({ requestTimeoutMs, headersTimeoutMs }: RequestTimeouts): number {
  const bounds = [requestTimeoutMs, headersTimeoutMs].filter((ms) => ms > 0);
  return Math.max(50, Math.min(1000, ...bounds.map((ms) => Math.floor(ms / 4))));
}

type RequestTimeouts = Pick<Config, "requestTimeoutMs" | "headersTimeoutMs">;

/**
 * The HTTP server of an app, with the keep-alive and request timeouts production needs: a client sending its
 * request slowly (a byte at a time) is answered 408 and cut once the bound is past. The timers run only while a
 * request is being received: an idle keep-alive connection is kept `KEEP_ALIVE_MS` whatever they are.
 */
export function createHttpServer(app: http.RequestListener, timeouts: RequestTimeouts): http.Server {
  const server = http.createServer(
    { requestTimeout: timeouts.requestTimeoutMs, headersTimeout: timeouts.headersTimeoutMs, connectionsCheckingInterval: checkingInterval(timeouts) },
    app,
  );
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  return server;
}

export interface RunningServer {
  /** Undefined for a worker (no HTTP). */
  url: string | undefined;
  services: Services;
  database: Database;
  /**
   * Drains and stops: /readyz fails at once, no new connection is accepted, requests in flight
   * finish (idle keep-alive connections are closed, busy ones once their response is sent), the
   * running jobs finish their step, then the database closes. Connections still busy after
   * `timeoutMs` are cut.
   */
  close(timeoutMs?: number): Promise<void>;
}

export interface ServeOptions {
  /** Serve HTTP (`worker` does not). */
  http: boolean;
  /** Work the job queue (`serve --no-worker` does not). */
  work: boolean;
  /** The embedded database's start, begun before the app's modules loaded (cli/main.ts). */
  embedded?: EmbeddedStart | undefined;
}

export async function startServer(config: Config, options: ServeOptions = { http: true, work: true }): Promise<RunningServer> {
  // The job queue (pg-boss: a second of the start) opens once the server listens: requests are answered meanwhile.
  const { database, services } = await openServices(config, { lazyJobs: true, embedded: options.embedded });
  if (options.http && !services.mailer.enabled) {
    services.logger.warn(
      "e-mail is off (DOCSTACK_SMTP_URL is not set): invitations add people but send nothing, and signing in by e-mail is not possible; `npm run docstack -- token create --email <e-mail>` makes tokens",
    );
  }
  let accepting = true;
  let server: http.Server | undefined;
  let validation: ContractValidation | undefined;
  try {
    services.metrics.collectProcessMetrics();
    // The server listens first, then the workers register (and pg-boss parses the schedules): requests are
    // answered meanwhile (the queues exist already, so a job sent before its worker registers waits for it).
    if (options.http) {
      const serving = createServingApp(services, { accepting: () => accepting });
      validation = serving.validation;
      const listening = createHttpServer(serving.app, config);
      server = listening;
      await new Promise<void>((resolve, reject) => {
        listening.once("error", reject);
        listening.listen(config.port, resolve);
      });
    }
    await services.jobs.ready();
    if (options.work) {
      await services.jobs.work(services);
      // Polls (the Git poll) start with the process, not at their schedule's next occurrence.
      await services.jobs.runAtStart();
    }
    // Started: the contract's validation is prepared now, in steps, rather than by the first write, which held other
    // requests meanwhile (a start that only answers /healthz or sites pays it too, after it is up).
    void validation?.prepare();
  } catch (error) {
    if (server?.listening) await new Promise((resolve) => server!.close(resolve));
    await database.close();
    throw error;
  }
  const port = server ? (server.address() as AddressInfo).port : undefined;
  return {
    url: port === undefined ? undefined : `http://localhost:${port}`,
    services,
    database,
    async close(timeoutMs = 25_000) {
      accepting = false;
      const deadline = setTimeout(() => server?.closeAllConnections(), timeoutMs);
      // The running jobs finish their step meanwhile (workers take no new job).
      const jobsStopped = services.jobs.stop(timeoutMs);
      try {
        if (server) {
          // net.Server's close: stops accepting, unlike http.Server's, without closing idle connections at
          // once (one just accepted may carry a request already sent).
          const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
          // A request arriving on a kept-alive connection meanwhile is answered, with the connection closed after it
          // (set before the app sees the request: it may answer at once).
          server.prependListener("request", (_req, res: http.ServerResponse) => res.setHeader("Connection", "close"));
          // Then idle connections are closed (busy ones once their response is sent), after a moment for
          // requests already on their way over accepted connections to arrive: those are answered.
          let sweep: NodeJS.Timeout | undefined;
          const grace = setTimeout(() => {
            sweep = setInterval(() => server?.closeIdleConnections(), 50);
          }, DRAIN_GRACE_MS);
          await closed.finally(() => {
            clearTimeout(grace);
            clearInterval(sweep);
          });
        }
      } finally {
        clearTimeout(deadline);
      }
      await jobsStopped;
      await services.mailer.settled();
      await database.close();
    },
  };
}
