// Adaptive content's conditions (`visitor.claims.plan == "enterprise" && visitor.claims.unsigned.beta`):
// parsed by jsep into an AST and evaluated here over plain data, never with eval or
// Function. Only a small subset is accepted: literals, `visitor` and member access on it,
// comparisons, `&&`, `||`, `!`, a minus before a number, array literals and `.includes()`.
// Anything else is refused when a condition is written (400 naming the position), and a
// stored condition that does not check (written before these rules) is false.
import jsep from "jsep";
import { LRUCache } from "lru-cache";
import { badRequest } from "../../http/errors";

/** The longest condition accepted (the contract's maxLength). */
export const MAX_CONDITION_LENGTH = 1024;
/** The deepest nesting of brackets; and of the AST (long `||` chains are deep, all within the length). */
const MAX_BRACKETS = 32;
const MAX_DEPTH = 256;
const MAX_ARRAY = 100;

const BINARY = new Set(["||", "&&", "==", "!=", "===", "!==", "<", ">", "<=", ">="]);
const UNARY = new Set(["!", "-"]);
const ROOT = "visitor";
/** Names that reach JavaScript's object machinery, refused even as data. */
const FORBIDDEN_NAMES = new Set(["__proto__", "constructor", "prototype", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__"]);

// jsep is configured once for this process (nothing else here uses it): operators outside
// the subset are not operators at all, so writing one is a syntax error with its position.
for (const op of Object.keys(jsep.binary_ops)) if (!BINARY.has(op)) jsep.removeBinaryOp(op);
for (const op of Object.keys(jsep.unary_ops)) if (!UNARY.has(op)) jsep.removeUnaryOp(op);
jsep.addLiteral("undefined", undefined);
// `this` is an ordinary (unknown) name.
jsep.this_str = "\u0000";

/** Where each token began (tokens parsed by jsep), to name positions in messages. */
const starts = new WeakMap<object, number>();
/** Where each expression ended: for the second expression of a compound. */
const ends = new WeakMap<object, number>();
let open: number[] = [];
jsep.hooks.add("gobble-token", function (this: jsep.HookScope) {
  // Numeric literals return without the after-token hook: no start to pair.
  if (!(/[0-9.]/.test(this.char) && this.char !== "")) open.push(this.index);
});
jsep.hooks.add("after-token", function (this: jsep.HookScope, env) {
  const start = open.pop();
  if (env.node && start !== undefined) starts.set(env.node, start);
});
jsep.hooks.add(
  "after-expression",
  function (this: jsep.HookScope, env) {
    if (env.node) ends.set(env.node, this.index);
    // Before jsep's own ternary plugin: `? :` is not part of the subset.
    if (env.node && this.char === "?" && this.expr[this.index + 1] !== ".") this.throwError('Unexpected "?" (conditional expressions are not supported)');
  },
  true,
);

export type ConditionCheck = { ok: true; ast: jsep.Expression } | { ok: false; message: string; index: number };

/** The condition parsed and checked against the subset; a refusal names what and where. */
export function checkCondition(text: string): ConditionCheck {
  if (text.length > MAX_CONDITION_LENGTH) return { ok: false, message: `longer than ${MAX_CONDITION_LENGTH} characters`, index: MAX_CONDITION_LENGTH };
  if (text.trim() === "") return { ok: false, message: "empty condition", index: 0 };
  const tooDeep = nestingBeyond(text, MAX_BRACKETS);
  if (tooDeep !== undefined) return { ok: false, message: `brackets nested more than ${MAX_BRACKETS} levels deep`, index: tooDeep };
  let ast: jsep.Expression;
  open = [];
  try {
    ast = jsep(text);
  } catch (error) {
    const { index, description } = error as { index?: number; description?: string };
    return { ok: false, message: description ?? "not an expression", index: index ?? 0 };
  }
  const problem = checkNode(ast, 0, text);
  return problem ? { ok: false, ...problem } : { ok: true, ast };
}

/** Refuses (400, naming the position) a condition being written that does not check; null and undefined pass. */
export function assertCondition(field: string, condition: string | null | undefined): void {
  if (condition === null || condition === undefined) return;
  const check = checkCondition(condition);
  if (!check.ok) throw badRequest("invalid_request", `${field}: not a valid condition: ${check.message} at position ${check.index}`);
}

/** The position of the first bracket opened deeper than `max` (outside string literals), if any. */
function nestingBeyond(text: string, max: number): number | undefined {
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "(" || c === "[") {
      if (++depth > max) return i;
    } else if (c === ")" || c === "]") depth--;
  }
  return undefined;
}

/** Where a node begins: its own start, else its leftmost part's. */
function positionOf(node: jsep.Expression): number {
  for (let current: jsep.Expression | undefined = node; current; ) {
    const start = starts.get(current);
    if (start !== undefined) return start;
    current = (current.left ?? current.object ?? current.callee ?? current.test ?? (current.body as jsep.Expression[] | undefined)?.[0]) as
      | jsep.Expression
      | undefined;
  }
  return 0;
}

type Problem = { message: string; index: number };

