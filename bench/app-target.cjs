// The app benchmark's target, in its own process: Docstack serving the app's build at /app/ and an organization
// with a space of BENCH_APP_PAGES pages (default 5,000: chapters of sections of pages, as content-seed.cjs writes
// them), and a signed-in app session for the runner's browser.
const { fillSpace } = require("./content-seed.cjs");
const { apiCaller, dist, listen, openBenchServices, runTarget } = require("./open.cjs");

const { createApp } = dist("app");
const { startSession } = dist("auth/sessions");

const PAGES = Number(process.env.BENCH_APP_PAGES || 5000);

runTarget(async () => {
  const { services, config, token, organizationId, close } = await openBenchServices("docstack-bench-app-");
  const port = await listen(createApp(services));
  const base = `http://127.0.0.1:${port}`;
  const call = apiCaller(base, token);
  const space = await call("POST", `/v1/orgs/${organizationId}/spaces`, { title: `A space of ${PAGES} pages` });
  await fillSpace(services, { spaceId: space.id, count: PAGES, appBase: `${base}/app` });
  const user = await call("GET", "/v1/user");
  const { secret } = await startSession(services.prisma, user.id, "bench", new Date(), config.sessions);
  return { info: { base, spaceId: space.id, session: secret, pages: PAGES }, close };
});
