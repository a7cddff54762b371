// The system under measurement, in its own process (so the load generator does not
// share its event loop): the full Docstack stack and, beside it, a bare Express
// route that reads the same row with the same Prisma client.
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const http = require("node:http");
const express = require("express");

const server = path.dirname(require.resolve("@docstack/server/package.json"));
const { loadConfig } = require(path.join(server, "dist/config"));
const { openServices } = require(path.join(server, "dist/services"));
const { createApp } = require(path.join(server, "dist/app"));
const { bootstrap } = require(path.join(server, "dist/bootstrap"));

function listen(app) {
  return new Promise((resolve) => {
    const s = http.createServer(app).listen(0, "127.0.0.1", () => resolve(s.address().port));
  });
}

/** One space per size (rows as the API creates them), its pages written through the storage layer. */
async function seedContent(services, base, organizationId, sizes) {
  const { fillSpace } = require("./content-seed.cjs");
  const { createEmptyRevision } = require(path.join(server, "dist/content/revisions"));
  const { newId } = require(path.join(server, "dist/db/ids"));
  const spaces = [];
  for (const [position, count] of sizes.entries()) {
    const [spaceId, revisionId] = [newId(), newId()];
    await services.prisma.$transaction(async (tx) => {
      await tx.space.create({ data: { id: spaceId, organizationId, title: `${count} pages`, position, revisionId } });
      await createEmptyRevision(tx, spaceId, revisionId);
    });
    spaces.push({ count, ...(await fillSpace(services, { spaceId, revisionId, count, appBase: base })) });
  }
  await services.prisma.$executeRawUnsafe("VACUUM ANALYZE");
  return { spaceId: spaces[0].spaceId, contentSpaces: spaces };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-bench-"));
  const config = {
    ...loadConfig({ ...process.env, NODE_ENV: "production" }),
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: path.join(dataDir, "db"),
    rateLimit: { max: 0, windowMs: 60000 },
    logLevel: "info",
  };
  // Production logging, to a sink: its cost is part of the full stack.
  const { services, database } = await openServices(config);
  const pino = require(require.resolve("pino", { paths: [server] }));
  services.logger = pino({ level: "info" }, fs.createWriteStream("/dev/null"));
  const { token, organizationId } = await bootstrap(services.prisma);
  const app = createApp(services);
  const full = await listen(app);
  const bareApp = express();
  bareApp.get("/bare/spaces/:spaceId", async (req, res) => {
    const space = await services.prisma.space.findUnique({ where: { id: req.params.spaceId } });
    if (!space) return res.status(404).json({ error: { code: 404, message: "Space not found" } });
    res.json(space);
  });
  const bare = await listen(bareApp);
  const started = Date.now();
  const fixtures = process.env.BENCH_CONTENT_SIZES
    ? await seedContent(services, `http://127.0.0.1:${full}`, organizationId, process.env.BENCH_CONTENT_SIZES.split(",").map(Number))
    : await require("./seed.cjs")(services.prisma, { organizationId, rows: Number(process.env.BENCH_ROWS || 1000) });
  // A cursor as the list would give it, deep in the organization's spaces (keyset on id).
  // Seeding leaves garbage behind: collect it so that it does not weigh on the measurements.
  globalThis.gc?.();
  const deepPage = services.cursors.encode(`spaces:${organizationId}`, [fixtures.deepAfterId]);
  process.send({
    full: `http://127.0.0.1:${full}`,
    bare: `http://127.0.0.1:${bare}`,
    token,
    organizationId,
    deepPage,
    seedSeconds: (Date.now() - started) / 1000,
    ...fixtures,
  });
  process.on("message", async (message) => {
    if (message === "stop") {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
