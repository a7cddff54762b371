// Webhooks belong to an organization and only its admins manage them (the operations' rule,
// `{on: organization, needs: admin}`); a webhook or delivery of another organization is unknown (404).
import type { Webhook } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { notFound } from "../../http/errors";

export async function findWebhook(ctx: RequestContext, organizationId: string, webhookId: string): Promise<Webhook> {
  const webhook = await ctx.prisma.webhook.findFirst({ where: { id: webhookId, organizationId } });
  if (!webhook) throw notFound("Webhook");
  return webhook;
}
