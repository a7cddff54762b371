// Gate 2: the authorization matrix, derived from the contract. For every operation:
// no, a malformed or a revoked token answers 401; a user of another organization gets
// 404 for a resource of this one (exactly the error envelope, the same answer as for
// an unknown ID), or 403 for one its visibility shows them (a public integration); members with the read and comment
// roles get 403 on the writes the operation's rule (its `x-docstack-policy` in the contract) refuses them; a guest,
// and a guest reaching the content through a team it is shared with, get what the rule says for reads and writes
// (404 for what they cannot see, 403 for what they see with too low a level, the admin's answer to reads they may
// make). A site's content token (the `apiToken` of a resolved published URL) is refused every write (403), reads
// exactly what the contract's `contentTokenReads` lists on its site's space as the admin does, and gets 404 or 403
// for everything else. Nothing in the database changes on any refused request, and no secret ever reaches the logs.
// Requests are valid (Gate 1's generators), so a status tells authorization, not validation.
// The operations are dealt among the files authorization.<n>.test.ts (src/shards.ts), each with its own harness and fixtures.

import { randomBytes } from "node:crypto";
import { policyKinds } from "@docstack/contract";
import {
  type Harness,
  type Level,
  newId,
  type PolicyKind,
  type Rule,
  reaches,
  ruleOf,
  secretInLogs,
  type TestAgent,
  type TestUser,
  tableOf,
} from "@docstack/server/testing";
import fc from "fast-check";
import { changedSince, changeMark, recordChanges } from "./change-log";
import { type GateOperation, isWrite, operations } from "./contract";
import { createFixtures, FIXTURES_TIMEOUT_MS, Fixtures, repairFixtures } from "./fixtures";
import { HeldImports } from "./held-imports";
import { describeExchange, type Exchange, envelopeProblem, errorMessage, send } from "./http";
import { NotCovered } from "./not-covered";
import { FixtureRef, type Lookup, type RequestPlan, refsOf, toHttp } from "./plan";
import { fixturePath, minimalRequest, realPathArbitrary, validRequest } from "./requests";
import { seedFor } from "./seed";
import { operationsOf, ownsLine, type Shard } from "./shards";

/** Operations that may answer an outsider 403: what they name is not a resource of the organization. */
const OUTSIDER_MAY_GET_403: Record<string, string> = {
  listOrganizationsForEmailDomain:
    "Only the caller's own e-mail domain can be looked up (403 for another one), so that the organizations of a domain are not revealed to outsiders.",
};

type LowRole = "read" | "comment";
/** A guest (no role: nothing of the content unless shared), and a guest whose team the fixture collection is shared with as `edit`. */
type Reaching = "guest" | "teamMember";

/**
 * Each member's level by where the operation acts: the organization (its role; `guest` for
 * guests), the fixtures' content (all of it in the fixture collection), and the organization's
 * root (where content outside collections is created).
 */
const LEVELS: Record<LowRole | Reaching, { organization: Level; content: Level; root: Level }> = {
  read: { organization: "read", content: "read", root: "read" },
  comment: { organization: "comment", content: "comment", root: "comment" },
  guest: { organization: "guest", content: null, root: null },
  teamMember: { organization: "guest", content: "edit", root: null },
};
const CONTENT_KINDS: readonly PolicyKind[] = [
  "collection",
  "space",
  "restorableSpace",
  "changeRequest",
  "comments",
  "comment",
  "commentReply",
  "spaceContainer",
];
const ORGANIZATION_KINDS: readonly PolicyKind[] = [
  ...["organization", "homeOrganization", "targetOrganization", "publisher", "team", "customFields", "specs", "spec", "integration"],
  ...["site", "siteSection", "siteSectionGroup", "siteSpace", "shareLink"],
] as PolicyKind[];

/** The levels a member may have on what a rule acts on; undefined where roles do not decide (the caller, a link, a domain). */
function levelsOn(person: LowRole | Reaching, kind: PolicyKind): Level[] | undefined {
  const levels = LEVELS[person];
  if (CONTENT_KINDS.includes(kind)) return [levels.content];
  if (kind === "container") return [levels.content, levels.root];
  if (kind === "organizationRoot") return [levels.root];
  if (ORGANIZATION_KINDS.includes(kind)) return [levels.organization];
  return undefined;
}

