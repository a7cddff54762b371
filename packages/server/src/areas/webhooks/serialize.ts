// Webhooks and deliveries as the contract shows them (a webhook's secret only in the answer to its creation).
import type { Schemas } from "@docstack/contract";
import type { Webhook, WebhookDelivery, WebhookDeliveryAttempt } from "../../generated/prisma/client";
import { webhookEventType } from "../../models/contract-enums";

export function serializeWebhook(webhook: Webhook, options: { withSecret?: boolean } = {}): Schemas["Webhook"] {
  return {
    object: "webhook",
    id: webhook.id,
    url: webhook.url,
    events: webhook.events.map(webhookEventType.value),
    ...(webhook.description !== null ? { description: webhook.description } : {}),
    active: webhook.active,
    ...(webhook.disabledReason !== null && !webhook.active ? { disabledReason: webhook.disabledReason } : {}),
    createdAt: webhook.createdAt.toISOString(),
    ...(options.withSecret ? { secret: webhook.secret } : {}),
  };
}

export function serializeDelivery(delivery: WebhookDelivery): Schemas["WebhookDelivery"] {
  return {
    object: "webhook-delivery",
    id: delivery.id,
    event: webhookEventType.value(delivery.event),
    status: delivery.status,
    attempts: delivery.attempts,
    ...(delivery.lastStatusCode !== null ? { lastStatusCode: delivery.lastStatusCode } : {}),
    createdAt: delivery.createdAt.toISOString(),
    ...(delivery.deliveredAt ? { deliveredAt: delivery.deliveredAt.toISOString() } : {}),
  };
}

export function serializeAttempt(attempt: WebhookDeliveryAttempt): Schemas["WebhookDeliveryAttempt"] {
  return {
    object: "webhook-delivery-attempt",
    id: attempt.id,
    attempt: attempt.attempt,
    startedAt: attempt.startedAt.toISOString(),
    durationMs: attempt.durationMs,
    ...(attempt.status !== null ? { status: attempt.status } : {}),
    outcome: attempt.outcome as Schemas["WebhookDeliveryAttempt"]["outcome"],
    ...(attempt.message !== null ? { message: attempt.message } : {}),
  };
}
