-- The audit log's filters (person, action, target type, target) each served by an index that reads an
-- organization's matching events newest first, as the unfiltered list's index does.

-- CreateIndex
CREATE INDEX "AuditEvent_organizationId_actorId_occurredAt_id_idx" ON "AuditEvent"("organizationId", "actorId", "occurredAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "AuditEvent_organizationId_action_occurredAt_id_idx" ON "AuditEvent"("organizationId", "action", "occurredAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "AuditEvent_organizationId_targetType_occurredAt_id_idx" ON "AuditEvent"("organizationId", "targetType", "occurredAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "AuditEvent_organizationId_targetId_occurredAt_id_idx" ON "AuditEvent"("organizationId", "targetId", "occurredAt" DESC, "id" DESC);
