// The outbox: `emit(tx, events)` writes one delivery row per event and subscribed webhook in the
// transaction of the change, and queues the delivery job there too, so a write that rolls back emits
// nothing and one that commits is delivered (at least once) by whichever instance works the queue.
import type { Tx } from "../db/database";
import { newId } from "../db/ids";
import type { JobQueue } from "../jobs/queue";
import { webhookEventType } from "../models/contract-enums";
import { subscribes, type WebhookEvent } from "./events";

/** The job delivering a webhook's pending deliveries (data: `{webhookId}`). */
export const DELIVER_JOB = "webhooks.deliver";

/** Delivery rows written per statement. */
const DELIVERIES_PER_STATEMENT = 250;

export class WebhookOutbox {
  /** Whether this outbox queued a delivery that `committed()` has not yet woken the worker for. */
  private queued = false;

  constructor(private readonly jobs: Pick<JobQueue, "send" | "wake">) {}

  /**
   * One request's outbox (the request context's `webhooks`): its `committed()` wakes the delivery worker only when the
   * request queued a delivery. Waking it after every write made every write run the queue's fetch query for nothing.
   */
  forRequest(): WebhookOutbox {
    return new WebhookOutbox(this.jobs);
  }

  /** Records the events for every active webhook of their organization subscribed to them; nothing when none is. */
  async emit(tx: Tx, events: WebhookEvent | readonly WebhookEvent[]): Promise<void> {
    const list: readonly WebhookEvent[] = Array.isArray(events) ? events : [events as WebhookEvent];
    if (!list.length) return;
    const organizations = [...new Set(list.map((event) => event.data.organization.id))];
    const hooks = await tx.webhook.findMany({
      where: { organizationId: { in: organizations }, active: true },
      select: { id: true, organizationId: true, events: true },
    });
    if (!hooks.length) return;
    const timestamp = new Date().toISOString();
    const rows = [];
    for (const event of list) {
      const messageId = `msg_${newId()}`;
      const payload = { type: event.type, timestamp, data: event.data };
      for (const hook of hooks) {
        if (hook.organizationId !== event.data.organization.id || !subscribes(hook.events, event.type)) continue;
        rows.push({
          id: newId(),
          webhookId: hook.id,
          messageId,
          event: webhookEventType.column(event.type),
          orderingKey: event.resource,
          payload: payload as object,
        });
      }
    }
    if (!rows.length) return;
    // In array order: `seq` follows it, and deliveries of one resource go out in `seq` order. A few hundred a
    // statement: a merge of thousands of pages emits an event each, and one statement of them all held the thread
    // (the embedded database's) and every request with it; between statements the event loop turns.
    for (let start = 0; start < rows.length; start += DELIVERIES_PER_STATEMENT) {
      await tx.webhookDelivery.createMany({ data: rows.slice(start, start + DELIVERIES_PER_STATEMENT) });
    }
    for (const webhookId of new Set(rows.map((row) => row.webhookId))) await this.jobs.send(DELIVER_JOB, { webhookId }, { tx });
    this.queued = true;
  }

  /** After a write committed: when it queued a delivery, this process's delivery worker starts at once (other processes poll). */
  committed(): void {
    if (!this.queued) return;
    this.queued = false;
    this.jobs.wake(DELIVER_JOB);
  }
}
