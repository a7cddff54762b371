// A secret created once and kept in the database (the `Setting` table): every instance on the database shares it,
// and restarts keep it. What the server derives keys from when `DOCSTACK_SECRETS` is empty.
import type { Db } from "./db/database";
import { Prisma } from "./generated/prisma/client";
import { declareSecret, newSecret } from "./secrets";

export async function instanceSecret(prisma: Db, key: string): Promise<string> {
  const existing = await prisma.setting.findUnique({ where: { key } });
  if (existing) return declareSecret(existing.value);
  await prisma.setting.createMany({ data: [{ key, value: newSecret(32) }], skipDuplicates: true });
  return declareSecret((await prisma.setting.findUniqueOrThrow({ where: { key } })).value);
}

/**
 * Several secrets, read in one raw statement where they exist already (every start but the first): the start
 * needs three, and the ORM's first `findUnique` costs the query compiler's warm-up (100-200 ms of a start's main
 * thread, issue 40), which the first request that needs it pays instead. Those missing are created as above.
 */
export async function instanceSecrets<K extends string>(prisma: Db, keys: readonly K[]): Promise<Record<K, string>> {
  const rows = await prisma.$queryRaw<{ key: string; value: string }[]>`SELECT "key", "value" FROM "Setting" WHERE "key" IN (${Prisma.join(keys)})`;
  const found = new Map(rows.map((row) => [row.key, row.value]));
  const secrets = {} as Record<K, string>;
  for (const key of keys) {
    const value = found.get(key);
    secrets[key] = value === undefined ? await instanceSecret(prisma, key) : declareSecret(value);
  }
  return secrets;
}
