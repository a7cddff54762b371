// The system under measurement, in its own process (so the load generator does not
// share its event loop): the full Docstack stack and, beside it, a bare Express
// route that reads the same row with the same Prisma client.
const express = require("express");
const { dist, listen, openBenchServices, runTarget } = require("./open.cjs");

const { createApp } = dist("app");

runTarget(async () => {
  const { services, token, organizationId, close } = await openBenchServices("docstack-bench-");
  const app = createApp(services);
  const full = await listen(app);
  const bareApp = express();
  bareApp.get("/bare/spaces/:spaceId", async (req, res) => {
    const space = await services.prisma.space.findUnique({ where: { id: req.params.spaceId } });
    if (!space) return res.status(404).json({ error: { code: 404, message: "Space not found" } });
    res.json(space);
  });
  const bare = await listen(bareApp);
  const seed = require("./seed.cjs");
  const started = Date.now();
  const fixtures = await seed(services.prisma, { organizationId, rows: Number(process.env.BENCH_ROWS || 1000) });
  // A cursor as the list would give it, deep in the organization's spaces (keyset on id).
  // Seeding leaves garbage behind: collect it so that it does not weigh on the measurements.
  globalThis.gc?.();
  const deepPage = services.cursors.encode(`spaces:${organizationId}`, [fixtures.deepAfterId]);
  const info = {
    full: `http://127.0.0.1:${full}`,
    bare: `http://127.0.0.1:${bare}`,
    token,
    organizationId,
    deepPage,
    seedSeconds: (Date.now() - started) / 1000,
    ...fixtures,
  };
  return { info, close };
});
