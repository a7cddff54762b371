// A publication: the request checked for what its schema cannot say (400), then turned
// into the integration's new version. Each publication replaces the previous version as
// a whole; only `icon`, `visibility` and `secrets` carry over when omitted.
import type { Schemas } from "@docstack/contract";
import type { Db, Tx } from "../../db/database";
import type { Integration, Prisma } from "../../generated/prisma/client";
import { badRequest } from "../../http/errors";
import type { RequestBody } from "../../http/operation";
import { integrationCategory } from "../../models/contract-enums";
import { type DecodedImage, decodeImage, storeImage } from "./images";

type Publication = RequestBody<"publishIntegration">;
type ConfigurationSchema = Schemas["IntegrationConfigurationSchema"];

/** The longest Content Security Policy an integration returns (the contract's limit). */
const CSP_MAX_LENGTH = 4096;

function requireUniqueIds(items: readonly { id: string }[] | undefined, field: string): void {
  const seen = new Set<string>();
  for (const [index, item] of (items ?? []).entries()) {
    if (seen.has(item.id))
      throw badRequest("invalid_request", `request/body/${field}/${index}/id: "${item.id}" is the id of an earlier item; ids must be unique`);
    seen.add(item.id);
  }
}

const valueType = (value: unknown) => (typeof value === "number" ? "number" : typeof value);

/** A form's `required` names its fields; a field's `default` and `enum` fit its `type`. */
function checkConfiguration(schema: ConfigurationSchema | undefined, field: string): void {
  if (!schema) return;
  for (const [index, name] of (schema.required ?? []).entries()) {
    if (!Object.hasOwn(schema.properties, name))
      throw badRequest("invalid_request", `${field}/required/${index}: "${name}" is not one of the form's properties`);
  }
  for (const [name, property] of Object.entries(schema.properties)) {
    const where = `${field}/properties/${name}`;
    if (property.enum && property.type !== "string") throw badRequest("invalid_request", `${where}/enum: only a string field takes a list of values`);
    if (property.default === undefined) continue;
    if (property.type === "button") throw badRequest("invalid_request", `${where}/default: a button holds no value`);
    if (valueType(property.default) !== property.type) throw badRequest("invalid_request", `${where}/default: must be a ${property.type}, the field's type`);
    if (property.enum && !property.enum.includes(property.default as string))
      throw badRequest("invalid_request", `${where}/default: must be one of the field's enum`);
  }
}

/** The policy as one header value: a map's directives joined as `name value; name value`. */
function contentSecurityPolicy(policy: Publication["contentSecurityPolicy"]): string | null {
  if (policy === undefined) return null;
  const joined =
    typeof policy === "string"
      ? policy
      : Object.entries(policy)
          .map(([directive, value]) => `${directive} ${value}`.trim())
          .join("; ");
  if (joined.length > CSP_MAX_LENGTH)
    throw badRequest("invalid_request", `request/body/contentSecurityPolicy: longer than ${CSP_MAX_LENGTH} characters once joined`);
  return joined;
}

export interface CheckedPublication {
  body: Publication;
  icon: DecodedImage | undefined;
  previewImages: DecodedImage[];
  contentSecurityPolicy: string | null;
}

/** Every 400 of a publication, before anything is written. */
export function checkPublication(body: Publication): CheckedPublication {
  requireUniqueIds(body.blocks, "blocks");
  requireUniqueIds(body.contentSources, "contentSources");
  for (const form of ["account", "space", "site"] as const) checkConfiguration(body.configurations?.[form], `request/body/configurations/${form}`);
  return {
    body,
    icon: body.icon === undefined ? undefined : decodeImage(body.icon, "request/body/icon"),
    previewImages: (body.previewImages ?? []).map((image, index) => decodeImage(image, `request/body/previewImages/${index}`)),
    contentSecurityPolicy: contentSecurityPolicy(body.contentSecurityPolicy),
  };
}

/** The columns of the new version (its number and owner aside), with its images stored. */
export async function versionData(tx: Tx | Db, checked: CheckedPublication, previous: Integration | null) {
  const { body } = checked;
  const previewImageBlobs: string[] = [];
  for (const image of checked.previewImages) previewImageBlobs.push(await storeImage(tx, image));
  return {
    title: body.title,
    description: body.description,
    summary: body.summary ?? null,
    visibility: body.visibility ?? previous?.visibility ?? "private",
    target: body.target ?? "all",
    scopes: body.scopes ?? [],
    categories: (body.categories ?? []).map(integrationCategory.column),
    blocks: (body.blocks ?? []) as Prisma.InputJsonArray,
    contentSources: (body.contentSources ?? []) as Prisma.InputJsonArray,
    configurations: (body.configurations ?? {}) as Prisma.InputJsonObject,
    externalLinks: (body.externalLinks ?? []) as Prisma.InputJsonArray,
    iconBlob: checked.icon ? await storeImage(tx, checked.icon) : (previous?.iconBlob ?? null),
    previewImageBlobs,
    script: body.script,
    secrets: (body.secrets ?? previous?.secrets ?? {}) as Prisma.InputJsonObject,
    contentSecurityPolicy: checked.contentSecurityPolicy,
  };
}
