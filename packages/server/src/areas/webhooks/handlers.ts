// Webhooks: an organization's subscriptions to its events, and their delivery logs (src/webhooks/ delivers).
import { newId } from "../../db/ids";
import { badRequest, notFound } from "../../http/errors";
import { listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import type { SortField } from "../../http/pagination";
import { webhookEventType } from "../../models/contract-enums";
import { checkWebhookUrl } from "../../webhooks/outbound";
import { DELIVER_JOB } from "../../webhooks/outbox";
import { newWebhookSecret } from "../../webhooks/signing";
import { findWebhook } from "./policy";
import { serializeAttempt, serializeDelivery, serializeWebhook } from "./serialize";

const OLDEST_FIRST: SortField[] = [{ field: "id", direction: "asc" }];
const NEWEST_FIRST: SortField[] = [{ field: "id", direction: "desc" }];
/** A delivery's attempts are numbered: the number orders them, whatever their IDs. */
const LATEST_ATTEMPT_FIRST: SortField[] = [{ field: "attempt", direction: "desc" }];

/** `["*"]` stands alone: with other types beside it, it would mean the same with more words. */
function checkEvents(events: readonly string[] | undefined): void {
  if (events?.includes("*") && events.length > 1) throw badRequest("invalid_request", 'request/body/events: "*" (every event) must be the only item (400)');
}

export const webhooksOperations = {
  listOrganizationWebhooks: defineOperation("listOrganizationWebhooks", {
    handle: async (request) => {
      const { ctx, params } = request;
      const where = { organizationId: params.organizationId };
      const body = await listRows(request, {
        model: ctx.prisma.webhook,
        where,
        order: OLDEST_FIRST,
        serialize: (webhooks) => webhooks.map((webhook) => serializeWebhook(webhook)),
      });
      return { status: 200, body };
    },
  }),

  createOrganizationWebhook: defineOperation("createOrganizationWebhook", {
    handle: async ({ ctx, params, body }) => {
      checkEvents(body.events);
      await checkWebhookUrl(body.url, ctx.config.allowPrivateFetch);
      const webhook = await ctx.prisma.webhook.create({
        data: {
          id: newId(),
          organizationId: params.organizationId,
          url: body.url,
          events: body.events.map(webhookEventType.column),
          ...(body.description !== undefined ? { description: body.description } : {}),
          secret: newWebhookSecret(),
        },
      });
      return { status: 201, body: serializeWebhook(webhook, { withSecret: true }) };
    },
  }),

  getOrganizationWebhook: defineOperation("getOrganizationWebhook", {
    handle: async ({ ctx, params }) => ({ status: 200, body: serializeWebhook(await findWebhook(ctx, params.organizationId, params.webhookId)) }),
  }),

  updateOrganizationWebhook: defineOperation("updateOrganizationWebhook", {
    handle: async ({ ctx, params, body }) => {
      const webhook = await findWebhook(ctx, params.organizationId, params.webhookId);
      checkEvents(body.events);
      if (body.url !== undefined) await checkWebhookUrl(body.url, ctx.config.allowPrivateFetch);
      const resumes = body.active === true && !webhook.active;
      const { count } = await ctx.prisma.webhook.updateMany({
        where: { id: webhook.id },
        data: {
          ...(body.url !== undefined ? { url: body.url } : {}),
          ...(body.events !== undefined ? { events: body.events.map(webhookEventType.column) } : {}),
          ...(body.active !== undefined ? { active: body.active, disabledReason: null, failingSince: null } : {}),
        },
      });
      if (!count) throw notFound("Webhook");
      // Its pending deliveries go out again.
      if (resumes) await ctx.jobs.send(DELIVER_JOB, { webhookId: webhook.id });
      return { status: 200, body: serializeWebhook(await findWebhook(ctx, params.organizationId, webhook.id)) };
    },
  }),

  deleteOrganizationWebhook: defineOperation("deleteOrganizationWebhook", {
    handle: async ({ ctx, params }) => {
      const { count } = await ctx.prisma.webhook.deleteMany({ where: { id: params.webhookId, organizationId: params.organizationId } });
      if (!count) throw notFound("Webhook");
      return { status: 204 };
    },
  }),

  listWebhookDeliveries: defineOperation("listWebhookDeliveries", {
    handle: async (request) => {
      const { ctx, params } = request;
      const webhook = await findWebhook(ctx, params.organizationId, params.webhookId);
      const where = { webhookId: webhook.id };
      const body = await listRows(request, {
        model: ctx.prisma.webhookDelivery,
        where,
        order: NEWEST_FIRST,
        serialize: (deliveries) => deliveries.map(serializeDelivery),
      });
      return { status: 200, body };
    },
  }),

  listWebhookDeliveryAttempts: defineOperation("listWebhookDeliveryAttempts", {
    handle: async (request) => {
      const { ctx, params } = request;
      const webhook = await findWebhook(ctx, params.organizationId, params.webhookId);
      const delivery = await ctx.prisma.webhookDelivery.findFirst({ where: { id: params.deliveryId, webhookId: webhook.id }, select: { id: true } });
      if (!delivery) throw notFound("Delivery");
      const body = await listRows(request, {
        model: ctx.prisma.webhookDeliveryAttempt,
        where: { deliveryId: delivery.id },
        order: LATEST_ATTEMPT_FIRST,
        serialize: (attempts) => attempts.map(serializeAttempt),
      });
      return { status: 200, body };
    },
  }),

  redeliverWebhookDelivery: defineOperation("redeliverWebhookDelivery", {
    handle: async ({ ctx, params }) => {
      const webhook = await findWebhook(ctx, params.organizationId, params.webhookId);
      const original = await ctx.prisma.webhookDelivery.findFirst({ where: { id: params.deliveryId, webhookId: webhook.id } });
      if (!original) throw notFound("Delivery");
      const delivery = await ctx.prisma.webhookDelivery.create({
        data: {
          id: newId(),
          webhookId: webhook.id,
          messageId: original.messageId,
          event: original.event,
          orderingKey: original.orderingKey,
          payload: original.payload as object,
        },
      });
      await ctx.jobs.send(DELIVER_JOB, { webhookId: webhook.id });
      return { status: 202, body: serializeDelivery(delivery) };
    },
  }),
} satisfies AreaOperations;
