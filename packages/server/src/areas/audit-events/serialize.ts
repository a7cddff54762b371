// Audit events in GitBook's shapes (AuditEvent; AuditEventDetails for one event).
import type { Schemas } from "@docstack/contract";
import type { AuditEvent } from "../../generated/prisma/client";

export function serializeAuditEvent(baseUrl: string, event: AuditEvent): Schemas["AuditEvent"] {
  return {
    object: "audit-event",
    id: event.id,
    occurredAt: event.occurredAt.toISOString(),
    action: event.action,
    actor: {
      type: event.actorType,
      id: event.actorId,
      ...(event.actorLabel !== null ? { label: event.actorLabel } : {}),
    },
    source: event.source,
    target: { type: event.targetType, id: event.targetId, ...(event.targetLabel !== null ? { label: event.targetLabel } : {}) },
    urls: { location: `${baseUrl}/v1/orgs/${event.organizationId}/audit-events/${event.id}` },
  };
}

export function serializeAuditEventDetails(baseUrl: string, event: AuditEvent): Schemas["AuditEventDetails"] {
  return { ...serializeAuditEvent(baseUrl, event), executionId: event.requestId, schemaVersion: 1, payload: { operationId: event.operationId } };
}
