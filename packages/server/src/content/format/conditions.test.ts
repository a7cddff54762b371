// The evaluator of adaptive content's conditions: what GitBook's conditions mean, and
// hostile expressions refused when written (with a position) and false when evaluated.
import { checkCondition, conditionHolds } from "./conditions";

const claims = (signed: Record<string, unknown>, unsigned: Record<string, unknown> = {}) => ({ visitor: { claims: { ...signed, unsigned } } });

describe("conditions as GitBook writes them", () => {
  it.each([
    ['visitor.claims.plan == "enterprise" && visitor.claims.unsigned.beta', claims({ plan: "enterprise" }, { beta: true }), true],
    ['visitor.claims.plan == "enterprise" && visitor.claims.unsigned.beta', claims({ plan: "enterprise" }, { beta: false }), false],
    ['visitor.claims.plan == "enterprise" && visitor.claims.unsigned.beta', claims({ plan: "free" }, { beta: true }), false],
    ["visitor.claims.unsigned.beta", claims({}, { beta: true }), true],
    ["visitor.claims.unsigned.beta", claims({}), false],
    ["!visitor.claims.unsigned.beta", claims({}), true],
    ["visitor.claims.isBeta || visitor.claims.isAlpha", claims({ isAlpha: true }), true],
    ['visitor.claims.roles.includes("admin")', claims({ roles: ["reader", "admin"] }), true],
    ['visitor.claims.roles.includes("admin")', claims({ roles: "administrators" }), true],
    ['visitor.claims.roles.includes("admin")', claims({ roles: 1 }), false],
    ['["eu", "uk"].includes(visitor.claims.region)', claims({ region: "uk" }), true],
    ["visitor.claims.seats >= 10", claims({ seats: 12 }), true],
    ["visitor.claims.seats >= 10", claims({ seats: "12" }), false],
    ["visitor.claims.balance > -5", claims({ balance: 0 }), true],
    ["visitor.claims.count == 1", claims({ count: true }), false],
    ["visitor.claims['plan'] === 'pro'", claims({ plan: "pro" }), true],
    ["visitor.claims.tags[0] == 'a'", claims({ tags: ["a"] }), true],
    ["(visitor.claims.a || visitor.claims.b) && !visitor.claims.c", claims({ b: true }), true],
    ["visitor.claims.missing.deeper.still", claims({}), false],
    ["visitor.claims.plan != null", claims({}), true],
    ["visitor.claims.plan == undefined", claims({}), true],
  ])("%s", (condition, context, expected) => {
    expect(checkCondition(condition)).toMatchObject({ ok: true });
    expect(conditionHolds(condition, context)).toBe(expected);
  });
});

describe("hostile conditions", () => {
  const refused = (condition: string) => {
    const check = checkCondition(condition);
    expect(check).toMatchObject({ ok: false, message: expect.any(String), index: expect.any(Number) });
    // Stored anyway (written before the rules), it is false whatever the claims.
    expect(conditionHolds(condition, claims({ isAdmin: true, constructor: true }, { beta: true }))).toBe(false);
    return check as { ok: false; message: string; index: number };
  };

  it.each([
    "visitor.constructor",
    "visitor.__proto__",
    "visitor.claims.__proto__.polluted",
    "visitor['constructor']",
    "visitor.claims['__proto__']",
    'visitor.claims.plan.constructor.constructor("return process")()',
    "visitor.claims.toString()",
    "visitor.claims.roles.map(x)",
    "visitor.claims.hasOwnProperty('a')",
    "constructor",
    "this",
    "process.exit(1)",
    "globalThis.process",
    "require('fs')",
    "visitor.claims[visitor.claims.key]",
    "x => x",
    "visitor.claims.a ? 1 : 2",
    "visitor.claims.a = 1",
    "visitor.claims.a + 1",
    "visitor.claims.a; visitor.claims.b",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal is what is refused here
    "`${visitor}`",
    "/re/.test(visitor.claims.a)",
    "-visitor.claims.a",
    "~visitor.claims.a",
    "[,].includes(visitor.claims.a)",
    "new Function('return 1')",
    "",
    "   ",
  ])("refuses %j", (condition) => {
    refused(condition);
  });

  it("names the position of a syntax error", () => {
    expect(refused('visitor.claims.plan == "ent')).toMatchObject({ index: expect.any(Number) });
    expect(refused("visitor.claims.a && ")).toMatchObject({ index: 20 });
    expect(refused("visitor.claims.a && process")).toMatchObject({ index: 20, message: expect.stringContaining("process") });
    expect(refused("visitor.claims.a && visitor.constructor")).toMatchObject({ index: 28 });
    expect(refused("visitor.claims.a visitor.claims.b")).toMatchObject({ index: 17, message: "a condition is one expression" });
  });

  it("refuses huge inputs and deep nesting without overflowing the stack", () => {
    expect(refused(`visitor.claims.a == "${"x".repeat(5000)}"`).message).toMatch(/longer than 1024/);
    expect(refused(`${"(".repeat(500)}visitor.claims.a${")".repeat(500)}`).message).toMatch(/nested/);
    expect(refused(`${"[".repeat(40)}1${"]".repeat(40)}`).message).toMatch(/nested/);
    expect(refused(`${"!".repeat(1000)}visitor.claims.a`).message).toMatch(/nested/);
    // Within every limit, a long chain is accepted and evaluated.
    const chain = Array.from({ length: 40 }, (_, i) => `visitor.claims.c${i}`).join(" || ");
    expect(checkCondition(chain)).toMatchObject({ ok: true });
    expect(conditionHolds(chain, claims({ c39: true }))).toBe(true);
  });

  it("reads only the claims' own data: nothing of a prototype, whatever the claims hold", () => {
    const hostile = JSON.parse('{"__proto__": {"isAdmin": true}, "plan": "free"}') as Record<string, unknown>;
    expect(conditionHolds("visitor.claims.isAdmin", claims(hostile))).toBe(false);
    expect(conditionHolds("visitor.claims.plan.length == 4", claims(hostile))).toBe(false);
    expect(conditionHolds("visitor.claims.roles.length == 1", claims({ roles: ["a"] }))).toBe(true);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