/** The least level a rule's requirement needs on what it acts on (its permission's, from the contract's table, or its role). */
function leastLevel(rule: Rule): Level | "author" {
  return rule.role ?? (rule.needs === undefined ? "guest" : ((tableOf(rule.on) as Record<string, Level | "author">)[rule.needs] ?? null));
}

/**
 * What the operation's rule (the contract's `x-docstack-policy`) makes of a member's request:
 * `hidden` (they cannot see what it acts on: 404), `refused` (they see it, their level is too
 * low: 403), `open` (served, or refused for another reason such as a field needing more or
 * someone else's comment, never 401 or 5xx), `unknown` (roles do not decide).
 */
type Expectation = "hidden" | "refused" | "open" | "unknown";
function expectationFor(operation: GateOperation, person: LowRole | Reaching): Expectation {
  const rule = ruleOf(operation.operationId);
  const fails = (requirement: Rule, levels: Level[]) =>
    levels.every((level) => {
      const least = leastLevel(requirement);
      return least === "author" || least === null || !reaches(level, least);
    });
  const main = levelsOn(person, rule.on);
  if (!main) return "unknown";
  if (main.every((level) => level === null)) return "hidden";
  if (fails(rule, main)) return "refused";
  // Further rules checked whatever the body (not `when` one, nor a destination sent or not).
  for (const further of (rule.and ?? []).filter((r) => !r.when && r.on !== "destination")) {
    const levels = levelsOn(person, further.on);
    if (levels?.every((level) => level === null)) return "hidden";
    if (levels && fails(further, levels)) return "refused";
  }
  return "open";
}

let h: Harness;
let api: TestAgent;
let fixtures: Fixtures;
let people: Record<LowRole | "revoked" | "outsider" | Reaching, TestUser>;
/** The team whose grant on the fixture collection is the team member's only access to content. */
let teamId: string;
/** A site of the fixture organization publishing the fixture space: what the content tokens are for. */
let contentSiteId: string;
/** What a site's content token may read (of its site's spaces). */
const CONTENT_TOKEN_READS: ReadonlySet<string> = new Set(policyKinds.space.contentTokenReads);
const tokens = new Set<string>();
const requestIds: string[] = [];
/** What the matrix could not check: said at the end of the run, and a failure when not expected (set by authorizationGate). */
let notCovered: NotCovered;

async function setUp(): Promise<void> {
  fixtures = await createFixtures(h, api);
  const org = fixtures.base.organizationId;
  const revoked = await h.member(org, "admin");
  // Used once first, so a cached identity would be served if revocation did not reach the cache.
  await api.get("/v1/user").set("Authorization", revoked.auth).expect(200);
  await h.direct((prisma) => prisma.apiToken.update({ where: { id: revoked.tokenId }, data: { revokedAt: new Date() } }));
  people = {
    read: await h.member(org, "read"),
    comment: await h.member(org, "comment"),
    revoked,
    outsider: people?.outsider ?? (await h.organization("Outsider organization")).admin,
    guest: await h.member(org, null),
    teamMember: await h.member(org, null),
  };
  const admin = (request: ReturnType<TestAgent["get"]>) => request.set("Authorization", fixtures.admin.auth);
  teamId = (
    await admin(api.put(`/v1/orgs/${org}/teams`))
      .send({ title: "Fixture team" })
      .expect(201)
  ).body.id;
  await admin(api.put(`/v1/orgs/${org}/teams/${teamId}/members/${people.teamMember.id}`))
    .send({})
    .expect(204);
  await ensureTeamGrant();
  contentSiteId = (
    await admin(api.post(`/v1/orgs/${org}/sites`))
      .send({ title: "Fixture site", spaces: [fixtures.base.spaceId] })
      .expect(201)
  ).body.id;
  for (const user of [fixtures.admin, fixtures.member, ...Object.values(people)]) tokens.add(user.token);
}

