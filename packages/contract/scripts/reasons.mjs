// The contract's error reasons (`ErrorReason` in openapi/common/schemas.yaml: a `oneOf` of
// `const` values, each with its `x-docstack-status` and description): checked, emitted as a
// typed table (src/reasons.ts) the server raises errors from, and as docs/errors.md.

const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** The reasons of the bundled document, in their order: [{reason, status, description}]. */
export function errorReasonsOf(document) {
  const schema = document.components?.schemas?.ErrorReason;
  if (!Array.isArray(schema?.oneOf)) throw new Error("components.schemas.ErrorReason must be a oneOf of const values");
  const seen = new Set();
  return schema.oneOf.map((item, index) => {
    const where = `ErrorReason.oneOf[${index}]`;
    const { const: reason, "x-docstack-status": status, description } = item;
    if (typeof reason !== "string" || !SNAKE_CASE.test(reason)) throw new Error(`${where}: const must be a snake_case string`);
    if (seen.has(reason)) throw new Error(`${where}: ${reason} is declared twice`);
    seen.add(reason);
    if (!Number.isInteger(status) || status < 400 || status > 599) throw new Error(`${where} (${reason}): x-docstack-status must be a 4xx or 5xx status`);
    if (typeof description !== "string" || !description.trim()) throw new Error(`${where} (${reason}): a description says what it means`);
    return { reason, status, description: description.trim() };
  });
}

/** src/reasons.ts: each reason's status and meaning, checked against the generated union both ways. */
export function reasonsModule(reasons) {
  const table = Object.fromEntries(reasons.map(({ reason, status, description }) => [reason, { status, description }]));
  return `// Generated from openapi/ by \`pnpm gen\` (packages/contract/scripts/reasons.mjs). Do not edit.
// Each error reason of the contract (\`ErrorReason\`): the HTTP status it answers with, and what it means.
import type { components } from "./schema";

export const errorReasons = ${JSON.stringify(table, null, 2)} as const satisfies Record<components["schemas"]["ErrorReason"], { status: number; description: string }>;
`;
}

/** docs/errors.md: the reasons as a table, by status. */
export function errorsDocument(reasons) {
  const cell = (text) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
  const rows = [...reasons]
    .sort((a, b) => a.status - b.status)
    .map(({ reason, status, description }) => `| \`${reason}\` | ${status} | ${cell(description)} |`);
  return `<!-- Generated from openapi/common/schemas.yaml (ErrorReason) by \`npm run gen\` (packages/contract/scripts/reasons.mjs). Do not edit. -->
# Errors

Every failure answers with one body:

\`\`\`json
{ "error": { "code": 409, "type": "conflict", "reason": "space_locked", "message": "This space is locked: …", "requestId": "…" } }
\`\`\`

- \`code\` is the HTTP status.
- \`type\` is the kind of failure, one per status (\`invalid_request\`, \`unauthenticated\`, \`forbidden\`, \`not_found\`,
  \`conflict\`, \`rate_limited\`, \`internal_error\`, …), as GitBook's API has it.
- \`reason\` names the cause: one stable value per cause, from the table below. Two causes of one status (a locked
  space and a merged change request both answer 409 \`conflict\`) have two reasons; one cause raised in two places
  has one. New reasons may be added: treat an unknown one by its \`type\`.
- \`message\` says what went wrong for a person (it names the field and the rule of an invalid request); it may change.
- \`requestId\` is also in the \`X-Request-Id\` header and in the server's logs.

The SDK's \`DocstackError\` carries \`reason\`, typed with this list (\`ErrorReason\` of \`@docstack/contract\`).
A reason is declared in the contract before the server can raise it (\`ApiError\` takes only declared reasons, each
with its status), and a test fails when a declared reason is raised nowhere.

| Reason | Status | Meaning |
| --- | --- | --- |
${rows.join("\n")}
`;
}
