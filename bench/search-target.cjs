// The search benchmark's target, in its own process: Docstack serving spaces of generated
// pages (BENCH_SEARCH_SIZES pages each, 1,000 and 10,000 by default) with the fixture's
// answer pages among them.
const { fillSpace } = require("./content-seed.cjs");
const { dist, listen, openBenchServices, runTarget } = require("./open.cjs");
const { ANSWERS } = require("./search-fixture.cjs");

const { createApp } = dist("app");

const SIZES = (process.env.BENCH_SEARCH_SIZES || "1000,10000").split(",").map(Number);

runTarget(async () => {
  const { services, token, organizationId, close } = await openBenchServices("docstack-bench-search-");
  const port = await listen(createApp(services));
  const base = `http://127.0.0.1:${port}`;
  const spaces = [];
  for (const count of SIZES) {
    const res = await fetch(`${base}/v1/orgs/${organizationId}/spaces`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ title: `Search ${count}` }),
    });
    const { id } = await res.json();
    const extra = ANSWERS.map((answer) => ({ title: answer.title, markdown: answer.body }));
    await fillSpace(services, { spaceId: id, count, appBase: base, extra });
    spaces.push({ count, spaceId: id });
  }
  // As the server does hourly on the embedded database (and autovacuum on PostgreSQL): current statistics.
  await services.prisma.$executeRawUnsafe("ANALYZE");
  return { info: { base, token, spaces }, close };
});
