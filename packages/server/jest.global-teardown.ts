import { closeEmbeddedPool } from "./test/support/embedded-pool";
import { dropDatabase, TEMPLATE_ENV } from "./test/support/postgres";

export default async function globalTeardown(): Promise<void> {
  await closeEmbeddedPool();
  const template = process.env[TEMPLATE_ENV];
  if (process.env.DATABASE_URL && template) await dropDatabase(process.env.DATABASE_URL, template);
}
