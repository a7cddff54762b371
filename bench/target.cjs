// The system under measurement, in its own process (so the load generator does not
// share its event loop): the full Docstack stack and, beside it, a bare Express
// route that reads the same row with the same Prisma client. It holds either tables of
// `BENCH_ROWS` rows (seed.cjs) or, with `BENCH_CONTENT_SIZES`, spaces of those sizes
// in pages (content-seed.cjs).
const express = require("express");
const { dist, listen, openBenchServices, runTarget } = require("./open.cjs");

const { createServingApp } = dist("app");

/** One space per size (rows as the API creates them), its pages written through the storage layer. */
async function seedContent(services, base, organizationId, sizes) {
  const { fillSpace } = require("./content-seed.cjs");
  const { createEmptyRevision } = dist("content/store/revisions");
  const { newId } = dist("db/ids");
  const spaces = [];
  for (const [position, count] of sizes.entries()) {
    const [spaceId, revisionId] = [newId(), newId()];
    await services.prisma.$transaction(async (tx) => {
      await tx.space.create({ data: { id: spaceId, organizationId, title: `${count} pages`, position, revisionId, searchRevisionId: revisionId } });
      await createEmptyRevision(tx, spaceId, revisionId);
    });
    spaces.push({ count, ...(await fillSpace(services, { spaceId, count, appBase: base })) });
  }
  await services.prisma.$executeRawUnsafe("VACUUM ANALYZE");
  return { spaceId: spaces[0].spaceId, contentSpaces: spaces };
}

runTarget(async () => {
  const { services, token, organizationId, close } = await openBenchServices("docstack-bench-");
  // Jobs worked in the target, as `serve` does (the webhooks part: its deliveries).
  if (process.env.BENCH_WORK_JOBS) await services.jobs.work(services);
  // The app as `serve` runs it, its contract validation prepared once it is up (src/server.ts).
  const { app, validation } = createServingApp(services);
  const full = await listen(app);
  await validation.prepare();
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
  // Seeding leaves garbage behind: collect it so that it does not weigh on the measurements.
  globalThis.gc?.();
  const info = {
    full: `http://127.0.0.1:${full}`,
    bare: `http://127.0.0.1:${bare}`,
    token,
    organizationId,
    seedSeconds: (Date.now() - started) / 1000,
    ...fixtures,
  };
  // A cursor as the list would give it, deep in the organization's spaces (keyset on id).
  if (fixtures.deepAfterId) {
    const { listScope } = dist("http/lists");
    info.deepPage = services.cursors.encode(
      listScope("listOrganizationSpaces", { organizationId }, () => ""),
      [fixtures.deepAfterId],
    );
  }
  return { info, close };
});
