// Custom fields: definitions of an organization, and their values on its spaces.

import { isUniqueViolation } from "../../db/errors";
import { newId } from "../../db/ids";
import { badRequest, conflict, notFound } from "../../http/errors";
import { listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import { orderBy, type SortField } from "../../http/pagination";
import { customFieldType } from "../../models/contract-enums";
import { orgRole } from "../../policy/content";
import { customFieldPermissions } from "./policy";
import { serializeCustomField } from "./serialize";
import { findField, pruneValues } from "./store";
import { type FieldType, type FieldValue, misfit, takesOptions } from "./values";

/** IDs sort by creation (db/ids.ts): the order fields were created in. */
const BY_CREATION: SortField[] = [{ field: "id", direction: "asc" }];

/** `select` and `multi-select` need options; the other types take none. */
function checkOptions(type: FieldType, options: string[] | undefined): void {
  if (takesOptions(type) && options === undefined) throw badRequest("invalid_request", `request/body/options: a ${type} field needs options`);
  if (!takesOptions(type) && options !== undefined)
    throw badRequest("invalid_request", `request/body/options: a ${type} field takes no options (only select and multi-select fields do)`);
}

export const customFieldsOperations = {
  listSpaceCustomFieldValues: defineOperation("listSpaceCustomFieldValues", {
    handle: async ({ ctx }, { space }) => {
      const [fields, values] = await Promise.all([
        ctx.prisma.customField.findMany({ where: { organizationId: space.organizationId }, orderBy: orderBy(BY_CREATION) }),
        ctx.prisma.customFieldValue.findMany({ where: { spaceId: space.id } }),
      ]);
      const valueByField = new Map(values.map((row) => [row.fieldId, row.value]));
      const permissions = customFieldPermissions(orgRole(ctx, space.organizationId));
      const body = fields.map((field) => ({
        customField: serializeCustomField(ctx, field, permissions),
        ...(valueByField.has(field.id) ? { value: valueByField.get(field.id) as FieldValue } : {}),
      }));
      return { status: 200, body };
    },
  }),

  updateSpaceCustomFieldValues: defineOperation("updateSpaceCustomFieldValues", {
    handle: async ({ ctx, body }, { space }) => {
      const updates = Object.entries(body.values);
      await ctx.prisma.$transaction(async (tx) => {
        const fields = await tx.customField.findMany({ where: { organizationId: space.organizationId, name: { in: updates.map(([name]) => name) } } });
        const byName = new Map(fields.map((field) => [field.name, field]));
        // Every problem at once, and nothing written unless there is none.
        const problems: string[] = [];
        const writes = updates.flatMap(([name, { value }]) => {
          const field = byName.get(name);
          const why = !field ? `this organization has no custom field named "${name}"` : value === null ? undefined : misfit(field, value);
          if (why) problems.push(`request/body/values/${name}: ${why}`);
          return field && !why ? [{ fieldId: field.id, value }] : [];
        });
        if (problems.length > 0) throw badRequest("invalid_request", problems.join("; "));
        for (const { fieldId, value } of writes) {
          const key = { spaceId_fieldId: { spaceId: space.id, fieldId } };
          if (value === null) await tx.customFieldValue.deleteMany({ where: { spaceId: space.id, fieldId } });
          else await tx.customFieldValue.upsert({ where: key, create: { spaceId: space.id, fieldId, value }, update: { value } });
        }
      });
      return { status: 204 };
    },
  }),

  listCustomFields: defineOperation("listCustomFields", {
    handle: async (request, { permissions }) => {
      const { ctx, params } = request;
      const where = { organizationId: params.organizationId };
      const body = await listRows(request, {
        model: ctx.prisma.customField,
        where,
        order: BY_CREATION,
        serialize: (fields) => fields.map((field) => serializeCustomField(ctx, field, permissions)),
      });
      return { status: 200, body };
    },
  }),

  createCustomField: defineOperation("createCustomField", {
    handle: async ({ ctx, params, body }, { permissions }) => {
      checkOptions(body.type, body.options);
      try {
        const field = await ctx.prisma.customField.create({
          data: {
            id: newId(),
            organizationId: params.organizationId,
            name: body.name,
            type: customFieldType.column(body.type),
            title: body.title ?? null,
            description: body.description ?? null,
            placeholder: body.placeholder ?? null,
            options: body.options ?? [],
          },
        });
        return { status: 201, body: serializeCustomField(ctx, field, permissions) };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("name_taken", `This organization already has a custom field named "${body.name}"`);
        throw error;
      }
    },
  }),

  getCustomField: defineOperation("getCustomField", {
    handle: async ({ ctx, params }, { permissions }) => ({
      status: 200,
      body: serializeCustomField(ctx, await findField(ctx.prisma, params.organizationId, params.fieldName), permissions),
    }),
  }),

  deleteCustomField: defineOperation("deleteCustomField", {
    // The spaces' values go with it (cascade).
    handle: async ({ ctx, params }) => {
      const { count } = await ctx.prisma.customField.deleteMany({ where: { organizationId: params.organizationId, name: params.fieldName } });
      if (count === 0) throw notFound("Custom field");
      return { status: 204 };
    },
  }),

  updateCustomField: defineOperation("updateCustomField", {
    handle: async ({ ctx, params, body }, { permissions }) => {
      const updated = await ctx.prisma.$transaction(async (tx) => {
        const field = await findField(tx, params.organizationId, params.fieldName);
        if (body.options !== undefined) {
          checkOptions(customFieldType.value(field.type), body.options);
          await pruneValues(tx, field, body.options);
        }
        return tx.customField.update({
          where: { id: field.id },
          data: { title: body.title, description: body.description, placeholder: body.placeholder, options: body.options },
        });
      });
      return { status: 200, body: serializeCustomField(ctx, updated, permissions) };
    },
  }),
} satisfies AreaOperations;