function checkNode(node: jsep.Expression, depth: number, text: string): Problem | undefined {
  const at = (message: string, index = positionOf(node)): Problem => ({ message, index });
  if (depth > MAX_DEPTH) return at(`nested more than ${MAX_DEPTH} levels deep`);
  switch (node.type) {
    case "Literal":
      return node.value instanceof RegExp ? at("regular expressions are not supported") : undefined;
    case "Identifier":
      return node.name === ROOT ? undefined : at(`unknown name "${String(node.name)}" (conditions read \`visitor.claims\`)`);
    case "MemberExpression": {
      const property = node.property as jsep.Expression;
      const name = node.computed ? (property.type === "Literal" ? property.value : undefined) : property.name;
      if (typeof name !== "string" && typeof name !== "number") return at("a computed member must be a string or number literal");
      // Property names are not tokens jsep reports: the first place the name occurs after the object's start.
      if (FORBIDDEN_NAMES.has(String(name))) return at(`the property "${String(name)}" is not allowed`, text.indexOf(String(name), positionOf(node) + 1));
      return checkNode(node.object as jsep.Expression, depth + 1, text);
    }
    case "CallExpression": {
      const callee = node.callee as jsep.Expression;
      const args = node.arguments as jsep.Expression[];
      if (callee.type !== "MemberExpression" || callee.computed || (callee.property as jsep.Expression).name !== "includes")
        return at("the only call allowed is `.includes(value)`");
      if (args.length !== 1) return at("`.includes()` takes exactly one value");
      return checkNode(callee.object as jsep.Expression, depth + 1, text) ?? checkNode(args[0]!, depth + 1, text);
    }
    case "UnaryExpression": {
      const argument = node.argument as jsep.Expression;
      if (node.operator === "-" && (argument.type !== "Literal" || typeof argument.value !== "number")) return at("`-` is only allowed before a number");
      return checkNode(argument, depth + 1, text);
    }
    case "BinaryExpression":
      return checkNode(node.left as jsep.Expression, depth + 1, text) ?? checkNode(node.right as jsep.Expression, depth + 1, text);
    case "ArrayExpression": {
      const elements = node.elements as (jsep.Expression | null)[];
      if (elements.length > MAX_ARRAY) return at(`an array may hold up to ${MAX_ARRAY} values`);
      for (const element of elements) {
        if (!element) return at("arrays may not have holes");
        const problem = checkNode(element, depth + 1, text);
        if (problem) return problem;
      }
      return undefined;
    }
    case "Compound": {
      const first = (node.body as jsep.Expression[])[0];
      return at("a condition is one expression", first ? (ends.get(first) ?? 0) : 0);
    }
    default:
      return at(`${node.type} is not supported`);
  }
}

/** The data a condition reads: `visitor.claims`, signed claims with unsigned ones under `unsigned`. */
export interface ConditionContext {
  visitor: { claims: Record<string, unknown> };
}

type Value = unknown;

function evaluate(node: jsep.Expression, scope: ConditionContext): Value {
  switch (node.type) {
    case "Literal":
      return node.value;
    case "Identifier":
      return node.name === ROOT ? scope.visitor : undefined;
    case "MemberExpression": {
      const target = evaluate(node.object as jsep.Expression, scope);
      const property = node.property as jsep.Expression;
      const name = String(node.computed ? property.value : property.name);
      // Own properties of data only: nothing of a prototype is ever reached.
      if (target === null || typeof target !== "object" || FORBIDDEN_NAMES.has(name) || !Object.hasOwn(target, name)) return undefined;
      return (target as Record<string, Value>)[name];
    }
    case "CallExpression": {
      const target = evaluate((node.callee as jsep.Expression).object as jsep.Expression, scope);
      const value = evaluate((node.arguments as jsep.Expression[])[0]!, scope);
      if (Array.isArray(target)) return target.some((item) => item === value);
      return typeof target === "string" && typeof value === "string" && target.includes(value);
    }
    case "UnaryExpression": {
      const value = evaluate(node.argument as jsep.Expression, scope);
      return node.operator === "!" ? !value : -(value as number);
    }
    case "BinaryExpression": {
      const left = evaluate(node.left as jsep.Expression, scope);
      if (node.operator === "&&") return left ? evaluate(node.right as jsep.Expression, scope) : left;
      if (node.operator === "||") return left ? left : evaluate(node.right as jsep.Expression, scope);
      return compare(node.operator as string, left, evaluate(node.right as jsep.Expression, scope));
    }
    case "ArrayExpression":
      return (node.elements as jsep.Expression[]).map((element) => evaluate(element, scope));
    default:
      return undefined;
  }
}

/** Comparisons without coercion: `==` is `===`; order only between two numbers or two strings. */
function compare(operator: string, left: Value, right: Value): boolean {
  switch (operator) {
    case "==":
    case "===":
      return left === right;
    case "!=":
    case "!==":
      return left !== right;
  }
  const comparable = (typeof left === "number" && typeof right === "number") || (typeof left === "string" && typeof right === "string");
  if (!comparable) return false;
  const [a, b] = [left as number | string, right as number | string];
  return operator === "<" ? a < b : operator === ">" ? a > b : operator === "<=" ? a <= b : a >= b;
}

/** Checked ASTs of the conditions met lately (conditions repeat across pages and requests). */
const compiled = new LRUCache<string, { ast?: jsep.Expression }>({ max: 5_000 });

/** Whether the condition holds (is truthy) for these claims; a condition that does not check is false. */
export function conditionHolds(condition: string, context: ConditionContext): boolean {
  let entry = compiled.get(condition);
  if (!entry) {
    const check = checkCondition(condition);
    entry = check.ok ? { ast: check.ast } : {};
    compiled.set(condition, entry);
  }
  return entry.ast !== undefined && Boolean(evaluate(entry.ast, context));
}
