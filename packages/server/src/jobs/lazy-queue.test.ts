// `serve` opens the job queue once it listens (issue 40: pg-boss's loading and start were a second of a start):
// until then reads are answered without it, and a write, which may send a job in its transaction, waits for it.
import pino from "pino";
import supertest from "supertest";
import { contentHelpers } from "../../test/support/content";
import { useHarness } from "../../test/support/harness";
import { createApp } from "../app";
import { WebhookOutbox } from "../webhooks/outbox";
import { jobDefinitions } from "../wiring/jobs";
import { JobQueue } from "./queue";

const h = useHarness();
const c = contentHelpers(h);

/** The harness's app, but on a job queue of its own that opens on first use, as `serve`'s does. */
function appWithLazyJobs() {
  const jobs = JobQueue.lazy(h.database.jobs, jobDefinitions(h.database.kind), { logger: pino({ level: "silent" }) });
  const services = { ...h.services, jobs, webhooks: new WebhookOutbox(jobs) };
  return { jobs, api: supertest(createApp(services)) };
}

describe("a job queue opened on first use", () => {
  it("is not opened by reads, and refuses a job sent in a transaction before it is open (rather than wait for it)", async () => {
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    const { jobs, api } = appWithLazyJobs();
    try {
      await api.get("/v1/user").set("Authorization", org.admin.auth).expect(200);
      await api.get(`/v1/spaces/${space.id}`).set("Authorization", org.admin.auth).expect(200);
      expect(jobs.isOpen).toBe(false);
      // On the embedded database, opening it inside the transaction would wait for that transaction.
      await expect(h.services.prisma.$transaction((tx) => jobs.send("import.run", { runId: "none" }, { tx }))).rejects.toThrow("the job queue is not open yet");
      expect(jobs.isOpen).toBe(false);
    } finally {
      await jobs.stop();
    }
  });

  it("holds a write that sends a job in its transaction until the queue is open, then answers it", async () => {
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    const { jobs, api } = appWithLazyJobs();
    try {
      const started = await api
        .post(`/v1/org/${org.id}/imports`)
        .set("Authorization", org.admin.auth)
        .send({ source: { type: "website", url: "https://docs.example.test/" }, target: { space: space.id } })
        .expect(201);
      expect(jobs.isOpen).toBe(true);
      // Its job was sent with the run (in the run's transaction).
      const [queued] = await h.database.prisma.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'import.run' AND data->>'runId' = ${started.body.id}`;
      expect(queued?.n).toBe(1);
    } finally {
      await jobs.stop();
    }
  });
});
