// Gate 2: the authorization matrix, derived from the contract. For every operation:
// no, a malformed or a revoked token answers 401; a user of another organization gets
// 404 for a resource of this one (exactly the error envelope, the same answer as for
// an unknown ID), or 403 for one its visibility shows them (a public integration); members with the read and comment roles get 403 on writes. Nothing
// in the database changes on any refused request, and no secret ever reaches the logs.
// Requests are valid (Gate 1's generators), so a status tells authorization, not validation.

import { randomBytes } from "node:crypto";
import fc from "fast-check";
import type TestAgent from "supertest/lib/agent";
import { newId } from "../db/ids";
import { backgroundWorkSettled } from "../jobs/background";
import { createHarness, type Harness, secretInLogs, type TestUser } from "../testing/harness";
import { type GateOperation, isWrite, operations } from "./contract";
import { changedTables, fingerprint } from "./fingerprint";
import { createFixtures, FIXTURES_TIMEOUT_MS, Fixtures, repairFixtures } from "./fixtures";
import { describeExchange, type Exchange, envelopeProblem, errorMessage, send } from "./http";
import { NotCovered } from "./not-covered";
import { type Lookup, type RequestPlan, refsOf, toHttp } from "./plan";
import { fixturePath, minimalRequest, realPathArbitrary, validRequest } from "./requests";
import { seedFor } from "./seed";

/** Operations that may answer an outsider 403: what they name is not a resource of the organization. */
const OUTSIDER_MAY_GET_403: Record<string, string> = {
  listOrganizationsForEmailDomain:
    "Only the caller's own e-mail domain can be looked up (403 for another one), so that the organizations of a domain are not revealed to outsiders.",
};

type LowRole = "read" | "comment";
/**
 * Writes the description opens to a low role, in its own words. For these the role may be
 * served (or refused for another reason, e.g. editing someone else's comment), never 401 or
 * 5xx, and a refusal changes nothing.
 */
const NEEDS_COMMENT = "Needs role `comment` or more on the space.";
const OPEN_TO_LOW_ROLES: Record<string, { roles: LowRole[]; reason: string }> = {
  postCommentInSpace: { roles: ["comment"], reason: NEEDS_COMMENT },
  postCommentReplyInSpace: { roles: ["comment"], reason: NEEDS_COMMENT },
  postCommentInChangeRequest: { roles: ["comment"], reason: NEEDS_COMMENT },
  postCommentReplyInChangeRequest: { roles: ["comment"], reason: NEEDS_COMMENT },
  updateCommentInSpace: { roles: ["comment"], reason: "Resolving and reactions need role `comment` or more on the space." },
  updateCommentInChangeRequest: { roles: ["comment"], reason: "Resolving and reactions need role `comment` or more on the space." },
  updateCommentReplyInSpace: { roles: ["comment"], reason: "`addedReactions` and `removedReactions` [...] need role `comment` or more on the space." },
};

let h: Harness;
let api: TestAgent;
let fixtures: Fixtures;
let people: Record<LowRole | "revoked" | "outsider", TestUser>;
const tokens = new Set<string>();
const requestIds: string[] = [];
/** What the matrix could not check: said at the end of the run, and a failure when not expected. */
const notCovered = new NotCovered("authorization");

async function setUp(): Promise<void> {
  fixtures = await createFixtures(h, api);
  const org = fixtures.base.organizationId;
  const revoked = await h.member(org, "admin");
  // Used once first, so a cached identity would be served if revocation did not reach the cache.
  await api.get("/v1/user").set("Authorization", revoked.auth).expect(200);
  await h.services.prisma.apiToken.update({ where: { id: revoked.tokenId }, data: { revokedAt: new Date() } });
  people = {
    read: await h.member(org, "read"),
    comment: await h.member(org, "comment"),
    revoked,
    outsider: people?.outsider ?? (await h.organization("Outsider organization")).admin,
  };
  for (const user of [fixtures.admin, fixtures.member, ...Object.values(people)]) tokens.add(user.token);
}

