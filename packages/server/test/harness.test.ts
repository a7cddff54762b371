// The harness's database starts from the template the global setup migrated once per run: were it to
// migrate again (the template ignored or stale), every test file would pay for initdb and the schema engine.

import supertest from "supertest";
import type { ValidationAccess } from "./support/environment";
import { useHarness } from "./support/harness";

const h = useHarness();

it("opens a database that is already migrated", async () => {
  expect(h.migrationsApplied).toEqual([]);
  const [found] = await h.services.prisma.$queryRaw<{ migrations: number }[]>`SELECT count(*)::int AS migrations FROM _prisma_migrations`;
  expect(found?.migrations).toBeGreaterThan(0);
});

// Preparing the contract's validation and compiling its answers' schemas cost every file about 4 s of CPU: the
// worker prepares it once (environment.ts), and every harness's app validates through it.
it("validates through the worker's prepared contract validation, whose errors the app still knows", async () => {
  const validation = (globalThis as { __docstackValidation?: ValidationAccess }).__docstackValidation as ValidationAccess;
  const { token } = await h.user();
  // The harness's own app, and another on its services (as a browser test's server is made).
  for (const api of [h.api, supertest(h.createApp())]) {
    const before = validation.requests();
    const refused = await api.get("/v1/orgs/org_x/members?limit=not-a-number").set("Authorization", `Bearer ${token}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { reason: "invalid_request" } });
    expect(validation.requests()).toBe(before + 1);
  }
});
