// The audit gate: every write operation of the contract (any method but GET) records exactly one
// audit event, in its transaction. The router records it for every route it marks as a write
// (http/routes.ts), so the gate checks that the contract's writes are all marked, then that real
// writes (with and without a transaction of their own, and one that fails) leave exactly one event
// per successful request, and none for a refused one.
import { loadOpenapiDocument } from "@docstack/contract";
import { contractRoutes } from "../../src/http/routes";
import { requestsAs, useHarness } from "../support/harness";

const h = useHarness();

test("every write operation of the contract records an audit event", () => {
  const routes = contractRoutes(loadOpenapiDocument());
  const unrecorded = routes.filter((route) => route.method !== "get" && !route.audit).map((route) => route.operationId);
  expect(unrecorded).toEqual([]);
  expect(routes.filter((route) => route.method === "get" && route.audit)).toEqual([]);
});

test("exactly one event per successful write, in its organization, with its request ID; none for a refused one", async () => {
  const org = await h.organization();
  const as = requestsAs(h, org.admin);
  const events = async (requestId: string) => h.services.prisma.auditEvent.findMany({ where: { requestId } });

  // A write with a transaction of its own (createSpace), one without (updateTeam), and a refused one.
  const space = await as.post(`/v1/orgs/${org.id}/spaces`, { title: "Audited" }).set("X-Request-Id", "audit-gate-1").expect(201);
  expect(await events("audit-gate-1")).toMatchObject([{ organizationId: org.id, action: "createSpace", actorId: org.admin.id }]);
  const team = await as.put(`/v1/orgs/${org.id}/teams`, { title: "T" }).set("X-Request-Id", "audit-gate-2").expect(201);
  await as.patch(`/v1/orgs/${org.id}/teams/${team.body.id}`, { title: "U" }).set("X-Request-Id", "audit-gate-3").expect(200);
  expect(await events("audit-gate-3")).toMatchObject([{ action: "updateTeamInOrganizationById", targetType: "team", targetId: team.body.id }]);
  const reader = await h.member(org.id, "read");
  await requestsAs(h, reader).delete(`/v1/spaces/${space.body.id}`).set("X-Request-Id", "audit-gate-4").expect(403);
  expect(await events("audit-gate-4")).toEqual([]);

  // What the API answers: GitBook's shapes, newest first, filtered.
  const list = await as.get(`/v1/orgs/${org.id}/audit-events?target=${team.body.id}`).expect(200);
  expect(list.body.items.map((e: { action: string }) => e.action)).toEqual(["updateTeamInOrganizationById"]);
  const all = await as.get(`/v1/orgs/${org.id}/audit-events`).expect(200);
  expect(all.body.items[0]).toMatchObject({
    object: "audit-event",
    action: "updateTeamInOrganizationById",
    actor: { type: "user", id: org.admin.id },
    source: "api",
  });
  const one = await as.get(`/v1/orgs/${org.id}/audit-events/${all.body.items[0].id}`).expect(200);
  expect(one.body).toMatchObject({ executionId: "audit-gate-3", schemaVersion: 1, payload: { operationId: "updateTeamInOrganizationById" } });
  const actions = await as.get(`/v1/orgs/${org.id}/audit-event-actions`).expect(200);
  expect(actions.body.items).toEqual(expect.arrayContaining([{ object: "audit-event-action", id: "webhook.created", label: "Create a webhook" }]));
  await requestsAs(h, reader).get(`/v1/orgs/${org.id}/audit-events`).expect(403);
});
