// Webhooks end to end: a receiver on 127.0.0.1 verifying every delivery with the Standard Webhooks
// reference library; failures retried (a short retry base) until the receiver recovers, nothing lost
// and each resource's order kept; a rolled-back write emitting nothing; loopback URLs refused unless allowed.
import { Webhook } from "standardwebhooks";
import { contentHelpers, insertPage } from "../../../test/support/content";
import { createHarness, type Harness, requestsAs, useHarness } from "../../../test/support/harness";
import { type LocalServer, localServer } from "../../../test/support/local-server";
import { newId } from "../../db/ids";
import { DELIVER_JOB } from "../../webhooks/outbox";

interface Received {
  id: string;
  body: { type: string; timestamp: string; data: Record<string, { id: string }> };
}

/** A receiver answering with the status `answer()` gives; it verifies (and keeps) every 2xx'd delivery. */
async function receiver(secret: () => string, answer: () => number) {
  const received: Received[] = [];
  let attempts = 0;
  const server = await localServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      attempts++;
      const raw = Buffer.concat(chunks).toString("utf8");
      const status = answer();
      if (status >= 200 && status < 300) {
        // Throws on a bad signature, timestamp or header: the test sees a 500 and no delivery.
        try {
          const body = new Webhook(secret()).verify(raw, req.headers as Record<string, string>) as Received["body"];
          received.push({ id: String(req.headers["webhook-id"]), body });
        } catch {
          res.writeHead(500).end();
          return;
        }
      }
      res.writeHead(status).end();
    });
  });
  return { server, received, attempts: () => attempts };
}

/** Waits for a condition, working the job queue meanwhile (no sleeps that assume a speed). */
async function until(h: Harness, condition: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (await condition()) return;
    await h.services.jobs.settled();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error("condition not reached");
}

