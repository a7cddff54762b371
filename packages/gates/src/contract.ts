// The operations of the bundled contract, as the gates need them: parameters and
// request body with their `$ref`s resolvable, the statuses each one declares, and
// whether the registry implements it. Both gates iterate this list, so an
// operation added to the contract is covered without a test written for it.
import { HTTP_METHODS, type HttpMethod, loadOpenapiDocument, type OpenapiDocument } from "@docstack/contract";
import { type OperationId, registry } from "@docstack/server/testing";

/** A JSON Schema of the contract (the OpenAPI 3.1 dialect), refs not yet resolved. */
export type Schema = { [keyword: string]: unknown };

export interface GateParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  description: string;
  schema: Schema;
  /** The component the parameter comes from (e.g. "page" for #/components/parameters/page). */
  component?: string;
}

export interface GateOperation {
  operationId: OperationId;
  method: HttpMethod;
  /** The contract's path, e.g. /v1/spaces/{spaceId} */
  path: string;
  description: string;
  parameters: GateParameter[];
  /** Its JSON body, and every media type its body may be sent as (JSON, and a form where a webhook receiver takes one). */
  body?: { schema: Schema; required: boolean; mediaTypes: string[] };
  /** The statuses the operation declares (not `default`). */
  statuses: number[];
  /** The largest request body, in bytes, where the contract raises it (x-docstack-body-limit). */
  bodyLimit?: number;
  /** Open to anyone: its `security` (or the document's) allows calling it without credentials. */
  public: boolean;
  /** x-docstack-raw-body: authorized by a signature of its body (a webhook receiver), which the gates do not make. */
  signedBody: boolean;
  /** Answers 501 (a `pendingOperation` of the registry). */
  notImplemented: boolean;
  /** The top-level properties of its success answer's JSON body (what a creator's answer can name). */
  answerFields: string[];
}

export const document: OpenapiDocument = loadOpenapiDocument();

/** The target of a local `$ref` such as #/components/schemas/Id. */
export function resolvePointer(ref: string): unknown {
  if (!ref.startsWith("#/")) throw new Error(`Only local $refs are supported, got ${ref}`);
  let node: unknown = document;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    node = (node as Record<string, unknown> | undefined)?.[key];
    if (node === undefined) throw new Error(`Unresolvable $ref ${ref}`);
  }
  return node;
}

/**
 * A schema with its top-level `$ref` followed (repeatedly). Keywords next to a
 * `$ref` (OpenAPI 3.1 allows a description or a default there) are kept over the target's.
 */
export function deref(schema: Schema): Schema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === "string"; hops++) {
    if (hops > 32) throw new Error(`$ref cycle at ${String(schema.$ref)}`);
    const { $ref, ...siblings } = current;
    current = { ...(resolvePointer($ref as string) as Schema), ...siblings };
  }
  return current;
}

function parameterOf(raw: Schema): GateParameter {
  const component = typeof raw.$ref === "string" ? raw.$ref.split("/").pop() : undefined;
  const p = deref(raw) as Schema & { name: string; in: GateParameter["in"]; required?: boolean; description?: string; schema: Schema };
  return {
    name: p.name,
    in: p.in,
    required: p.required === true,
    description: String(p.description ?? ""),
    schema: p.schema,
    ...(component ? { component } : {}),
  };
}

/** The properties a JSON body schema declares (through `allOf` too). */
function propertiesOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  const resolved = deref(schema);
  return [
    ...Object.keys((resolved.properties as Record<string, unknown> | undefined) ?? {}),
    ...((resolved.allOf as Schema[] | undefined) ?? []).flatMap((part) => propertiesOf(part)),
  ];
}

function answerFieldsOf(responses: Record<string, unknown>): string[] {
  const success = Object.entries(responses).find(([status]) => /^2\d\d$/.test(status))?.[1] as Schema | undefined;
  const content = success && (deref(success).content as Record<string, { schema?: Schema }> | undefined);
  return propertiesOf(content?.["application/json"]?.schema);
}

/** No requirement at all, or an empty alternative (`{}`), means no credentials are needed. */
const isPublic = (security: Record<string, unknown>[]) => security.length === 0 || security.some((alternative) => Object.keys(alternative).length === 0);

function loadOperations(): GateOperation[] {
  const operations: GateOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as (Schema & { operationId: string; responses: Record<string, unknown> }) | undefined;
      if (!operation) continue;
      // Operation-level parameters override path-level ones of the same name and location.
      const byKey = new Map<string, GateParameter>();
      for (const raw of [...((item.parameters ?? []) as Schema[]), ...((operation.parameters ?? []) as Schema[])]) {
        const parameter = parameterOf(raw);
        byKey.set(`${parameter.in}:${parameter.name}`, parameter);
      }
      const requestBody = operation.requestBody
        ? (deref(operation.requestBody as Schema) as { required?: boolean; content: Record<string, { schema: Schema }> })
        : undefined;
      const json = requestBody?.content["application/json"];
      if (requestBody && !json) throw new Error(`${operation.operationId}: only application/json request bodies are supported by the gates`);
      const operationId = operation.operationId as OperationId;
      const definition = registry[operationId];
      if (!definition) throw new Error(`${operationId} is in the contract but not in the registry`);
      operations.push({
        operationId,
        method,
        path,
        description: String(operation.description ?? ""),
        parameters: [...byKey.values()],
        ...(json ? { body: { schema: json.schema, required: requestBody?.required === true, mediaTypes: Object.keys(requestBody!.content) } } : {}),
        ...(typeof operation["x-docstack-body-limit"] === "number" ? { bodyLimit: operation["x-docstack-body-limit"] } : {}),
        statuses: Object.keys(operation.responses)
          .filter((s) => /^\d{3}$/.test(s))
          .map(Number),
        signedBody: operation["x-docstack-raw-body"] === true,
        public: isPublic((operation.security ?? (document as { security?: unknown }).security ?? []) as Record<string, unknown>[]),
        notImplemented: definition.notImplemented === true,
        answerFields: answerFieldsOf(operation.responses),
      });
    }
  }
  return operations;
}

export const operations: readonly GateOperation[] = loadOperations();

export const isWrite = (operation: GateOperation) => operation.method !== "get";
/** The list cursor, a signed token only a previous response can give (not any string). */
export const isCursor = (parameter: GateParameter) => parameter.component === "page";
