// The audit log: what every write of the API recorded (src/audit/recorder.ts), for organization admins.
// Read-only: nothing in the API changes or deletes an event.
import type { Prisma } from "../../generated/prisma/client";
import { badRequest, notFound } from "../../http/errors";
import { listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import type { SortField } from "../../http/pagination";
import { auditActions } from "./actions";
import { serializeAuditEvent, serializeAuditEventDetails } from "./serialize";

const NEWEST_FIRST: SortField[] = [
  { field: "occurredAt", direction: "desc" },
  { field: "id", direction: "desc" },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A date-time the contract's format lets through but that names no instant (a 13th month) is refused too. */
function instantOf(name: string, value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw badRequest("invalid_request", `request/query/${name} must be a date-time`);
  return date;
}

export const auditEventsOperations = {
  listOrganizationAuditEvents: defineOperation("listOrganizationAuditEvents", {
    handle: async (request) => {
      const { ctx, params, query } = request;
      const from = query.from ? instantOf("from", query.from) : undefined;
      const to = query.to ? instantOf("to", query.to) : undefined;
      // Each filter is an equality the (organizationId, column, occurredAt, id) indexes serve in the list's order.
      const where: Prisma.AuditEventWhereInput = {
        organizationId: params.organizationId,
        ...(from || to ? { occurredAt: { ...(from ? { gte: from } : {}), ...(to ? { lte: to } : {}) } } : {}),
        ...(query.action ? { action: query.action } : {}),
        ...(query.actor ? { actorId: query.actor } : {}),
        ...(query.targetType ? { targetType: query.targetType } : {}),
        ...(query.target ? { targetId: query.target } : {}),
      };
      const body = await listRows(request, {
        model: ctx.prisma.auditEvent,
        where,
        order: NEWEST_FIRST,
        defaultLimit: 20,
        serialize: (events) => events.map((event) => serializeAuditEvent(ctx.baseUrl, event)),
      });
      // An empty range is a mistake (swapped bounds), not a question with no answer: say so. After the list is read,
      // so that a bad cursor sent with it is named first (its query is empty: the index's range has nothing in it).
      if (from && to && to < from) throw badRequest("invalid_request", "request/query/to must not be before request/query/from");
      return { status: 200, body };
    },
  }),

  getOrganizationAuditEvent: defineOperation("getOrganizationAuditEvent", {
    handle: async ({ ctx, params }) => {
      // Events are named by UUIDs (the column's type): anything else names no event.
      const event = UUID.test(params.auditEventId)
        ? await ctx.prisma.auditEvent.findFirst({ where: { id: params.auditEventId, organizationId: params.organizationId } })
        : null;
      if (!event) throw notFound("Audit event");
      return { status: 200, body: serializeAuditEventDetails(ctx.baseUrl, event) };
    },
  }),

  listOrganizationAuditEventActions: defineOperation("listOrganizationAuditEventActions", {
    handle: async () => ({ status: 200, body: { items: auditActions().map((action) => ({ object: "audit-event-action" as const, ...action })) } }),
  }),
} satisfies AreaOperations;
