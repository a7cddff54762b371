// The audit gate: every write operation of the contract (any method but GET) records exactly one
// audit event, in its transaction. The router records it for every route it marks as a write
// (http/routes.ts), so the gate checks that the contract's writes are all marked, then sends every
// write operation generated valid requests on real resources (the fuzz gate's fixtures) until one
// succeeds: that success must leave exactly one event, in the organization its list is read from,
// and every refused request none.
import { randomUUID } from "node:crypto";
import { loadOpenapiDocument } from "@docstack/contract";
import { answered, at, contractRoutes, refused, useHarness } from "@docstack/server/testing";
import fc from "fast-check";
import { type GateOperation, isWrite, operations } from "./contract";
import { createFixtures, FIXTURES_TIMEOUT_MS, type Fixtures, repairFixtures } from "./fixtures";
import { describeExchange, type Exchange, send } from "./http";
import { NotCovered } from "./not-covered";
import { type RequestPlan, toHttp } from "./plan";
import { validRequest } from "./requests";
import { seedFor } from "./seed";

// Every write operation is sent many requests from one token: rate limiting (tested elsewhere) would answer 429.
const h = useHarness({ rateLimit: { max: 0, windowMs: 60_000 } });
/** Valid requests tried, at most, for one success of an operation. */
const ATTEMPTS = 12;
/** Writes recorded outside any organization (docs/audit-log.md): a user's own tokens. */
const WITHOUT_ORGANIZATION = new Set([
  "createUserToken",
  "revokeUserToken",
  "requestEmailSignIn",
  "verifyEmailSignIn",
  "createSession",
  "signOut",
  "revokeUserSession",
]);
/** Deletions answering 204 when there was nothing to delete (205 when they deleted): no write, no event. */
const ANSWERS_GONE = new Set(
  contractRoutes(loadOpenapiDocument())
    .filter((route) => route.answersGone)
    .map((route) => route.operationId),
);

test("every write operation of the contract records an audit event", () => {
  const routes = contractRoutes(loadOpenapiDocument());
  const unrecorded = routes.filter((route) => route.method !== "get" && !route.audit).map((route) => route.operationId);
  expect(unrecorded).toEqual([]);
  expect(routes.filter((route) => route.method === "get" && route.audit)).toEqual([]);
});

test("exactly one event per successful write, in its organization, with its request ID; none for a refused one", async () => {
  const org = await h.organization();
  const admin = h.as(org.admin);
  const inOrg = at({ organizationId: org.id });
  const requestId = (id: string) => ({ headers: { "X-Request-Id": id } });
  const events = async (id: string) => h.services.prisma.auditEvent.findMany({ where: { requestId: id } });

  // A write with a transaction of its own (createSpace), one without (updateTeam), and a refused one.
  const space = await answered(admin.POST("/v1/orgs/{organizationId}/spaces", { ...inOrg, body: { title: "Audited" }, ...requestId("audit-gate-1") }), 201);
  expect(await events("audit-gate-1")).toMatchObject([{ organizationId: org.id, action: "createSpace", actorId: org.admin.id }]);
  const team = await answered(admin.PUT("/v1/orgs/{organizationId}/teams", { ...inOrg, body: { title: "T" }, ...requestId("audit-gate-2") }), 201);
  const inTeam = at({ organizationId: org.id, teamId: team.id });
  await answered(admin.PATCH("/v1/orgs/{organizationId}/teams/{teamId}", { ...inTeam, body: { title: "U" }, ...requestId("audit-gate-3") }), 200);
  expect(await events("audit-gate-3")).toMatchObject([{ action: "updateTeamInOrganizationById", targetType: "team", targetId: team.id }]);
  const reader = h.as(await h.member(org.id, "read"));
  await refused(reader.DELETE("/v1/spaces/{spaceId}", { ...at({ spaceId: space.id }), ...requestId("audit-gate-4") }), 403);
  expect(await events("audit-gate-4")).toEqual([]);

  // What the API answers: GitBook's shapes, newest first, filtered.
  const list = await answered(
    admin.GET("/v1/orgs/{organizationId}/audit-events", { params: { path: { organizationId: org.id }, query: { target: team.id } } }),
    200,
  );
  expect(list.items.map((e) => e.action)).toEqual(["updateTeamInOrganizationById"]);
  const all = await answered(admin.GET("/v1/orgs/{organizationId}/audit-events", inOrg), 200);
  const newest = all.items[0]!;
  expect(newest).toMatchObject({
    object: "audit-event",
    action: "updateTeamInOrganizationById",
    actor: { type: "user", id: org.admin.id },
    source: "api",
  });
  const one = await answered(admin.GET("/v1/orgs/{organizationId}/audit-events/{auditEventId}", at({ organizationId: org.id, auditEventId: newest.id })), 200);
  expect(one).toMatchObject({ executionId: "audit-gate-3", schemaVersion: 1, payload: { operationId: "updateTeamInOrganizationById" } });
  const actions = await answered(admin.GET("/v1/orgs/{organizationId}/audit-event-actions", inOrg), 200);
  expect(actions.items).toEqual(expect.arrayContaining([{ object: "audit-event-action", id: "webhook.created", label: "Create a webhook" }]));
  await refused(reader.GET("/v1/orgs/{organizationId}/audit-events", inOrg), 403);
});

