// Delivering: a job per webhook drains its due deliveries, resource by resource in `seq` order. A
// delivery is claimed with a lease (an atomic UPDATE, no transaction held during the POST), so one
// worker of the whole cluster sends it; the next one of its resource waits until it is delivered or
// given up. Failures are retried with backoff (a job sent to start when the retry is due) and a minutely
// sweep re-queues what a dead worker left. Deliveries are kept 30 days.
import type { Logger } from "pino";
import type { Config } from "../config";
import type { Db } from "../db/database";
import { newId } from "../db/ids";
import type { JobDefinition, JobQueue } from "../jobs/queue";
import { DISABLE_AFTER_MS, MAX_ATTEMPTS, retryDelayMs } from "./backoff";
import { clipped, type PostOutcome, postDelivery } from "./outbound";
import { DELIVER_JOB } from "./outbox";
import { signedHeaders } from "./signing";

/** The few services delivering uses. */
type Deps = { prisma: Db; config: Config; jobs: JobQueue; logger: Logger };

const TIMEOUT_MS = 10_000;
/** How long a claimed delivery is held: past it (the worker died) another may send it. */
const LEASE_MS = TIMEOUT_MS + 30_000;
const KEEP_DAYS = 30;
/** The attempts log keeps this many of a delivery's latest attempts. */
export const KEPT_ATTEMPTS = 20;
/** The contract's longest attempt message. */
const MESSAGE_CHARS = 200;

interface Head {
  id: string;
  due: boolean;
  leased: boolean;
  wait_ms: number;
}

/** The first pending delivery of each resource of the webhook. */
function heads({ prisma }: Deps, webhookId: string): Promise<Head[]> {
  return prisma.$queryRaw<Head[]>`
    SELECT DISTINCT ON ("orderingKey") id, "nextAttemptAt" <= now() AS due,
      ("leaseUntil" IS NOT NULL AND "leaseUntil" > now()) AS leased,
      GREATEST(0, EXTRACT(EPOCH FROM ("nextAttemptAt" - now())) * 1000)::float8 AS wait_ms
    FROM "WebhookDelivery" WHERE "webhookId" = ${webhookId} AND status = 'pending'
    ORDER BY "orderingKey", seq`;
}

interface Claimed {
  id: string;
  messageId: string;
  payload: unknown;
  attempts: number;
}

async function claim({ prisma }: Deps, id: string): Promise<Claimed | undefined> {
  const rows = await prisma.$queryRaw<Claimed[]>`
    UPDATE "WebhookDelivery" SET "leaseUntil" = now() + ${LEASE_MS} * interval '1 millisecond', attempts = attempts + 1
    WHERE id = ${id} AND status = 'pending' AND "nextAttemptAt" <= now() AND ("leaseUntil" IS NULL OR "leaseUntil" <= now())
    RETURNING id, "messageId", payload, attempts`;
  return rows[0];
}

/** Marks the delivery delivered; a webhook that was failing (as read before this round of its deliveries) is no longer. */
async function succeeded(deps: Deps, webhook: Webhook, id: string, status: number): Promise<void> {
  await deps.prisma.$executeRaw`
    UPDATE "WebhookDelivery" SET status = 'delivered', "lastStatusCode" = ${status}, "lastError" = NULL, "deliveredAt" = now(), "leaseUntil" = NULL WHERE id = ${id}`;
  // Only when it was failing: a statement for nothing on every delivery held the embedded database from the requests.
  // A failure recorded since the webhook was read is cleared by the next round's first success.
  if (webhook.failingSince) await deps.prisma.$executeRaw`UPDATE "Webhook" SET "failingSince" = NULL WHERE id = ${webhook.id} AND "failingSince" IS NOT NULL`;
}

/** Records a failed attempt: retried later (deliverWebhook schedules it), or given up after the last; the webhook turned off after days of failures. */
async function failed(deps: Deps, webhookId: string, delivery: Claimed, outcome: { status?: number; error?: string }): Promise<void> {
  const giveUp = delivery.attempts >= MAX_ATTEMPTS;
  const delay = retryDelayMs(deps.config.webhookRetryBaseMs, delivery.attempts);
  const reason = outcome.status !== undefined ? `HTTP ${outcome.status}` : (outcome.error ?? "no answer");
  await deps.prisma.$executeRaw`
    UPDATE "WebhookDelivery" SET status = ${giveUp ? "failed" : "pending"}::"WebhookDeliveryStatus", "lastStatusCode" = ${outcome.status ?? null}, "lastError" = ${reason},
      "nextAttemptAt" = now() + ${delay} * interval '1 millisecond', "leaseUntil" = NULL WHERE id = ${delivery.id}`;
  const disabled = await deps.prisma.$executeRaw`
    UPDATE "Webhook" SET active = false,
      "disabledReason" = 'Turned off: every delivery since ' || to_char("failingSince" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || ' failed (last: ' || ${reason} || ')'
    WHERE id = ${webhookId} AND active AND "failingSince" IS NOT NULL AND "failingSince" < now() - ${DISABLE_AFTER_MS} * interval '1 millisecond'`;
  if (disabled) deps.logger.warn({ webhookId }, "webhook turned off: its deliveries have failed for days");
  else await deps.prisma.$executeRaw`UPDATE "Webhook" SET "failingSince" = now() WHERE id = ${webhookId} AND "failingSince" IS NULL`;
}

