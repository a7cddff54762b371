// The command line's commands. Those touching the database open it, migrate it
// and close it; with the embedded database they refuse, changing nothing, while a
// server holds it (see db/lock.ts).

import { createApiToken, revokeApiToken } from "../auth/tokens";
import { bootstrap, isEmpty } from "../bootstrap";
import type { Config } from "../config";
import type { EmbeddedStart } from "../db/embedded-start";
import type { Services } from "../http/context";
import { type ServeOptions, startServer } from "../server";
import { openServices } from "../wiring/services";
import { coverage, formatCoverage } from "./coverage";

interface Command {
  summary: string;
  usage: string;
  /** `embedded`: the embedded database's start, begun before this module loaded (main.ts, for the serving commands). */
  run(args: string[], config: Config, embedded?: EmbeddedStart): Promise<number>;
}

function flag(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

async function withServices<T>(config: Config, work: (services: Services) => Promise<T>): Promise<T> {
  const { database, services } = await openServices({ ...config, logLevel: "warn" });
  try {
    return await work(services);
  } finally {
    await database.close();
  }
}

/** Serves (and/or works jobs) until SIGTERM or SIGINT, then drains within `DOCSTACK_SHUTDOWN_TIMEOUT_MS`. */
async function serve(config: Config, options: { bootstrapIfEmpty: boolean } & ServeOptions): Promise<number> {
  // Listened for before the start: a SIGTERM meanwhile (a deploy cancelled, a profiled start) stops the server once
  // it has started, closing the database cleanly, instead of ending the process wherever it was.
  const stopped = new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
  const server = await startServer(config, options);
  const { prisma } = server.services;
  if (options.bootstrapIfEmpty && (await isEmpty(prisma))) {
    const first = await bootstrap(prisma);
    process.stdout.write(
      `${[
        "",
        "Docstack is ready. An organization, an admin user and an API token were created:",
        `  organization  ${first.organizationId}`,
        `  API token     ${first.token}`,
        "This token is shown once; keep it. Try:",
        `  curl -H "Authorization: Bearer ${first.token}" ${server.url}/v1/orgs`,
        "",
      ].join("\n")}\n`,
    );
  }
  const startedIn = `started in ${Math.round(process.uptime() * 1000)} ms`;
  process.stdout.write(
    server.url
      ? `Docstack serves on ${server.url} (API reference: ${server.url}/docs; ${startedIn})${options.work ? "" : ", jobs left to workers"}\n`
      : `Docstack works the job queue (no HTTP; ${startedIn})\n`,
  );
  await stopped;
  process.stdout.write("Stopping: finishing requests in flight and running jobs\n");
  // Past the bound (and a margin for closing the database), the process ends anyway.
  setTimeout(() => process.exit(1), config.shutdownTimeoutMs + 10_000).unref();
  await server.close(config.shutdownTimeoutMs);
  return 0;
}

export const commands: Record<string, Command> = {
  start: {
    summary: "migrate, create the first admin and token on an empty database, and serve",
    usage: "start",
    run: (_args, config, embedded) => serve(config, { bootstrapIfEmpty: true, http: true, work: true, embedded }),
  },
  serve: {
    summary: "migrate, serve and work the job queue (--no-worker: serve only)",
    usage: "serve [--no-worker]",
    run: (args, config, embedded) => serve(config, { bootstrapIfEmpty: false, http: true, work: !args.includes("--no-worker"), embedded }),
  },
  worker: {
    summary: "work the job queue only (no HTTP)",
    usage: "worker",
    run: (_args, config, embedded) => serve(config, { bootstrapIfEmpty: false, http: false, work: true, embedded }),
  },
  migrate: {
    summary: "apply the committed migrations",
    usage: "migrate",
    // Opening the services applies them.
    run: (_args, config) => withServices(config, async () => 0),
  },
  bootstrap: {
    summary: "create an organization, admin and token (or a fresh token for the first admin)",
    usage: "bootstrap [--json]",
    run: (args, config) =>
      withServices(config, async ({ prisma }) => {
        const result = await bootstrap(prisma);
        const line = { organizationId: result.organizationId, userId: result.userId, token: result.token };
        process.stdout.write(
          args.includes("--json") ? `${JSON.stringify(line)}\n` : `organization ${line.organizationId}\nuser ${line.userId}\ntoken ${line.token}\n`,
        );
        return 0;
      }),
  },
  token: {
    summary: "create a token for a user (token create --email <e-mail> [--label <label>] [--json]), or revoke one (token revoke <id>)",
    usage: "token create --email <e-mail> [--label <label>] [--json] | token revoke <token-id>",
    run: (args, config) =>
      withServices(config, async ({ prisma, clock }) => {
        const [action] = args;
        if (action === "create") {
          const email = flag(args, "--email");
          if (!email) throw new Error("token create needs --email <e-mail>");
          const user = await prisma.user.findUnique({ where: { email } });
          if (!user) throw new Error(`No user has the e-mail ${email}`);
          const { id, token } = await createApiToken(prisma, user.id, { label: flag(args, "--label") });
          process.stdout.write(args.includes("--json") ? `${JSON.stringify({ id, userId: user.id, token })}\n` : `token ${token}\nid ${id}\n`);
          return 0;
        }
        if (action === "revoke" && args[1]) {
          if (!(await revokeApiToken(prisma, args[1], clock.now()))) throw new Error(`No active token has the ID ${args[1]}`);
          process.stdout.write(`revoked ${args[1]}\n`);
          return 0;
        }
        throw new Error(`Usage: docstack ${commands.token!.usage}`);
      }),
  },
  coverage: {
    summary: "print, per area, the operations implemented over those in the contract",
    usage: "coverage [--json]",
    run: async (args) => {
      const rows = coverage();
      process.stdout.write(args.includes("--json") ? `${JSON.stringify(rows)}\n` : formatCoverage(rows));
      return 0;
    },
  },
  "migration:create": {
    summary: "(development) write a migration from changes to prisma/schema.prisma",
    usage: "migration:create <name>",
    run: async (args) => {
      // A development command: PGlite and its adapter are not loaded by every other command.
      const { createMigration } = await import("../db/create-migration.js");
      const created = await createMigration(args[0] ?? "");
      process.stdout.write(created ? `created ${created}\n` : "The schema and the migrations agree: nothing to create.\n");
      return 0;
    },
  },
};

/** @public (main.ts requires this module once the embedded database's start is under way: knip does not see it) */
export function usage(): string {
  const lines = Object.entries(commands).map(([_name, command]) => `  ${command.usage.padEnd(40)} ${command.summary}`);
  return `Usage: docstack <command>\n\n${lines.join("\n")}\n`;
}
