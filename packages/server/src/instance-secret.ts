// A secret created once and kept in the database (the `Setting` table): every instance on the database shares it,
// and restarts keep it. What the server derives keys from when `DOCSTACK_SECRETS` is empty.
import type { Db } from "./db/database";
import { declareSecret, newSecret } from "./secrets";

export async function instanceSecret(prisma: Db, key: string): Promise<string> {
  const existing = await prisma.setting.findUnique({ where: { key } });
  if (existing) return declareSecret(existing.value);
  await prisma.setting.createMany({ data: [{ key, value: newSecret(32) }], skipDuplicates: true });
  return declareSecret((await prisma.setting.findUniqueOrThrow({ where: { key } })).value);
}