describe("webhooks", () => {
  const h = useHarness({ allowPrivateFetch: true, webhookRetryBaseMs: 1 });
  let secret = "";
  let status = 200;
  /** Attempts still to answer 503 before `status` answers again (an outage counted in attempts, not time). */
  let failures = 0;
  let hook: Awaited<ReturnType<typeof receiver>>;
  let server: LocalServer;

  beforeAll(async () => {
    hook = await receiver(
      () => secret,
      () => {
        if (failures <= 0) return status;
        failures--;
        return 503;
      },
    );
    server = hook.server;
  });
  afterAll(() => server.close());

  test("CRUD, a signed delivery per page a merge changed, and the delivery log", async () => {
    const org = await h.organization();
    const as = requestsAs(h, org.admin);
    const created = await as.post(`/v1/orgs/${org.id}/webhooks`, { url: `${server.base}/hook`, events: ["*"], description: "all" }).expect(201);
    expect(created.body).toMatchObject({ object: "webhook", url: `${server.base}/hook`, events: ["*"], active: true });
    expect(created.body.secret).toMatch(/^whsec_/);
    secret = created.body.secret;
    const got = await as.get(`/v1/orgs/${org.id}/webhooks/${created.body.id}`).expect(200);
    expect(got.body.secret).toBeUndefined();
    expect((await as.get(`/v1/orgs/${org.id}/webhooks`).expect(200)).body.count).toBe(1);

    const content = contentHelpers(h);
    const space = await content.createSpace(org.admin, org.id);
    await content.publish(org.admin, space.id, [insertPage("One", "a"), insertPage("Two", "b")]);
    // Resources are delivered independently (order is kept within each): wait for all of them.
    const count = (type: string) => hook.received.filter((r) => r.body.type === type).length;
    // ...and until none is still being sent (received, but not yet recorded as delivered).
    const unsent = () => h.services.prisma.webhookDelivery.count({ where: { webhookId: created.body.id, status: { not: "delivered" } } });
    await until(h, async () => count("change_request.merged") === 1 && count("page.created") === 2 && (await unsent()) === 0);
    const types = hook.received.map((r) => r.body.type);
    expect(types).toEqual(expect.arrayContaining(["space.created", "change_request.created", "page.created", "change_request.merged"]));
    expect(types.filter((t) => t === "page.created")).toHaveLength(2);
    const page = hook.received.find((r) => r.body.type === "page.created")!;
    expect(page.body.data.organization!.id).toBe(org.id);
    expect(page.body.data.space!.id).toBe(space.id);
    expect(page.id).toMatch(/^msg_/);

    const log = await as.get(`/v1/orgs/${org.id}/webhooks/${created.body.id}/deliveries`).expect(200);
    expect(log.body.items.length).toBe(hook.received.length);
    expect(log.body.items[0]).toMatchObject({ object: "webhook-delivery", status: "delivered", attempts: 1, lastStatusCode: 200 });

    // Redelivery: the same webhook-id again.
    const first = log.body.items[log.body.items.length - 1];
    // Counted before asking: the worker may deliver it before the 202 reaches the test.
    const before = hook.received.length;
    const again = await as.post(`/v1/orgs/${org.id}/webhooks/${created.body.id}/deliveries/${first.id}/redeliver`).expect(202);
    expect(again.body).toMatchObject({ status: "pending", event: first.event });
    await until(h, () => hook.received.length > before);
    expect(hook.received.filter((r) => r.id === hook.received[hook.received.length - 1]!.id)).toHaveLength(2);

    await as.patch(`/v1/orgs/${org.id}/webhooks/${created.body.id}`, { active: false }).expect(200);
    await as.delete(`/v1/orgs/${org.id}/webhooks/${created.body.id}`).expect(204);
    await as.get(`/v1/orgs/${org.id}/webhooks/${created.body.id}`).expect(404);
  });

  test("an outage: retried with backoff until the receiver recovers, nothing lost, each resource in order", async () => {
    const org = await h.organization();
    const as = requestsAs(h, org.admin);
    const created = await as.post(`/v1/orgs/${org.id}/webhooks`, { url: `${server.base}/hook`, events: ["page.created", "page.updated"] }).expect(201);
    secret = created.body.secret;
    hook.received.length = 0;
    const content = contentHelpers(h);
    const space = await content.createSpace(org.admin, org.id);
    // Eight failed attempts: the first delivery's backoff reaches 2^7 ms, far from giving up (16 attempts).
    const attemptsBefore = hook.attempts();
    failures = 8;
    const pages = await content.publish(org.admin, space.id, [insertPage("Page", "v0")]);
    const pageId = pages[0]!.id;
    for (let version = 1; version <= 3; version++) {
      const cr = await content.createChangeRequest(org.admin, space.id);
      await content.write(org.admin, space.id, cr.id, [{ operation: "update_page", page: pageId, document: { markdown: `v${version}` } }]).expect(200);
      await content.merge(org.admin, space.id, cr.id).expect(200);
    }
    await until(h, () => hook.received.length >= 4);
    expect(failures).toBe(0);
    expect(hook.attempts() - attemptsBefore).toBe(4 + 8);
    expect(hook.received.map((r) => r.body.type)).toEqual(["page.created", "page.updated", "page.updated", "page.updated"]);
    const log = await as.get(`/v1/orgs/${org.id}/webhooks/${created.body.id}/deliveries`).expect(200);
    expect(log.body.items.every((d: { status: string }) => d.status === "delivered")).toBe(true);
    expect(log.body.items.some((d: { attempts: number }) => d.attempts > 1)).toBe(true);
  });

  test("each attempt is logged: a refusal then an acceptance, newest first; a redelivery has its own", async () => {
    const org = await h.organization();
    const as = requestsAs(h, org.admin);
    const created = await as.post(`/v1/orgs/${org.id}/webhooks`, { url: `${server.base}/hook`, events: ["space.created"] }).expect(201);
    secret = created.body.secret;
    const deliveries = `/v1/orgs/${org.id}/webhooks/${created.body.id}/deliveries`;
    failures = 1;
    await contentHelpers(h).createSpace(org.admin, org.id);
    const delivered = async () => (await as.get(deliveries).expect(200)).body.items[0]?.status === "delivered";
    await until(h, delivered);
    const delivery = (await as.get(deliveries).expect(200)).body.items[0];
    const attempts = await as.get(`${deliveries}/${delivery.id}/attempts`).expect(200);
    expect(attempts.body.count).toBe(2);
    expect(attempts.body.items).toEqual([
      expect.objectContaining({ object: "webhook-delivery-attempt", attempt: 2, status: 200, outcome: "ok" }),
      expect.objectContaining({
        object: "webhook-delivery-attempt",
        attempt: 1,
        status: 503,
        outcome: "http_error",
        message: expect.stringMatching(/^HTTP 503/),
      }),
    ]);
    expect(attempts.body.items[0].message).toBeUndefined();
    expect(attempts.body.items[1].message).not.toContain(secret);
    for (const attempt of attempts.body.items) expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(attempts.body.items[0].startedAt)).toBeGreaterThanOrEqual(Date.parse(attempts.body.items[1].startedAt));

    const again = await as.post(`${deliveries}/${delivery.id}/redeliver`).expect(202);
    await until(h, async () => (await as.get(`${deliveries}/${again.body.id}/attempts`).expect(200)).body.count === 1);
    const redelivered = await as.get(`${deliveries}/${again.body.id}/attempts`).expect(200);
    expect(redelivered.body.items).toEqual([expect.objectContaining({ attempt: 1, status: 200, outcome: "ok" })]);
  });

  test("a delivery's attempts are unknown to another organization's admin, and to a wrong delivery", async () => {
    const org = await h.organization();
    const as = requestsAs(h, org.admin);
    const created = await as.post(`/v1/orgs/${org.id}/webhooks`, { url: `${server.base}/hook`, events: ["space.created"] }).expect(201);
    secret = created.body.secret;
    const deliveries = `/v1/orgs/${org.id}/webhooks/${created.body.id}/deliveries`;
    await contentHelpers(h).createSpace(org.admin, org.id);
    await until(h, async () => (await as.get(deliveries).expect(200)).body.count === 1);
    const delivery = (await as.get(deliveries).expect(200)).body.items[0];
    const other = await h.organization();
    const answer = await requestsAs(h, other.admin).get(`${deliveries}/${delivery.id}/attempts`).expect(404);
    expect(answer.body.error.reason).toBe("not_found");
    const editor = await h.member(org.id, "edit");
    await requestsAs(h, editor).get(`${deliveries}/${delivery.id}/attempts`).expect(403);
    await as.get(`${deliveries}/01jq3k6y1a2b3c4d5e6f7g8h9j/attempts`).expect(404);
  });

  test("the log keeps a delivery's last 20 attempts", async () => {
    const org = await h.organization();
    const as = requestsAs(h, org.admin);
    const created = await as.post(`/v1/orgs/${org.id}/webhooks`, { url: `${server.base}/hook`, events: ["space.created"] }).expect(201);
    secret = created.body.secret;
    const webhookId = created.body.id;
    // Held (inactive) while a delivery with 22 logged attempts is written, then resumed: its 23rd attempt prunes.
    await as.patch(`/v1/orgs/${org.id}/webhooks/${webhookId}`, { active: false }).expect(200);
    const deliveryId = newId();
    const { prisma } = h.services;
    await prisma.webhookDelivery.create({
      data: {
        id: deliveryId,
        webhookId,
        messageId: "msg_prune",
        event: "space_created",
        orderingKey: "space:prune",
        payload: { type: "space.created" },
        attempts: 22,
      },
    });
    await prisma.webhookDeliveryAttempt.createMany({
      data: Array.from({ length: 22 }, (_, i) => ({
        id: newId(),
        deliveryId,
        attempt: i + 1,
        startedAt: new Date(),
        durationMs: 1,
        status: 503,
        outcome: "http_error",
      })),
    });
    await as.patch(`/v1/orgs/${org.id}/webhooks/${webhookId}`, { active: true }).expect(200);
    const path = `/v1/orgs/${org.id}/webhooks/${webhookId}/deliveries/${deliveryId}/attempts`;
    await until(h, async () => (await as.get(path).expect(200)).body.items[0]?.attempt === 23);
    const kept = await as.get(`${path}?limit=50`).expect(200);
    expect(kept.body.count).toBe(20);
    expect(kept.body.items.map((a: { attempt: number }) => a.attempt)).toEqual(Array.from({ length: 20 }, (_, i) => 23 - i));
    expect(kept.body.items[0]).toMatchObject({ status: 200, outcome: "ok" });
  });

  test("a write that rolls back emits nothing", async () => {
    const org = await h.organization();
    const as = requestsAs(h, org.admin);
    const created = await as.post(`/v1/orgs/${org.id}/webhooks`, { url: `${server.base}/hook`, events: ["space.created"] }).expect(201);
    await expect(
      h.services.prisma.$transaction(async (tx) => {
        await h.services.webhooks.emit(tx, { type: "space.created", resource: "space:x", data: { organization: { id: org.id }, space: { id: "x" } } });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await h.services.prisma.webhookDelivery.count({ where: { webhookId: created.body.id } })).toBe(0);
  });

  test("a write wakes the delivery worker only when it queued a delivery", async () => {
    const org = await h.organization();
    const as = requestsAs(h, org.admin);
    const wake = jest.spyOn(h.services.jobs, "wake");
    const deliveryWakes = () => wake.mock.calls.filter(([name]) => name === DELIVER_JOB).length;
    try {
      // No webhook in the organization: the write queues nothing, and the worker is left asleep.
      const space = await contentHelpers(h).createSpace(org.admin, org.id);
      expect(deliveryWakes()).toBe(0);
      await as.post(`/v1/orgs/${org.id}/webhooks`, { url: `${server.base}/hook`, events: ["space.created"] }).expect(201);
      expect(deliveryWakes()).toBe(0);
      // An event nobody subscribed to queues nothing either.
      await as.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Unheard" }).expect(201);
      expect(deliveryWakes()).toBe(0);
      await contentHelpers(h).createSpace(org.admin, org.id);
      expect(deliveryWakes()).toBe(1);
    } finally {
      wake.mockRestore();
    }
  });

  test("a webhook failing for days is turned off and says why", async () => {
    const org = await h.organization();
    const as = requestsAs(h, org.admin);
    status = 500;
    const created = await as.post(`/v1/orgs/${org.id}/webhooks`, { url: `${server.base}/hook`, events: ["space.created"] }).expect(201);
    await h.services.prisma.webhook.update({ where: { id: created.body.id }, data: { failingSince: new Date(Date.now() - 4 * 24 * 3600 * 1000) } });
    await contentHelpers(h).createSpace(org.admin, org.id);
    await until(h, async () => !(await as.get(`/v1/orgs/${org.id}/webhooks/${created.body.id}`)).body.active);
    const off = await as.get(`/v1/orgs/${org.id}/webhooks/${created.body.id}`).expect(200);
    expect(off.body.disabledReason).toMatch(/failed \(last: HTTP 500\)/);
    status = 200;
  });

  test("a failing webhook is no longer failing once a delivery succeeds, and is not turned off", async () => {
    const org = await h.organization();
    const as = requestsAs(h, org.admin);
    const created = await as.post(`/v1/orgs/${org.id}/webhooks`, { url: `${server.base}/hook`, events: ["space.created"] }).expect(201);
    secret = created.body.secret;
    const failingSince = () => h.services.prisma.webhook.findUniqueOrThrow({ where: { id: created.body.id }, select: { failingSince: true } });
    await h.services.prisma.webhook.update({ where: { id: created.body.id }, data: { failingSince: new Date(Date.now() - 3600 * 1000) } });
    await contentHelpers(h).createSpace(org.admin, org.id);
    await until(h, async () => (await failingSince()).failingSince === null);
    const deliveries = await as.get(`/v1/orgs/${org.id}/webhooks/${created.body.id}/deliveries`).expect(200);
    expect(deliveries.body.items).toEqual([expect.objectContaining({ status: "delivered", attempts: 1 })]);
    expect((await as.get(`/v1/orgs/${org.id}/webhooks/${created.body.id}`).expect(200)).body.active).toBe(true);
    // A webhook that is not failing stays so through a success.
    await contentHelpers(h).createSpace(org.admin, org.id);
    await until(h, async () => (await as.get(`/v1/orgs/${org.id}/webhooks/${created.body.id}/deliveries`).expect(200)).body.count === 2);
    await until(h, async () =>
      (await as.get(`/v1/orgs/${org.id}/webhooks/${created.body.id}/deliveries`).expect(200)).body.items.every(
        (d: { status: string }) => d.status === "delivered",
      ),
    );
    expect((await failingSince()).failingSince).toBeNull();
  });

  test("admins only; another organization's webhook is unknown", async () => {
    const org = await h.organization();
    const editor = await h.member(org.id, "edit");
    await requestsAs(h, editor)
      .post(`/v1/orgs/${org.id}/webhooks`, { url: "https://hooks.example.com/x", events: ["*"] })
      .expect(403);
    const other = await h.organization();
    await requestsAs(h, other.admin).get(`/v1/orgs/${org.id}/webhooks`).expect(404);
    await requestsAs(h, org.admin).get(`/v1/orgs/${org.id}/webhooks/01jq3k6y1a2b3c4d5e6f7g8h9j`).expect(404);
  });
});

describe("webhook URLs", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  test.each(["http://127.0.0.1:9/hook", "http://localhost/hook", "http://[::1]/hook", "http://10.1.2.3/hook", "ftp://example.com/x"])(
    "%s is refused with 400",
    async (url) => {
      const org = await h.organization();
      const answer = await requestsAs(h, org.admin).post(`/v1/orgs/${org.id}/webhooks`, { url, events: ["*"] });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toMatch(/request\/body\/url/);
    },
  );
});