/** The fixture collection (maybe a replacement) shared with the team as `edit`, whatever writes did to it. */
async function ensureTeamGrant(): Promise<void> {
  const { prisma } = h.services;
  const where = { collectionId: fixtures.base.collectionId, teamId };
  if ((await prisma.contentGrant.count({ where: { ...where, role: "edit" } })) === 1) return;
  await prisma.contentGrant.deleteMany({ where });
  await prisma.contentGrant.create({ data: { id: newId(), organizationId: fixtures.base.organizationId, ...where, role: "edit" } });
}

/** The fixtures, then people and a team: a minute more on a busy machine. */
const SETUP_TIMEOUT_MS = FIXTURES_TIMEOUT_MS + 60_000;

/**
 * Each operation is tried with two valid requests aimed at the fixtures: the smallest one
 * (an update sending `{}` must be refused as any other) and a generated sample.
 */
type Variant = "minimal" | "sample";
const VARIANTS: readonly Variant[] = ["minimal", "sample"];

async function requestFor(operation: GateOperation, variant: Variant): Promise<{ plan: RequestPlan; lookup: Lookup }> {
  if (!(await repairFixtures(h, fixtures))) await setUp();
  else await ensureTeamGrant();
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
  await h.services.jobs.settled(HeldImports.of(h).waitingCount);
  const before = await changeMark(h.services.prisma);
  const exchange = await call(operation, plan, lookup, auth);
  const changed = await changedSince(h.services.prisma, before);
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

/** A content token of the fixture site, for its space (minted as a resolved URL's `apiToken` is): fresh, whatever the clock did. */
async function contentToken(): Promise<string> {
  const scope = { organizationId: fixtures.base.organizationId, siteId: contentSiteId, spaceIds: new Set([fixtures.base.spaceId]) };
  const token = await h.services.contentTokens.mint(scope, h.clock.now());
  tokens.add(token);
  return `Bearer ${token}`;
}

const errorReason = (exchange: Exchange) => (exchange.body as { error?: { reason?: unknown } } | undefined)?.error?.reason;

const hasResourcePath = (operation: GateOperation) => operation.parameters.some((p) => p.in === "path");

/**
 * The matrix on the shard's operations: a test file's whole content. `openHarness` opens the server and its database
 * (the test file calls createHarness, which is what marks it as one to run on PostgreSQL too: database-tests.js).
 */
export function authorizationGate(shard: Shard, openHarness: () => Promise<Harness>): void {
  notCovered = new NotCovered("authorization", undefined, ownsLine(shard));
  const mine = operationsOf(shard);
  beforeAll(async () => {
    h = await openHarness();
    await recordChanges(h.services.prisma);
    api = h.api;
    await setUp();
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    console.log(`Authorization matrix: ${requestIds.length} requests.`);
    await h?.close();
  });

  describe.each(mine.map((operation) => [operation.operationId, operation] as const))("%s", (operationId, operation) => {
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
        // A webhook receiver: open to anyone, but what it does needs a signature of the body with a secret the gate lacks.
        if (operation.signedBody && answer.status === 401)
          return notCovered.note(`${operationId}: authorized by a signature of its body, which the gate does not make (refused 401 without it)`);
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

    // An invite link's ID is its secret: whoever has it may join, which is what it is for.
    if (!operation.notImplemented && ruleOf(operationId).on === "invitation") {
      it.each(VARIANTS)("lets a user of no organization who has the link join with it (%s request)", async (variant) => {
        const { plan, lookup } = await requestFor(operation, variant);
        const newcomer = await h.user();
        tokens.add(newcomer.token);
        const answer = await watched(operation, plan, lookup, newcomer.auth, `a user of no organization, ${variant} request`);
        if (answer.status !== 200 && fixtures.unresolved(plan).length === 0)
          throw fail(operation, "a user of no organization", answer, `${answer.status} for a user who has the invite link`);
      });
    } else if (!operation.notImplemented && hasResourcePath(operation)) {
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
          if (["open", "unknown"].includes(expectationFor(operation, role))) {
            const answer = await watched(operation, plan, lookup, people[role].auth, who);
            if (answer.status === 401)
              throw fail(operation, who, answer, `401 for a role the operation's rule lets through (${JSON.stringify(ruleOf(operationId))})`);
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
    if (!operation.notImplemented && hasResourcePath(operation)) {
      it.each(VARIANTS)("answers a guest, and a guest reaching the content through a team, as the operation's rule says (%s request)", async (variant) => {
        const { plan, lookup } = await requestFor(operation, variant);
        const unresolved = fixtures.unresolved(plan);
        if (!fixturePath(operation) || unresolved.length > 0) {
          const names = fixtures.unresolvedNames(plan).join(", ") || "resource for every path parameter";
          return notCovered.note(`${operationId}: no real ${names}, so guests cannot be checked`, unresolved.join(", "));
        }
        const admin = isWrite(operation) ? undefined : await call(operation, plan, lookup, fixtures.admin.auth);
        for (const person of ["guest", "teamMember"] as const) {
          const who = `${person === "guest" ? "a guest" : "a guest whose team the content is shared with as edit"}, ${variant} request`;
          const expectation = expectationFor(operation, person);
          if (expectation === "hidden") {
            await refused(operation, plan, lookup, people[person].auth, who, [404]);
          } else if (expectation === "refused") {
            const answer = await refused(operation, plan, lookup, people[person].auth, who, [403, 404]);
            if (answer.status === 404 && admin && admin.status !== 404)
              throw fail(operation, who, answer, `404 where the admin gets ${admin.status}: the rule shows them this resource, so a refusal is 403`);
          } else {
            const answer = await watched(operation, plan, lookup, people[person].auth, who);
            if (answer.status === 401)
              throw fail(operation, who, answer, `401 for a member the operation's rule lets through (${JSON.stringify(ruleOf(operationId))})`);
            // A read the rule lets them make answers them as it answers the admin: they see exactly what is shared.
            if (admin?.status === 200 && expectation === "open" && answer.status !== 200)
              throw fail(operation, who, answer, `${answer.status} where the admin gets 200, for a read the rule lets them make`);
          }
        }
        if (isWrite(operation)) fixtures.forget(plan);
      });
    }
  });

  // A content token's reach is decided by its scope, before any query: token logic, the same on either database, so
  // checked once, on the embedded one (about 100 s per database on a 2-core machine).
  const contentTokenCases = (process.env.DATABASE_URL ? describe.skip : describe).each;
  contentTokenCases(mine.filter((o) => !o.public && !o.notImplemented).map((operation) => [operation.operationId, operation] as const))(
    "%s, with a site's content token",
    (operationId, operation) => {
      it("is refused any write, reads its site's space as the admin does, and nothing else", async () => {
        const { plan, lookup } = await requestFor(operation, "minimal");
        const who = "a site's content token";
        if (isWrite(operation)) {
          const answer = await refused(operation, plan, lookup, await contentToken(), who, [403]);
          if (errorReason(answer) !== "content_token_scope") throw fail(operation, who, answer, "a write refused for another reason than content_token_scope");
          return fixtures.forget(plan);
        }
        const space = plan.path.spaceId instanceof FixtureRef ? lookup(plan.path.spaceId) : plan.path.spaceId;
        if (!CONTENT_TOKEN_READS.has(operationId) || space !== fixtures.base.spaceId) {
          const answer = await refused(operation, plan, lookup, await contentToken(), who, CONTENT_TOKEN_READS.has(operationId) ? [404] : [403, 404]);
          if (answer.status === 403 && errorReason(answer) !== "content_token_scope")
            throw fail(operation, who, answer, "403 for another reason than content_token_scope");
          return;
        }
        const admin = await call(operation, plan, lookup, fixtures.admin.auth);
        const answer = await watched(operation, plan, lookup, await contentToken(), who);
        if (answer.status !== admin.status)
          throw fail(operation, who, answer, `${answer.status} where the admin gets ${admin.status}, for a read of its site's space`);
      });
    },
  );

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
}
