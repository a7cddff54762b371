// The contract's policy rules (openapi/policies.yaml and each operation's `x-docstack-policy`):
// checked against the policy kinds, written into each operation's description as its "Needs"
// line, and emitted as typed constants (src/policy.ts) the server authorizes requests from.

const ROLES = ["read", "comment", "edit", "review", "create", "admin"];
const LEVELS = ["guest", "author", ...ROLES];
const METHODS = ["get", "put", "post", "delete", "patch"];
const RULE_KEYS = ["on", "needs", "role", "fields", "self", "and", "when"];

const code = (text) => `\`${text}\``;

function list(words) {
  return words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** Throws unless `rule` only names kinds, permissions and roles that exist. */
function checkRule(kinds, rule, where) {
  const fail = (problem) => {
    throw new Error(`${where}: x-docstack-policy ${JSON.stringify(rule)}: ${problem}`);
  };
  if (!rule || typeof rule !== "object") fail("missing (every operation declares its rule)");
  for (const key of Object.keys(rule)) if (!RULE_KEYS.includes(key)) fail(`unknown key ${key}`);
  const kind = kinds[rule.on];
  if (!kind) fail(`unknown kind ${rule.on} (see openapi/policies.yaml)`);
  const permissions = Object.keys(kind.permissions ?? {});
  const permission = (name) => permissions.includes(name) || fail(`${rule.on} has no permission ${name}`);
  if (rule.needs !== undefined) permission(rule.needs);
  if (rule.self !== undefined) permission(rule.self);
  if (rule.role !== undefined && !ROLES.includes(rule.role)) fail(`unknown role ${rule.role}`);
  if (rule.needs !== undefined && rule.role !== undefined) fail("needs and role are alternatives");
  if (permissions.length > 0 && rule.needs === undefined && rule.role === undefined) fail("needs a permission or a role");
  for (const [name, fields] of Object.entries(rule.fields ?? {})) {
    permission(name);
    if (!Array.isArray(fields) || fields.length === 0) fail(`fields.${name} must list body fields`);
  }
  if (rule.when !== undefined && (typeof rule.when !== "object" || Object.keys(rule.when).length === 0)) fail("when must name body fields and values");
  for (const [index, further] of (rule.and ?? []).entries()) checkRule(kinds, further, `${where}, and[${index}]`);
}

/** Who a permission's level lets in, in words. */
function levelText(kind, permission) {
  const note = kind.notes?.[permission];
  if (note) return note;
  const least = kind.permissions[permission];
  if (least === "guest") return "any member of the organization, guests included";
  if (least === "admin") return "role `admin`";
  return `role ${code(least)} or more`;
}

function requirement(kinds, rule) {
  const kind = kinds[rule.on];
  const when = rule.when ? `when ${list(Object.entries(rule.when).map(([field, value]) => `${code(field)} is ${code(value)}`))}, ` : "";
  if (rule.role) return `${when}role ${code(rule.role)} or more on ${kind.noun}${kind.roleNote ? ` (${kind.roleNote})` : ""}`;
  return `${when}${code(rule.needs)} on ${kind.noun} (${levelText(kind, rule.needs)})`;
}

/** The sentence that ends an operation's description. */
export function needsLine(kinds, rule) {
  const kind = kinds[rule.on];
  // Kinds without permissions (the caller, anyone) say in their own words what they need.
  if (kind.line) return kind.line;
  const parts = [requirement(kinds, rule), ...(rule.and ?? []).map((further) => requirement(kinds, further))];
  let line = `Needs ${parts.join("; and ")}.`;
  if (rule.self) line += ` Acting on yourself (your own \`userId\`), ${code(rule.self)} is enough.`;
  for (const [permission, fields] of Object.entries(rule.fields ?? {})) {
    line += ` ${list(fields.map(code))} ${fields.length > 1 ? "need" : "needs"} ${code(permission)} on ${kind.noun} (${levelText(kind, permission)}).`;
  }
  return line;
}

/**
 * Checks every operation's rule and appends its "Needs" line to its description (in place).
 * Returns the rules by operationId.
 */
export function applyPolicies(document) {
  const kinds = document["x-docstack-policies"];
  if (!kinds) throw new Error("openapi.yaml: x-docstack-policies is missing");
  for (const [name, kind] of Object.entries(kinds)) {
    for (const [permission, least] of Object.entries(kind.permissions ?? {})) {
      if (!LEVELS.includes(least)) throw new Error(`policies.yaml: ${name}.${permission}: unknown level ${least}`);
      if (least === "author" && !ROLES.includes(kind.author?.[permission])) throw new Error(`policies.yaml: ${name}.author.${permission} must be a role`);
    }
  }
  const rules = {};
  // The reads a site's content token may make, each on the kind that lists it, with GET: id → kind.
  const contentTokenReads = new Map();
  for (const [name, kind] of Object.entries(kinds)) for (const id of kind.contentTokenReads ?? []) contentTokenReads.set(id, name);
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const rule = operation["x-docstack-policy"];
      checkRule(kinds, rule, `${method.toUpperCase()} ${path}`);
      const open = Array.isArray(operation.security) && operation.security.length === 0;
      if (open !== Boolean(kinds[rule.on].public)) {
        throw new Error(
          `${method.toUpperCase()} ${path}: ${open ? "takes no token (security: []) but its rule is on" : "takes a token but its rule is on"} ${rule.on}`,
        );
      }
      rules[operation.operationId] = rule;
      let line = needsLine(kinds, rule);
      if (contentTokenReads.has(operation.operationId)) {
        if (method !== "get" || contentTokenReads.get(operation.operationId) !== rule.on)
          throw new Error(`policies.yaml: ${rule.on}.contentTokenReads lists ${operation.operationId}, which is not a GET on ${rule.on}`);
        contentTokenReads.delete(operation.operationId);
        line += " A site's content token (`apiToken` of `GET /v1/urls/published`) may read it too, on the spaces of its site.";
      }
      const description = (operation.description ?? "").trimEnd();
      operation.description = `${description}${description ? "\n\n" : ""}${line}\n`;
    }
  }
  if (contentTokenReads.size > 0) throw new Error(`policies.yaml: contentTokenReads names unknown operations: ${[...contentTokenReads.keys()].join(", ")}`);
  return rules;
}

/** src/policy.ts: the kinds and the rules, as constants with literal types. */
export function policyModule(kinds, rules) {
  const json = (value) => JSON.stringify(value, null, 2);
  return `// Generated from openapi/ by \`pnpm gen\` (packages/contract/scripts/policy.mjs). Do not edit.
// The policy kinds (openapi/policies.yaml) and each operation's rule (its \`x-docstack-policy\`).

export const policyKinds = ${json(kinds)} as const;

export const operationPolicies = ${json(rules)} as const;
`;
}
