// What an event says: its type (the contract's WebhookEventType), the resource it is about (deliveries
// about one resource go out in order) and the body's `data`.
import type { Schemas } from "@docstack/contract";
import type { WebhookEventType as StoredEventType } from "../generated/prisma/client";
import { webhookEventType } from "../models/contract-enums";

export type WebhookEventType = Exclude<Schemas["WebhookEventType"], "*">;

/** A reference to a resource in an event's `data`. */
export interface Ref {
  id: string;
  [field: string]: unknown;
}

export interface WebhookEventData {
  organization: Ref;
  space?: Ref;
  page?: Ref;
  changeRequest?: Ref;
  comment?: Ref;
  site?: Ref;
  actor?: Ref;
  /** member.added / member.removed: the member (their user ID). */
  member?: Ref;
}

export interface WebhookEvent {
  type: WebhookEventType;
  /** The resource the event is about, e.g. `page:<spaceId>:<pageId>`: deliveries with the same one keep their order. */
  resource: string;
  data: WebhookEventData;
}

/** Whether a webhook subscribed to these events (as stored: `all` is `*`) receives this one. */
export const subscribes = (events: readonly StoredEventType[], type: WebhookEventType): boolean =>
  events.includes("all") || events.includes(webhookEventType.column(type));
