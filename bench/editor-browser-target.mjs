// The browser editor benchmark's target, in its own process: Docstack serving the app's build at /app/, a space
// whose one page has BENCH_EDITOR_BLOCKS blocks (default 5,000), a draft change request on it, and a signed-in
// app session for the runner's browser.
import { createRequire } from "node:module";
import { pageOfBlocks } from "./editor-page.mjs";

const require = createRequire(import.meta.url);
const { apiCaller, dist, listen, openBenchServices, runTarget } = require("./open.cjs");
const { createApp } = dist("app");
const { startSession } = dist("auth/sessions");

const BLOCKS = Number(process.env.BENCH_EDITOR_BLOCKS || 5000);

runTarget(async () => {
  const { services, config, token, organizationId, close } = await openBenchServices("docstack-bench-editor-");
  const port = await listen(createApp(services));
  const base = `http://127.0.0.1:${port}`;
  const call = apiCaller(base, token);
  const markdown = pageOfBlocks(BLOCKS);
  const space = await call("POST", `/v1/orgs/${organizationId}/spaces`, { title: "A long page" });
  const seed = await call("POST", `/v1/spaces/${space.id}/change-requests`, { subject: "The page" });
  await call("POST", `/v1/spaces/${space.id}/change-requests/${seed.id}/content`, {
    changes: [{ operation: "insert_page", title: `${BLOCKS} blocks`, document: { markdown } }],
  });
  await call("POST", `/v1/spaces/${space.id}/change-requests/${seed.id}/merge`);
  const [page] = (await call("GET", `/v1/spaces/${space.id}/content/pages`)).pages;
  const draft = await call("POST", `/v1/spaces/${space.id}/change-requests`, { subject: "Edit the long page" });
  const user = await call("GET", "/v1/user");
  const { secret } = await startSession(services.prisma, user.id, "bench", new Date(), config.sessions);
  return {
    info: {
      base,
      session: secret,
      editorPath: `/app/spaces/${space.id}/change-requests/${draft.number}/edit/${page.id}`,
      blocks: BLOCKS,
      markdownKB: Math.round(Buffer.byteLength(markdown) / 1024),
    },
    close,
  };
});