/**
 * Logs one attempt and, once the delivery has had more than KEPT_ATTEMPTS, forgets those older than the last
 * KEPT_ATTEMPTS in the same transaction. Before that there is nothing to forget: the attempt is one statement, not a
 * transaction of four round trips (most deliveries succeed at their first).
 */
async function recordAttempt({ prisma }: Deps, delivery: Claimed, startedAt: Date, durationMs: number, outcome: PostOutcome): Promise<void> {
  const message = outcome.error === undefined ? null : clipped(outcome.error, MESSAGE_CHARS);
  // Attempt numbers come from the claim's counter, so one delivery's never repeat; a clash would only mean a lost lease.
  const insert = prisma.$executeRaw`
    INSERT INTO "WebhookDeliveryAttempt" (id, "deliveryId", attempt, "startedAt", "durationMs", status, outcome, message)
    VALUES (${newId()}, ${delivery.id}, ${delivery.attempts}, ${startedAt}, ${durationMs}, ${outcome.status ?? null}, ${outcome.outcome}, ${message})
    ON CONFLICT ("deliveryId", attempt) DO NOTHING`;
  if (delivery.attempts <= KEPT_ATTEMPTS) {
    await insert;
    return;
  }
  await prisma.$transaction([
    insert,
    prisma.$executeRaw`DELETE FROM "WebhookDeliveryAttempt" WHERE "deliveryId" = ${delivery.id} AND attempt <= ${delivery.attempts - KEPT_ATTEMPTS}`,
  ]);
}

/** The webhook as a round of its deliveries reads it. */
interface Webhook {
  id: string;
  url: string;
  secret: string;
  failingSince: Date | null;
}

async function deliverOne(deps: Deps, webhook: Webhook, delivery: Claimed): Promise<boolean> {
  const body = JSON.stringify(delivery.payload);
  const startedAt = new Date();
  const headers = signedHeaders(webhook.secret, delivery.messageId, startedAt, body);
  const started = performance.now();
  const outcome = await postDelivery(webhook.url, body, headers, { allowPrivate: deps.config.allowPrivateFetch, timeoutMs: TIMEOUT_MS });
  await recordAttempt(deps, delivery, startedAt, Math.round(performance.now() - started), outcome);
  if (outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300) {
    await succeeded(deps, webhook, delivery.id, outcome.status);
    return true;
  }
  await failed(deps, webhook.id, delivery, outcome);
  return false;
}

/** Sends the webhook's due deliveries until none is left; schedules itself for the next retry that is due later. */
export async function deliverWebhook(deps: Deps, webhookId: string): Promise<void> {
  for (;;) {
    const webhook = await deps.prisma.webhook.findUnique({
      where: { id: webhookId },
      select: { id: true, url: true, secret: true, active: true, failingSince: true },
    });
    if (!webhook?.active) return;
    const pending = await heads(deps, webhookId);
    const ready = pending.filter((head) => head.due && !head.leased);
    if (!ready.length) {
      const later = pending.filter((head) => !head.due && !head.leased).map((head) => head.wait_ms);
      if (later.length) await deps.jobs.send(DELIVER_JOB, { webhookId }, { startAfterMs: Math.min(...later) });
      return;
    }
    for (const head of ready) {
      const delivery = await claim(deps, head.id);
      if (delivery) await deliverOne(deps, webhook, delivery);
    }
  }
}

export const deliverJob: JobDefinition<{ webhookId: string }, Deps> = {
  name: DELIVER_JOB,
  concurrency: 4,
  run: (deps, { webhookId }) => deliverWebhook(deps, webhookId),
};

/** Every minute: re-queues webhooks with due deliveries nobody holds (a worker died); forgets deliveries older than 30 days. */
export const sweepWebhooksJob: JobDefinition<object, Deps> = {
  name: "webhooks.sweep",
  schedule: "* * * * *",
  run: async (deps) => {
    const due = await deps.prisma.$queryRaw<{ webhookId: string }[]>`
      SELECT DISTINCT d."webhookId" FROM "WebhookDelivery" d JOIN "Webhook" w ON w.id = d."webhookId"
      WHERE d.status = 'pending' AND d."nextAttemptAt" <= now() AND (d."leaseUntil" IS NULL OR d."leaseUntil" <= now()) AND w.active`;
    for (const { webhookId } of due) await deps.jobs.send(DELIVER_JOB, { webhookId });
    await deps.prisma.$executeRaw`DELETE FROM "WebhookDelivery" WHERE "createdAt" < now() - ${KEEP_DAYS} * interval '1 day' AND status <> 'pending'`;
  },
};