beforeAll(async () => {
  h = await createHarness({ rateLimit: { max: 0, windowMs: 60_000 } });
  api = h.api;
  await setUp();
}, FIXTURES_TIMEOUT_MS);
afterAll(async () => {
  console.log(`Authorization matrix: ${requestIds.length} requests.`);
  await h?.close();
});

/**
 * Each operation is tried with two valid requests aimed at the fixtures: the smallest one
 * (an update sending `{}` must be refused as any other) and a generated sample.
 */
type Variant = "minimal" | "sample";
const VARIANTS: readonly Variant[] = ["minimal", "sample"];

async function requestFor(operation: GateOperation, variant: Variant): Promise<{ plan: RequestPlan; lookup: Lookup }> {
  if (!(await repairFixtures(h, fixtures))) await setUp();
  // Aimed at real resources wherever the fixtures have them (a valid sample may aim at an unknown one).
  const arbitrary = fc.tuple(variant === "minimal" ? minimalRequest(operation) : validRequest(operation), realPathArbitrary(operation));
  const [sample, path] = fc.sample(arbitrary, { seed: seedFor(operation.operationId, "authorization", variant), numRuns: 1 })[0] as [
    RequestPlan,
    Record<string, unknown>,
  ];
  const plan: RequestPlan = { ...sample, path };
  return { plan, lookup: await fixtures.lookupFor(plan) };
}

/**
 * The operation reading the innermost resource of the plan's path, when a user of another
 * organization may read it (its visibility says so); undefined otherwise.
 */
async function visibleToOutsiders(plan: RequestPlan, lookup: Lookup): Promise<GateOperation | undefined> {
  const innermost = refsOf(plan.path).at(-1);
  const reader = innermost && operations.find((o) => o.path === innermost.key && o.method === "get" && !o.notImplemented);
  if (!reader) return undefined;
  const read = await call(reader, { label: "visible?", path: plan.path, query: [], body: { kind: "none" } }, lookup, people.outsider.auth);
  return read.status === 200 ? reader : undefined;
}

async function call(operation: GateOperation, plan: RequestPlan, lookup: Lookup, auth: string | undefined): Promise<Exchange> {
  const id = `authz-${requestIds.length + 1}`;
  requestIds.push(id);
  return send(api, toHttp(operation, plan, lookup), { "X-Request-Id": id, ...(auth === undefined ? {} : { Authorization: auth }) });
}

const fail = (operation: GateOperation, who: string, exchange: Exchange, problem: string) =>
  new Error(`${problem}\n${operation.operationId}, ${who}\n${describeExchange(exchange)}`);

/** A request whose refusal (any 4xx) must change nothing: its answer, checked for that. */
async function watched(operation: GateOperation, plan: RequestPlan, lookup: Lookup, auth: string | undefined, who: string): Promise<Exchange> {
  // Work earlier requests started in the background (allowed to write) must not count as this one's.
  await backgroundWorkSettled();
  const before = await fingerprint(h.services.prisma);
  const exchange = await call(operation, plan, lookup, auth);
  const changed = changedTables(before, await fingerprint(h.services.prisma));
  if (exchange.status >= 500) throw fail(operation, who, exchange, `a ${exchange.status}`);
  if (exchange.status >= 400 && changed.length > 0) throw fail(operation, who, exchange, `a refused request changed the database: ${changed.join(", ")}`);
  return exchange;
}

/** A request that must be refused with one of `statuses`: the error envelope, and the database unchanged. */
async function refused(
  operation: GateOperation,
  plan: RequestPlan,
  lookup: Lookup,
  auth: string | undefined,
  who: string,
  statuses: number[],
): Promise<Exchange> {
  const exchange = await watched(operation, plan, lookup, auth, who);
  if (!statuses.includes(exchange.status)) throw fail(operation, who, exchange, `expected ${statuses.join(" or ")}, got ${exchange.status}`);
  const problem = envelopeProblem(exchange);
  if (problem) throw fail(operation, who, exchange, problem);
  for (const token of tokens) if (exchange.text.includes(token)) throw fail(operation, who, exchange, "the answer holds an API token");
  return exchange;
}

