// The test harness: the real app over a real database, a clock tests control, and
// helpers that create users, tokens and organizations directly in the database.
import fs from "node:fs";
import supertest from "supertest";
import type TestAgent from "supertest/lib/agent";
import { createApp } from "../app";
import { createApiToken } from "../auth/tokens";
import { ManualClock } from "../clock";
import { type Config, loadConfig } from "../config";
import { type Database, openDatabase } from "../db/database";
import { newId } from "../db/ids";
import type { Services } from "../http/context";
import type { Role } from "../policy/roles";
import { openServices } from "../services";
import { testDatabaseUrl } from "./postgres";

export interface TestUser {
  id: string;
  email: string;
  token: string;
  tokenId: string;
  /** The Authorization header value. */
  auth: string;
}

export interface Harness {
  api: TestAgent;
  services: Services;
  clock: ManualClock;
  database: Database;
  config: Config;
  /** A user with a token, member of the given organizations with the given roles. */
  user(memberships?: Record<string, Role | null>): Promise<TestUser>;
  /** A new organization with an admin; more members with `member(org, role)`. */
  organization(title?: string): Promise<{ id: string; admin: TestUser }>;
  member(organizationId: string, role: Role | null): Promise<TestUser>;
  close(): Promise<void>;
}

async function testDatabase(): Promise<Database> {
  if (process.env.DATABASE_URL) {
    const { url, drop } = await testDatabaseUrl(process.env.DATABASE_URL);
    const database = await openDatabase({ databaseUrl: url, dataDir: "" });
    return {
      ...database,
      close: async () => {
        await database.close();
        await drop();
      },
    };
  }
  const template = process.env.DOCSTACK_TEST_TEMPLATE;
  if (!template) throw new Error("DOCSTACK_TEST_TEMPLATE is not set: run the tests through jest (its global setup makes it)");
  return openDatabase({ dataDir: "memory://", loadDataDir: new Blob([fs.readFileSync(template)]) });
}

export async function createHarness(overrides: Partial<Config> = {}): Promise<Harness> {
  const config: Config = { ...loadConfig({ NODE_ENV: "test" }), validateResponses: true, logLevel: "silent", ...overrides };
  const clock = new ManualClock(new Date());
  const { database, services } = await openServices(config, { clock, database: await testDatabase() });
  const api = supertest(createApp(services));
  const { prisma } = services;

  const user: Harness["user"] = async (memberships = {}) => {
    const id = newId();
    const email = `${id}@example.test`;
    await prisma.user.create({ data: { id, email, displayName: `User ${id.slice(-6)}` } });
    for (const [organizationId, role] of Object.entries(memberships)) {
      await prisma.member.create({ data: { organizationId, userId: id, role } });
    }
    const { id: tokenId, token } = await createApiToken(prisma, id);
    return { id, email, token, tokenId, auth: `Bearer ${token}` };
  };
  const organization: Harness["organization"] = async (title = "Test organization") => {
    const id = newId();
    await prisma.organization.create({ data: { id, title } });
    return { id, admin: await user({ [id]: "admin" }) };
  };
  return {
    api,
    services,
    clock,
    database,
    config,
    user,
    organization,
    member: (organizationId, role) => user({ [organizationId]: role }),
    close: () => database.close(),
  };
}

/**
 * The harness of a test file: created before its tests, closed after them. Usable at
 * the top of the file (`const h = useHarness()`); its members are there once tests run.
 * Overrides may be a function, read when the harness is made (after earlier hooks ran:
 * an inbox's URL, for instance).
 */
export function useHarness(overrides: Partial<Config> | (() => Partial<Config>) = {}): Harness {
  let current: Harness | undefined;
  beforeAll(async () => {
    current = await createHarness(typeof overrides === "function" ? overrides() : overrides);
  });
  afterAll(() => current?.close());
  return new Proxy({} as Harness, {
    get(_target, property) {
      if (!current) throw new Error("The harness is created in beforeAll: use it inside tests and hooks");
      return Reflect.get(current, property);
    },
  });
}
