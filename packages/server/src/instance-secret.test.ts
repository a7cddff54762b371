// The secrets kept in the database: read several in one statement at start (issue 40), created once, the same
// on every read after.
import { randomUUID } from "node:crypto";
import { useHarness } from "../test/support/harness";
import { instanceSecret, instanceSecrets } from "./instance-secret";
import { onSecret } from "./secrets";

const h = useHarness();

it("creates the missing secrets, then reads the same ones back, alone or with others", async () => {
  const [a, b, c] = ["a", "b", "c"].map((name) => `test-${name}-${randomUUID()}`) as [string, string, string];
  const first = await instanceSecrets(h.services.prisma, [a, b]);
  expect(first[a]).toMatch(/^[\w-]{43}$/);
  expect(first[b]).toMatch(/^[\w-]{43}$/);
  expect(first[a]).not.toBe(first[b]);
  // One existing, one missing: the existing one is kept, the missing one made.
  const again = await instanceSecrets(h.services.prisma, [b, c]);
  expect(again[b]).toBe(first[b]);
  expect(again[c]).toMatch(/^[\w-]{43}$/);
  expect(await instanceSecret(h.services.prisma, a)).toBe(first[a]);
  expect(await instanceSecret(h.services.prisma, c)).toBe(again[c]);
});

it("declares the secrets it reads, so that the log checks know them", async () => {
  const key = `test-declared-${randomUUID()}`;
  const made = (await instanceSecrets(h.services.prisma, [key]))[key];
  const declared: string[] = [];
  const stop = onSecret((secret) => declared.push(secret));
  try {
    await instanceSecrets(h.services.prisma, [key]);
  } finally {
    stop();
  }
  expect(declared).toEqual([made]);
});
