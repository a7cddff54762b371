// Webhooks' figures (part of `npm run bench`, `BENCH_ONLY=webhooks`): the p99 of a one-page merge with
// one webhook subscribed to every event against none (the same space, the webhook turned on and off
// between rounds, measured in alternation; goal ≤ 1.2), and deliveries per second to a receiver on
// 127.0.0.1 (a merge of BENCH_WEBHOOK_BURST new pages, 500 by default, a multiple of 50: one page.created each).
// BENCH_WEBHOOK_MERGES: the fewest merges of each kind (20). Writes results/webhooks.json.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { client, timedMerge } from "./content.mjs";
import { DURATION, percentile, ratio, startTarget } from "./lib.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const GOAL = 1.2;
const PER_ROUND = 5;
const BURST = Number(process.env.BENCH_WEBHOOK_BURST || 500);
const MERGES = Number(process.env.BENCH_WEBHOOK_MERGES || 20);

/** A receiver answering 204 to every delivery; `received` counts them. */
async function receiver() {
  const state = { received: 0, last: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      state.received++;
      state.last = performance.now();
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { state, url: `http://127.0.0.1:${server.address().port}/hook`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Until the receiver has `count` deliveries (polling; the figures do not depend on the poll). */
async function waitFor(state, count, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (state.received < count) {
    if (Date.now() > deadline) throw new Error(`only ${state.received} of ${count} deliveries arrived`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function main() {
  const hook = await receiver();
  const { child, info } = await startTarget({
    BENCH_CONTENT_SIZES: "100",
    BENCH_WORK_JOBS: "1",
    DOCSTACK_ALLOW_PRIVATE_FETCH: "true",
    DOCSTACK_WEBHOOK_RETRY_BASE_MS: "100",
  });
  try {
    const call = client(info.full, info.token);
    const space = info.contentSpaces[0];
    const webhook = await call("POST", `/v1/orgs/${info.organizationId}/webhooks`, { url: hook.url, events: ["*"] });
    const setActive = (active) => call("PATCH", `/v1/orgs/${info.organizationId}/webhooks/${webhook.id}`, { active });

    // Merges with the webhook on and off, in alternation, for the scenario's duration each (at least MERGES each).
    const times = { with: [], without: [] };
    const until = Date.now() + DURATION * 1000 * 2;
    for (let i = 0; times.with.length < MERGES || Date.now() < until; i++) {
      for (const mode of ["with", "without"]) {
        await setActive(mode === "with");
        for (let k = 0; k < PER_ROUND; k++) times[mode].push(await timedMerge(call, space, i * 2 * PER_ROUND + (mode === "with" ? 0 : PER_ROUND) + k));
      }
    }
    await setActive(true);
    // What the merges sent, delivered, before the burst is timed.
    const deliveries = async () => {
      let total = 0;
      let page;
      do {
        const list = await call("GET", `/v1/orgs/${info.organizationId}/webhooks/${webhook.id}/deliveries?limit=1000${page ? `&page=${page}` : ""}`);
        total += list.items.filter((d) => d.status === "delivered").length;
        page = list.next?.page;
      } while (page);
      return total;
    };
    const expected = (await call("GET", `/v1/orgs/${info.organizationId}/webhooks/${webhook.id}/deliveries?limit=1`)).count;
    await waitFor(hook.state, expected).catch(async (error) => {
      const log = await call("GET", `/v1/orgs/${info.organizationId}/webhooks/${webhook.id}/deliveries?limit=5`);
      console.error(JSON.stringify(log.items), JSON.stringify(await call("GET", `/v1/orgs/${info.organizationId}/webhooks/${webhook.id}`)));
      throw error;
    });

    // The burst: one merge inserting BURST pages, one page.created each (and the change request's two events).
    const before = hook.state.received;
    const cr = await call("POST", `/v1/spaces/${space.spaceId}/change-requests`, { subject: "Burst" });
    // Writes take 50 changes at most.
    for (let from = 0; from < BURST; from += 50) {
      const changes = Array.from({ length: 50 }, (_, i) => ({
        operation: "insert_page",
        title: `Burst ${from + i}`,
        document: { markdown: `Page ${from + i}` },
      }));
      await call("POST", `/v1/spaces/${space.spaceId}/change-requests/${cr.id}/content`, { changes });
    }
    const started = performance.now();
    await call("POST", `/v1/spaces/${space.spaceId}/change-requests/${cr.id}/merge`);
    await waitFor(hook.state, before + BURST + 2);
    const seconds = (hook.state.last - started) / 1000;
    const delivered = await deliveries();

    for (const mode of ["with", "without"]) times[mode].sort((x, y) => x - y);
    const row = (mode) => ({
      merges: times[mode].length,
      p50ms: Number(percentile(times[mode], 50).toFixed(1)),
      p99ms: Number(percentile(times[mode], 99).toFixed(1)),
    });
    const result = {
      mergeWithWebhook: row("with"),
      mergeWithoutWebhook: row("without"),
      mergeP99WithToWithout: ratio(percentile(times.with, 99), percentile(times.without, 99)),
      goal: GOAL,
      // The merge's own: one page.created per page and change_request.merged (change_request.created went out before).
      burst: { deliveries: BURST + 1, seconds: Number(seconds.toFixed(2)), deliveriesPerSecond: Math.round((BURST + 1) / seconds) },
      deliveredInAll: delivered,
    };
    console.log("\nwebhooks (one webhook subscribed to every event, a receiver on 127.0.0.1)");
    console.log(`one-page merge, ${result.mergeWithWebhook.merges} / ${result.mergeWithoutWebhook.merges} merges in alternation:`);
    console.log(`  with a webhook: p50 ${result.mergeWithWebhook.p50ms} ms, p99 ${result.mergeWithWebhook.p99ms} ms`);
    console.log(`  without:        p50 ${result.mergeWithoutWebhook.p50ms} ms, p99 ${result.mergeWithoutWebhook.p99ms} ms`);
    console.log(`  p99 with / without: ${result.mergeP99WithToWithout}  (goal ≤ ${GOAL})`);
    console.log(`deliveries: ${result.burst.deliveries} in ${result.burst.seconds} s after one merge: ${result.burst.deliveriesPerSecond}/s`);
    fs.mkdirSync(path.join(here, "results"), { recursive: true });
    fs.writeFileSync(path.join(here, "results", "webhooks.json"), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    child.send("stop");
    await hook.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