const hasResourcePath = (operation: GateOperation) => operation.parameters.some((p) => p.in === "path");

describe.each(operations.map((operation) => [operation.operationId, operation] as const))("%s", (operationId, operation) => {
  // Operations whose contract asks no credentials (`security: []`) are open to anyone: none of the matrix applies.
  if (operation.public) {
    it("is open without a token, as its contract says: served on real resources", async () => {
      const { plan, lookup } = await requestFor(operation, "minimal");
      const who = "no Authorization header";
      const answer = await watched(operation, plan, lookup, undefined, who);
      if (!operation.statuses.includes(answer.status)) throw fail(operation, who, answer, `${answer.status} is not a status the operation declares`);
      const unresolved = fixtures.unresolved(plan);
      if (unresolved.length > 0) {
        if (answer.status === 401 || answer.status === 403)
          throw fail(operation, who, answer, `${answer.status} for an operation the contract opens to anyone`);
        return notCovered.note(`${operationId}: no real ${fixtures.unresolvedNames(plan).join(", ")}, so opening it shows little`, unresolved.join(", "));
      }
      if (answer.status >= 300) throw fail(operation, who, answer, `${answer.status} for a request on real resources to an operation open to anyone`);
    });
    return;
  }

  // Authentication comes before anything else: one request (the smallest) is enough.
  it("answers 401 without a valid token, and changes nothing", async () => {
    const { plan, lookup } = await requestFor(operation, "minimal");
    const unknown = `dst_${randomBytes(32).toString("base64url")}`;
    tokens.add(unknown);
    const cases: [string, string | undefined][] = [
      ["no Authorization header", undefined],
      ["Bearer without a token", "Bearer"],
      ["Bearer with two tokens", "Bearer a b"],
      ["Basic credentials", "Basic dXNlcjpwYXNzd29yZA=="],
      ["an unknown token", `Bearer ${unknown}`],
      ["a revoked token of an admin", people.revoked.auth],
    ];
    for (const [who, auth] of cases) await refused(operation, plan, lookup, auth, who, [401]);
  });

  if (!operation.notImplemented && hasResourcePath(operation)) {
    it.each(VARIANTS)("hides the organization's resource from a user of another organization (%s request)", async (variant) => {
      const { plan, lookup } = await requestFor(operation, variant);
      const who = `a user of another organization, ${variant} request`;
      const unresolved = fixtures.unresolved(plan);
      if (unresolved.length > 0)
        notCovered.note(`${operationId}: no real ${fixtures.unresolvedNames(plan).join(", ")}, so the outsider's 404 shows little`, unresolved.join(", "));
      const reason = OUTSIDER_MAY_GET_403[operationId];
      const visible = await visibleToOutsiders(plan, lookup);
      if (visible === operation) {
        notCovered.note(`${operationId} (${variant}): the fixture is visible to other organizations (a public one), nothing to hide`);
        return;
      }
      // A resource others can read (a public integration) is no secret: they may be told 403.
      const answer = await refused(operation, plan, lookup, people.outsider.auth, who, reason ? [403] : visible ? [403, 404] : [404]);
      const leaked = fixtures.secrets.find((secret) => answer.text.includes(secret));
      if (leaked) throw fail(operation, who, answer, `the answer reveals ${JSON.stringify(leaked)}`);
      if (reason || visible) return;
      // The same answer as for IDs that exist nowhere: a 404 must not tell "exists, not yours" apart.
      const unknownIds = new Map<string, string>();
      const unknownPath: Lookup = (ref) => {
        if (plan.path[ref.name] !== ref) return lookup(ref);
        if (!unknownIds.has(ref.key)) unknownIds.set(ref.key, newId());
        return unknownIds.get(ref.key) as string;
      };
      const control = await refused(operation, plan, unknownPath, people.outsider.auth, `${who}, unknown IDs`, [404]);
      if (errorMessage(control) !== errorMessage(answer))
        throw fail(operation, who, answer, `the message differs from the one for unknown IDs (${JSON.stringify(errorMessage(control))})`);
      // And the resource is there: its organization's admin can read it.
      if (!isWrite(operation)) {
        const admin = await call(operation, plan, lookup, fixtures.admin.auth);
        if (admin.status >= 300)
          notCovered.note(`${operationId} (${variant}): the admin gets ${admin.status} too, so the outsider's 404 shows little`, admin.text.slice(0, 120));
      }
    });
  }

  if (!operation.notImplemented && isWrite(operation) && hasResourcePath(operation)) {
    it.each(VARIANTS)("refuses members with the read and comment roles with 403, and changes nothing (%s request)", async (variant) => {
      const { plan, lookup } = await requestFor(operation, variant);
      // On a resource that does not exist, 404 is the right answer whatever the role: nothing to check.
      const unresolved = fixtures.unresolved(plan);
      if (!fixturePath(operation) || unresolved.length > 0) {
        notCovered.note(
          `${operationId}: no real ${fixtures.unresolvedNames(plan).join(", ") || "resource for every path parameter"}, so roles cannot be checked`,
          unresolved.join(", "),
        );
        return;
      }
      /** Low roles answered 404: right only when the body names something that exists for no one (the admin gets 404 too). */
      const notFound: string[] = [];
      for (const role of ["read", "comment"] as const) {
        const who = `a member with the ${role} role, ${variant} request`;
        const open = OPEN_TO_LOW_ROLES[operationId];
        if (open?.roles.includes(role)) {
          const answer = await watched(operation, plan, lookup, people[role].auth, who);
          if (answer.status === 401) throw fail(operation, who, answer, `401 for a role the operation is open to (${open.reason})`);
          continue;
        }
        const answer = await refused(operation, plan, lookup, people[role].auth, who, [403, 404]);
        if (answer.status === 404) notFound.push(who);
      }
      // The same request from the organization's admin is not refused: the role is what decides.
      const admin = await call(operation, plan, lookup, fixtures.admin.auth);
      if ([401, 403].includes(admin.status) || admin.status >= 500)
        throw fail(operation, `the organization's admin, ${variant} request`, admin, `the admin is refused too (${admin.status})`);
      if (notFound.length > 0 && admin.status !== 404)
        throw fail(
          operation,
          notFound.join("; "),
          admin,
          `404 for a member, where the admin gets ${admin.status}: members see this resource, so a refusal is 403`,
        );
      if (notFound.length > 0)
        notCovered.note(`${operationId} (${variant}): the request names nothing real (404 for the admin too), so roles cannot be checked`);
      // What the admin's write did (a merge, a deletion) is not what the next operation expects.
      fixtures.forget(plan);
    });
  }
});

describe("logs", () => {
  it("hold every request's ID, and no secret the server made nor any token sent", () => {
    const logged = new Set(h.logs.map((line) => (JSON.parse(line) as { reqId?: unknown }).reqId));
    const unlogged = requestIds.filter((id) => !logged.has(id));
    expect(unlogged).toEqual([]);
    // The harness checks the secrets the server made when it closes; the made-up tokens sent are checked here.
    const leaked = secretInLogs(h.logs, [...h.secrets, ...tokens]);
    if (leaked) throw new Error(leaked);
  });
});

describe("coverage", () => {
  it("misses nothing but what not-covered/authorization.txt expects", () => {
    for (const [key, why] of Fixtures.unmade) notCovered.note(`${key}: no real resource`, why);
    notCovered.check();
  });
});