describe("every write operation, on real resources", () => {
  let fixtures: Fixtures;
  const notCovered = new NotCovered("audit");
  beforeAll(async () => {
    fixtures = await createFixtures(h);
  }, FIXTURES_TIMEOUT_MS);
  afterAll(() => notCovered.check());

  /** The request sent with a request ID of its own, and the events recorded under it; fixtures repaired after a write. */
  async function sendWrite(operation: GateOperation, plan: RequestPlan): Promise<{ exchange: Exchange; events: { organizationId: string; action: string }[] }> {
    const lookup = await fixtures.lookupFor(plan);
    const requestId = `audit-${randomUUID()}`;
    const exchange = await send(h.api, toHttp(operation, plan, lookup), { Authorization: fixtures.admin.auth, "X-Request-Id": requestId });
    const events = await h.services.prisma.auditEvent.findMany({ where: { requestId } });
    if (exchange.status < 300 || exchange.status === 404) {
      if (!(await repairFixtures(h, fixtures))) fixtures = await createFixtures(h);
      else await fixtures.verify(plan);
    }
    return { exchange, events };
  }

  /**
   * Before a deletion that answers 204 when there is nothing to delete: the same path set first (a user's permission
   * given, say) by the operation of the contract that sets it, so that the deletion has something to delete.
   */
  async function setFirst(operation: GateOperation, plan: RequestPlan): Promise<void> {
    const setter = operations.find((o) => o.path === operation.path && (o.method === "put" || o.method === "patch") && !o.notImplemented);
    if (!setter || !ANSWERS_GONE.has(operation.operationId)) return;
    for (const sample of fc.sample(validRequest(setter), { seed: seedFor(setter.operationId, "audit", "set first"), numRuns: ATTEMPTS }) as RequestPlan[]) {
      const setting = { ...sample, path: plan.path };
      const { status } = await send(h.api, toHttp(setter, setting, await fixtures.lookupFor(setting)), { Authorization: fixtures.admin.auth });
      if (status < 300) return;
    }
  }

  const writes = operations.filter((operation) => isWrite(operation) && !operation.notImplemented);
  test.each(writes.map((operation) => [operation.operationId, operation] as const))(
    "%s records one event per success, none per refusal",
    async (operationId, operation) => {
      const plans = fc.sample(validRequest(operation), { seed: seedFor(operationId, "audit"), numRuns: ATTEMPTS }) as RequestPlan[];
      const statuses: number[] = [];
      for (const plan of plans) {
        await setFirst(operation, plan);
        const { exchange, events } = await sendWrite(operation, plan);
        statuses.push(exchange.status);
        const why = `\n${describeExchange(exchange)}`;
        if (exchange.status >= 300 || (exchange.status === 204 && ANSWERS_GONE.has(operationId))) {
          if (events.length > 0) throw new Error(`${operationId}: a request that wrote nothing (${exchange.status}) recorded ${events.length} event(s)${why}`);
          continue;
        }
        if (events.length !== 1) throw new Error(`${operationId}: a success recorded ${events.length} events, not one${why}`);
        const [event] = events as [{ organizationId: string; action: string }];
        // An event of no organization is in no list: only the writes that belong to none may be recorded so.
        if (WITHOUT_ORGANIZATION.has(operationId)) expect(event.organizationId).toBe("");
        else if (event.organizationId === "") throw new Error(`${operationId}: its event has no organization, so no list shows it${why}`);
        return;
      }
      notCovered.note(`${operationId}: no successful answer to a valid request`, statuses.join(" "));
    },
  );
});
