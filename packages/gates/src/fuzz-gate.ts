// Gate 1: contract fuzzing. Every operation of the bundled contract gets generated
// valid and invalid requests (seeded: DOCSTACK_FUZZ_SEED reproduces a run). Whatever
// is sent, the server never answers 5xx (but 501 for operations not implemented yet);
// every response is checked against the contract by the harness (a response that
// breaks it becomes a 500); invalid input gets 400 (413 past the body limit, 415 for
// a body that is not JSON) with the error envelope, naming what is wrong.
// Its test file, fuzz.test.ts, may deal the operations over several (src/shards.ts), each with its own harness and fixtures.

import type { Harness } from "@docstack/server/testing";
import fc from "fast-check";
import { type GateOperation, isCursor, isWrite, operations } from "./contract";
import { cursorTampering } from "./cursors";
import { documents400 } from "./documented";
import { createFixtures, FIXTURES_TIMEOUT_MS, Fixtures, repairFixtures } from "./fixtures";
import { HeldImports } from "./held-imports";
import { describeExchange, type Exchange, envelopeProblem, errorMessage, send } from "./http";
import { NotCovered } from "./not-covered";
import { type Lookup, type RequestPlan, substitute, toHttp } from "./plan";
import { fixturePath, invalidRequest, minimalRequest, validRequest } from "./requests";
import { isValid } from "./schema-check";
import { FUZZ_SCALE, FUZZ_SEED, reproduce, seedFor } from "./seed";
import { operationsOf, ownsLine, type Shard } from "./shards";

/**
 * Requests per operation; operations with a handler get more (they have more to break). About
 * 12 ms of CPU each: with every operation of the contract implemented, the file stays near a minute.
 */
const RUNS = {
  implemented: { valid: Math.ceil(14 * FUZZ_SCALE), invalid: Math.ceil(20 * FUZZ_SCALE) },
  pending: { valid: Math.ceil(5 * FUZZ_SCALE), invalid: Math.ceil(10 * FUZZ_SCALE) },
};

let h: Harness;
let fixtures: Fixtures;
let sent = 0;
/** What the gate could not check: said at the end of the run, and a failure when not expected (set by fuzzGate). */
let notCovered: NotCovered;
/** Valid requests to an implemented operation must get this many successful answers at least (an operation answering 404 to all would pass otherwise). */
const SUCCESS_FLOOR = 1;
/** How valid requests to each implemented operation were answered: how deep the fuzzing reaches. */
const validStatuses = new Map<string, Map<number, number>>();
const started = Date.now();

/** Per operation: successful answers among valid requests, and every status they got. */
function successTable(): string {
  const rows = [...validStatuses].map(([operationId, statuses]) => {
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    const successes = [...statuses].filter(([status]) => status < 300).reduce((a, [, count]) => a + count, 0);
    const all = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(" ");
    return [operationId, `${successes}/${total}`, all];
  });
  const width = Math.max(...rows.map(([name]) => name!.length));
  return rows.map(([name, ratio, all]) => `  ${name!.padEnd(width)}  ${ratio!.padStart(5)}  ${all}`).join("\n");
}

async function exchange(operation: GateOperation, plan: RequestPlan, check?: (lookup: Lookup) => void): Promise<Exchange> {
  const lookup = await fixtures.lookupFor(plan);
  check?.(lookup);
  const result = await send(h.api, toHttp(operation, plan, lookup), { Authorization: fixtures.admin.auth });
  sent++;
  // Writes may delete, move or demote what later requests point at: repair (or replace) the fixtures then.
  const deleted = operation.method === "delete" && result.status < 300;
  if (!operation.notImplemented && (result.status === 404 || (operation.method !== "get" && result.status < 300))) {
    if (!(await repairFixtures(h, fixtures))) fixtures = await createFixtures(h);
    else if (result.status === 404 || deleted) await fixtures.verify(plan);
  }
  return result;
}

/**
 * The operation's request sent twice at once on real resources, with the deletion of the same
 * resource when the contract has one (as two clients would): every answer, then the fixtures repaired.
 */
