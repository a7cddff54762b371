// The events of Docstack's operations, built from what the operations have at hand: one place that
// says what each event's `data` holds and which resource orders it.
import type { PageChange } from "../content/search/search-index";
import type { WebhookEvent, WebhookEventType } from "./events";

/** Who acted, as events name them. */
export type EventActor = { actor: { userId: string; user: { displayName: string } } };

type Ctx = EventActor;

const actorOf = (ctx: Ctx) => ({ id: ctx.actor.userId, displayName: ctx.actor.user.displayName });

export function spaceEvent(ctx: Ctx, type: "space.created" | "space.deleted", space: { id: string; organizationId: string; title: string }): WebhookEvent {
  return {
    type,
    resource: `space:${space.id}`,
    data: { organization: { id: space.organizationId }, space: { id: space.id, title: space.title }, actor: actorOf(ctx) },
  };
}

/** One event per page a merge, an import or a live edit changed. */
export function pageEvents(ctx: Ctx, space: { id: string; organizationId: string }, changes: readonly PageChange[]): WebhookEvent[] {
  return changes.map((change) => ({
    type: `page.${change.kind}` as WebhookEventType,
    resource: `page:${space.id}:${change.pageId}`,
    data: {
      organization: { id: space.organizationId },
      space: { id: space.id },
      page: { id: change.pageId, title: change.title, path: change.path },
      actor: actorOf(ctx),
    },
  }));
}

export function changeRequestEvent(
  ctx: Ctx,
  type: "change_request.created" | "change_request.merged" | "change_request.closed",
  space: { id: string; organizationId: string },
  changeRequest: { id: string; number: number; subject: string },
): WebhookEvent {
  return {
    type,
    resource: `change-request:${changeRequest.id}`,
    data: {
      organization: { id: space.organizationId },
      space: { id: space.id },
      changeRequest: { id: changeRequest.id, number: changeRequest.number, subject: changeRequest.subject },
      actor: actorOf(ctx),
    },
  };
}

export function commentEvent(
  ctx: Ctx,
  type: "comment.created" | "comment.resolved",
  place: { organizationId: string; spaceId: string; changeRequestId?: string | null },
  comment: { id: string },
): WebhookEvent {
  return {
    type,
    resource: `comment:${comment.id}`,
    data: {
      organization: { id: place.organizationId },
      space: { id: place.spaceId },
      ...(place.changeRequestId ? { changeRequest: { id: place.changeRequestId } } : {}),
      comment: { id: comment.id },
      actor: actorOf(ctx),
    },
  };
}

export function siteEvent(ctx: Ctx, type: "site.published" | "site.unpublished", site: { id: string; organizationId: string; title: string }): WebhookEvent {
  return {
    type,
    resource: `site:${site.id}`,
    data: { organization: { id: site.organizationId }, site: { id: site.id, title: site.title }, actor: actorOf(ctx) },
  };
}

export function memberEvent(ctx: Ctx, type: "member.added" | "member.removed", organizationId: string, userId: string): WebhookEvent {
  return { type, resource: `member:${organizationId}:${userId}`, data: { organization: { id: organizationId }, member: { id: userId }, actor: actorOf(ctx) } };
}
