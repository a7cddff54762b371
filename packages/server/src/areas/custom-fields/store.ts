// Reads and writes of custom fields shared by their operations.
import type { Db, Tx } from "../../db/database";
import type { CustomField } from "../../generated/prisma/client";
import { notFound } from "../../http/errors";
import { customFieldType } from "../../models/contract-enums";
import { keptWithOptions } from "./values";

/** A field of the organization by name (404 otherwise). */
export async function findField(db: Db | Tx, organizationId: string, name: string): Promise<CustomField> {
  const field = await db.customField.findUnique({ where: { organizationId_name: { organizationId, name } } });
  if (!field) throw notFound("Custom field");
  return field;
}

/** Takes out of the spaces' values of a field the options it no longer offers. */
export async function pruneValues(tx: Tx, field: Pick<CustomField, "id" | "type">, options: readonly string[]): Promise<void> {
  for (const row of await tx.customFieldValue.findMany({ where: { fieldId: field.id } })) {
    const key = { spaceId_fieldId: { spaceId: row.spaceId, fieldId: field.id } };
    const kept = keptWithOptions(customFieldType.value(field.type), row.value, options);
    if (kept === undefined) await tx.customFieldValue.delete({ where: key });
    else if (JSON.stringify(kept) !== JSON.stringify(row.value)) await tx.customFieldValue.update({ where: key, data: { value: kept } });
  }
}