async function race(operation: GateOperation): Promise<{ plan: RequestPlan; result: Exchange }[] | { uncovered: string; detail?: string }> {
  const path = fixturePath(operation);
  if (!path) return { uncovered: "a path parameter has no fixture" };
  const sample = (of: GateOperation, label: string): RequestPlan => ({
    ...(fc.sample(of === operation ? validRequest(of) : minimalRequest(of), {
      seed: seedFor(operation.operationId, "race", label),
      numRuns: 1,
    })[0] as RequestPlan),
    label,
    path,
  });
  const deletion = operations.find((o) => o.method === "delete" && o.path === operation.path && !o.notImplemented && o !== operation);
  const racing: [GateOperation, RequestPlan][] = [
    [operation, sample(operation, "racing request")],
    [operation, sample(operation, "racing request, again")],
    ...(deletion ? [[deletion, sample(deletion, `racing ${deletion.operationId}`)] as [GateOperation, RequestPlan]] : []),
  ];
  const lookups = await Promise.all(racing.map(([, plan]) => fixtures.lookupFor(plan)));
  if (fixtures.unresolved({ path }).length > 0)
    return { uncovered: `no real ${fixtures.unresolvedNames({ path }).join(", ")}`, detail: fixtures.unresolved({ path }).join(", ") };
  const results = await Promise.all(
    racing.map(async ([of, plan], i) => ({ plan, result: await send(h.api, toHttp(of, plan, lookups[i] as Lookup), { Authorization: fixtures.admin.auth }) })),
  );
  sent += results.length;
  await h.services.jobs.settled(HeldImports.of(h).waitingCount);
  for (const [, plan] of racing) fixtures.forget(plan);
  if (!(await repairFixtures(h, fixtures))) fixtures = await createFixtures(h);
  return results;
}

function failure(operation: GateOperation, plan: RequestPlan, exchange: Exchange, problem: string): Error {
  return new Error(`${problem}\n${reproduce(operation.operationId)}, ${plan.label}\n${describeExchange(exchange)}${serverErrors(exchange)}`);
}

/** What the server logged at `error` for the exchange's request (the cause of a 5xx). */
function serverErrors(exchange: Exchange): string {
  const logged = h.logs
    .map((line) => JSON.parse(line) as { level: number; reqId?: string; err?: { type?: string; code?: string; message?: string } })
    .filter((entry) => entry.reqId === exchange.requestId && entry.level >= 50 && entry.err);
  return logged.map(({ err }) => `\nserver:   ${err?.type ?? "Error"} ${err?.code ?? ""} ${(err?.message ?? "").slice(0, 1500)}`).join("");
}

/** What is wrong with the answer to a valid request, or undefined. */
function validAnswerProblem(operation: GateOperation, exchange: Exchange): string | undefined {
  const { status } = exchange;
  if (operation.notImplemented)
    return status === 501 ? envelopeProblem(exchange) : `a valid request to an operation not implemented yet got ${status}, not 501`;
  if (status >= 500) return `a valid request got ${status}`;
  if (!operation.statuses.includes(status)) return `${status} is not a status the operation declares (${operation.statuses.join(", ")})`;
  // A handler may refuse a valid request with 400 only for a rule its description states.
  if (status === 400 && !documents400(operation, errorMessage(exchange)))
    return "a valid request got 400 for a rule the contract does not state (with 400) where it describes the field the message names";
  return status >= 400 ? envelopeProblem(exchange) : undefined;
}

function invalidAnswerProblem(plan: RequestPlan, exchange: Exchange): string | undefined {
  let expected = plan.expect as NonNullable<RequestPlan["expect"]>;
  // A rule the handler checks once the path's resources are found: when one could not be made, 404 is right.
  if (expected.afterLookup && fixtures.unresolved(plan).length > 0) expected = { status: 404, names: "not found" };
  if (exchange.status !== expected.status) return `an invalid request (${plan.label}) got ${exchange.status}, not ${expected.status}`;
  const problem = envelopeProblem(exchange);
  if (problem) return problem;
  if (!errorMessage(exchange).includes(expected.names)) return `the error message does not name the problem: it should contain "${expected.names}"`;
  return undefined;
}

export interface FuzzOptions {
  /**
   * Whether to send the invalid requests. They add no query of their own: the request validator refuses them before
   * the handler (after authentication's, which every request runs), the cursors a handler refuses after the lookup
   * every valid request makes too. No not-covered line comes from them (src/not-covered.ts), so a run without them
   * holds the same list.
   */
  invalidRequests: boolean;
}

/**
 * The gate on the shard's operations: a test file's whole content. `openHarness` opens the server and its database
 * (the test file calls createHarness, which is what marks it as one to run on PostgreSQL too: database-tests.js).
 */
export function fuzzGate(shard: Shard, openHarness: () => Promise<Harness>, options: FuzzOptions = { invalidRequests: true }): void {
  notCovered = new NotCovered("fuzz", undefined, ownsLine(shard));
  beforeAll(async () => {
    console.log(`Contract fuzzing, seed ${FUZZ_SEED}: run with DOCSTACK_FUZZ_SEED=${FUZZ_SEED} to reproduce (DOCSTACK_FUZZ_SCALE=${FUZZ_SCALE}).`);
    h = await openHarness();
    fixtures = await createFixtures(h);
  }, FIXTURES_TIMEOUT_MS);
  afterAll(async () => {
    console.log(
      `Contract fuzzing, seed ${FUZZ_SEED}: ${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s. Valid requests to implemented operations:\n${successTable()}`,
    );
    await h?.close();
  });

  describe.each(operationsOf(shard).map((operation) => [operation.operationId, operation] as const))("%s", (operationId, operation) => {
    const runs = operation.notImplemented ? RUNS.pending : RUNS.implemented;

    it("answers valid requests as the contract says, never with a 5xx", async () => {
      // The previous operation may have deleted, moved or demoted the fixtures.
      if (!operation.notImplemented && !(await repairFixtures(h, fixtures))) fixtures = await createFixtures(h);
      const property = fc.asyncProperty(validRequest(operation), async (plan) => {
        const result = await exchange(operation, plan, (lookup) => {
          if (plan.body.kind === "json" && operation.body && !isValid(operation.body.schema, substitute(plan.body.value, lookup))) {
            throw new Error(`The gate generated a body its schema refuses (a bug of the gate): ${JSON.stringify(plan.body.value)}`);
          }
        });
        if (!operation.notImplemented) {
          const statuses = validStatuses.get(operationId) ?? new Map<number, number>();
          statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
          validStatuses.set(operationId, statuses);
        }
        const problem = validAnswerProblem(operation, result);
        if (problem) throw failure(operation, plan, result, problem);
      });
      await fc.assert(property, { seed: seedFor(operationId, "valid"), numRuns: runs.valid, endOnFailure: true });
      const statuses = validStatuses.get(operationId);
      const successes = [...(statuses ?? [])].filter(([status]) => status < 300).reduce((sum, [, count]) => sum + count, 0);
      if (statuses && successes < SUCCESS_FLOOR) {
        notCovered.note(
          `${operationId}: fewer than ${SUCCESS_FLOOR} successful answer(s) to valid requests`,
          [...statuses].map(([s, n]) => `${s}×${n}`).join(" "),
        );
      }
    });

    if (options.invalidRequests)
      it("refuses invalid requests with 400 (413, 415) and a message naming the problem", async () => {
        const arbitrary = invalidRequest(operation, {
          implemented: !operation.notImplemented,
          bodyLimit: operation.bodyLimit ?? h.config.bodyLimitBytes,
          nul: true,
        });
        const property = fc.asyncProperty(arbitrary, async (plan) => {
          const result = await exchange(operation, plan);
          const problem = invalidAnswerProblem(plan, result);
          if (problem) throw failure(operation, plan, result, problem);
        });
        await fc.assert(property, { seed: seedFor(operationId, "invalid"), numRuns: runs.invalid, endOnFailure: true });
      });

    if (!operation.notImplemented && isWrite(operation) && operation.parameters.some((p) => p.in === "path")) {
      it("never answers 5xx to clients racing on the same resource", async () => {
        if (!(await repairFixtures(h, fixtures))) fixtures = await createFixtures(h);
        const results = await race(operation);
        if ("uncovered" in results) return void notCovered.note(`${operationId}: race not checked: ${results.uncovered}`, results.detail);
        for (const { plan, result } of results) {
          if (result.status >= 500) throw failure(operation, plan, result, `a request racing others on the same resource got ${result.status}`);
        }
      });
    }

    if (!operation.notImplemented && operation.parameters.some(isCursor)) {
      it("refuses a cursor that was modified or comes from another list", async () => {
        // Lists need their two items: fresh fixtures, whatever the fuzzing did to the others.
        fixtures = await createFixtures(h);
        for await (const check of cursorTampering(operation, fixtures, (p) => exchange(operation, p))) {
          if ("uncovered" in check) {
            notCovered.note(`${operationId}: cursor tampering not checked: ${check.uncovered}`, check.detail);
            continue;
          }
          const { plan, result } = check;
          const problem = plan.expect ? invalidAnswerProblem(plan, result) : result.status === 200 ? undefined : `the untouched cursor got ${result.status}`;
          if (problem) throw failure(operation, plan, result, problem);
        }
      });
    }
  });

  describe("coverage", () => {
    it("misses nothing but what not-covered/fuzz.txt expects", () => {
      for (const [key, why] of Fixtures.unmade) notCovered.note(`${key}: no real resource`, why);
      notCovered.check();
    });
  });
}
