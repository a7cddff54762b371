// Real resources for generated requests to point at. The base: an organization with
// an admin (the caller) and another member, two collections, two spaces in the first
// one (the first holding pages and files that link to each other), and a second
// organization of the admin's (so those lists have a second page).
// Everything else (comments, change requests, teams, ...) is made on first use by the
// operation of the contract that creates it (derivations.ts), as the admin.
import { randomBytes } from "node:crypto";
import type { Schemas } from "@docstack/contract";
import { type Harness, onSecret, startSession, type TestAgent, type TestUser } from "@docstack/server/testing";
import fc from "fast-check";
import { validArbitrary } from "./arbitraries";
import { type GateOperation, operations } from "./contract";
import { bodyReferencesFor, derivations } from "./derivations";
import { readFixtureState } from "./fixture-state";
import { HeldImports } from "./held-imports";
import { send } from "./http";
import { type BaseFixture, baseFixtureNamed, type FixtureRef, type Lookup, type RequestPlan, refsOf, toHttp } from "./plan";
import { fixturePath, minimalRequest, validRequest } from "./requests";
import { isValid } from "./schema-check";
import { seedFor } from "./seed";

/** What a placeholder becomes when its resource could not be made: well-formed, and unknown. */
export const UNKNOWN_ID = "01unknown00000000000000000";
/** Making the fixtures takes seconds, more on a loaded machine: a set-up hook may take longer than a test's 30 s. */
export const FIXTURES_TIMEOUT_MS = 180_000;
/** Bodies tried, at most, to make a derived resource (a generated body may be refused for its content). */
const ATTEMPTS = 12;

async function created(request: Promise<{ status: number; body: { id?: string } }>, what: string): Promise<string> {
  const res = await request;
  if (res.status !== 201 || typeof res.body.id !== "string") throw new Error(`Could not create the fixture ${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export class Fixtures {
  private readonly derived = new Map<string, string>();
  /** Derived resources that could not be made, and why (not tried again with these fixtures). */
  readonly missing = new Map<string, string>();
  /** Every derived resource that could not be made during the run, and why: for the gates' reports. */
  static readonly unmade = new Map<string, string>();
  /** In the names the gates pick, so that fixtures of another run on the same database (PostgreSQL) never hold them. */
  private readonly run = randomBytes(3).toString("hex");

  constructor(
    private readonly api: TestAgent,
    /** Mutable: a repair may replace the collection. */
    readonly base: Record<BaseFixture, string>,
    readonly admin: TestUser,
    /** The member `userId` names. */
    readonly member: TestUser,
    /** Strings only the organization's members may see (titles, e-mail addresses): leak detectors. */
    readonly secrets: string[],
  ) {}

  private value(ref: FixtureRef): string {
    return (this.base as Record<string, string>)[ref.key] ?? this.derived.get(ref.key) ?? UNKNOWN_ID;
  }

  /** A POST as the admin. */
  post(url: string, body: object) {
    return this.api.post(url).set("Authorization", this.admin.auth).send(body);
  }

  /** The names of the path parameters of a plan naming resources that could not be made (after lookupFor). */
  unresolvedNames(plan: Pick<RequestPlan, "path">): string[] {
    return refsOf(plan.path)
      .filter((ref) => this.value(ref) === UNKNOWN_ID)
      .map((ref) => ref.name);
  }

  /** The path parameters of a plan naming resources that could not be made (after lookupFor), each with why. */
  unresolved(plan: Pick<RequestPlan, "path">): string[] {
    return refsOf(plan.path)
      .filter((ref) => this.value(ref) === UNKNOWN_ID)
      .map((ref) => `${ref.name} (${this.missing.get(ref.key) ?? "no way to make one"})`);
  }

  /** The lookup for a plan, after making the derived resources it names. */
  async lookupFor(plan: Pick<RequestPlan, "path" | "query" | "body">): Promise<Lookup> {
    for (const ref of refsOf([plan.path, plan.query, plan.body])) await this.ensure(ref);
    return (ref) => this.value(ref);
  }

  /**
   * Forget derived resources a request found gone (404) or deleted, and what lives under
   * them (the replies of a forgotten comment); they are made again on next use.
   */
  forget(plan: Pick<RequestPlan, "path" | "query" | "body">): void {
    for (const ref of refsOf([plan.path, plan.query, plan.body])) {
      for (const key of [...this.derived.keys()]) if (key === ref.key || key.startsWith(`${ref.key}/`)) this.derived.delete(key);
    }
  }

  /**
   * After a 404 or a deletion: forget the derived resources of the plan's path that are
   * gone, asking the operation of the contract that reads each one (when implemented).
   */
  async verify(plan: Pick<RequestPlan, "path">): Promise<void> {
    for (const ref of refsOf(plan.path)) {
      if (!this.derived.has(ref.key)) continue;
      const reader = operations.find((o) => o.path === ref.key && o.method === "get" && !o.notImplemented);
      const exists = reader
        ? (
            await send(
              this.api,
              toHttp(reader, { label: "exists?", path: plan.path, query: [], body: { kind: "none" } }, (r) => this.value(r)),
              { Authorization: this.admin.auth },
            )
          ).status === 200
        : false;
      if (!exists) this.forget({ path: { [ref.name]: ref }, query: [], body: { kind: "none" } });
    }
  }

  private async ensure(ref: FixtureRef): Promise<void> {
    if (ref.key in this.base || this.derived.has(ref.key) || this.missing.has(ref.key)) return;
    if (!derivations.has(ref.key)) return;
    const value = await this.make(ref.key);
    if (value !== undefined) this.derived.set(ref.key, value);
  }

  /** A new resource of a derivation (e.g. another comment), made as the admin; undefined when it cannot be. */
  async make(key: string): Promise<string | undefined> {
    const derivation = derivations.get(key);
    if (!derivation || this.missing.has(key)) return undefined;
    const { creator, field, parameter, named } = derivation;
    const seed = seedFor("fixture", key, String(this.made++));
    const path = fixturePath(creator, named ? { [parameter]: freshName(creator, parameter, seed, this.run) } : {}) as Record<string, unknown>;
    // The smallest body first, naming each real resource it may name (a site space's space: the fixture space, then the
    // other one), then as generated (optional references to other resources are what gets refused), then samples.
    const minimal = fc.sample(minimalRequest(creator), { seed, numRuns: 1 });
    const samples = [...withRealReferences(creator, minimal), ...minimal, ...fc.sample(validRequest(creator), { seed, numRuns: ATTEMPTS - 1 })];
    let last = "";
    // Then once more under new parents: fuzzing may have filled the old ones (every space already in the site).
    for (const freshParents of [false, true]) {
      if (freshParents) {
        const parents = refsOf(path).filter((ref) => this.derived.has(ref.key));
        if (parents.length === 0) break;
        this.forget({ path: Object.fromEntries(parents.map((ref) => [ref.name, ref])), query: [], body: { kind: "none" } });
      }
      for (const sample of samples) {
        const plan = { ...sample, path };
        const lookup = await this.lookupFor(plan);
        const res = await send(this.api, toHttp(creator, plan, lookup), { Authorization: this.admin.auth });
        const value = (res.body as Record<string, unknown> | undefined)?.[field];
        if (res.status < 300 && (typeof value === "string" || typeof value === "number")) return String(value);
        last = `${res.status} ${res.text.slice(0, 200)}`;
      }
    }
    this.missing.set(key, `${creator.operationId} refused ${ATTEMPTS} generated bodies, under new parents too (last: ${last})`);
    Fixtures.unmade.set(key, this.missing.get(key) as string);
    return undefined;
  }
  private made = 0;
}

/**
 * The plans with each body property that may name a base fixture (`spaceId`: the space or the other space) set to
 * each one in turn: generated bodies name a real one only mostly, and a creator's dozen tries may all miss.
 */
function withRealReferences(creator: GateOperation, plans: readonly RequestPlan[]): RequestPlan[] {
  const pinned: RequestPlan[] = [];
  for (const plan of plans) {
    const value = plan.body.kind === "json" ? plan.body.value : undefined;
    if (!value || typeof value !== "object" || Array.isArray(value)) continue;
    for (const name of Object.keys(value)) {
      for (const ref of bodyReferencesFor(creator, name).filter((r) => baseFixtureNamed(r.key) !== undefined)) {
        pinned.push({ ...plan, label: `${plan.label}, ${name} ${ref.key}`, body: { kind: "json", value: { ...value, [name]: ref } } });
      }
    }
  }
  return pinned;
}

/** A value for a path parameter naming a resource the gates are about to create: new at each call, and in each run. */
function freshName(operation: GateOperation, parameter: string, seed: number, run: string): string {
  const schema = operation.parameters.find((p) => p.in === "path" && p.name === parameter)?.schema ?? {};
  const readable = `fixture-${run}-${seed.toString(36).replace(/[^a-z0-9]/g, "")}`;
  if (isValid(schema, readable)) return readable;
  const [sampled] = fc.sample(
    validArbitrary(schema).filter((v) => typeof v === "string" && v !== ""),
    { seed, numRuns: 1 },
  );
  return sampled as string;
}

export async function createFixtures(h: Harness, api: TestAgent = h.api): Promise<Fixtures> {
  const tag = randomBytes(4).toString("hex");
  const domain = `fx${tag}.example`;
  const org = await h.organization(`Fixture organization ${tag}`);
  const { prisma } = h.services;
  // The admin has an address of the organization's own domain, so the e-mail domain lookup finds it.
  const adminEmail = `admin-${tag}@${domain}`;
  await prisma.user.update({ where: { id: org.admin.id }, data: { email: adminEmail } });
  await prisma.organization.update({ where: { id: org.id }, data: { emailDomains: [domain] } });
  const admin = { ...org.admin, email: adminEmail };
  const other = await h.organization(`Second organization ${tag}`);
  await prisma.member.create({ data: { organizationId: other.id, userId: admin.id, role: "admin" } });
  const member = await h.member(org.id, "edit");

  const post = (url: string, body: object) => api.post(url).set("Authorization", admin.auth).send(body);
  const collectionId = await created(post(`/v1/orgs/${org.id}/collections`, { title: `Collection ${tag}` }), "collection");
  await created(post(`/v1/orgs/${org.id}/collections`, { title: `Nested ${tag}`, parent: collectionId }), "nested collection");
  const spaceId = await created(post(`/v1/orgs/${org.id}/spaces`, { title: `Space ${tag}`, parent: collectionId }), "space");
  const otherSpaceId = await created(post(`/v1/orgs/${org.id}/spaces`, { title: `Space two ${tag}`, parent: collectionId }), "second space");
  const { pageId, pagePath, fileId, downloadToken, titles } = await seedContent(api, admin, spaceId, tag);
  const revisionId = (await api.get(`/v1/spaces/${spaceId}`).set("Authorization", admin.auth)).body.revision as string;
  const signIn = await signInCodeFor(api, await h.user());
  // Two app sessions of the admin: the one to revoke, and another so that their list has a second page.
  await adminSession(h, admin.id);
  const sessionId = await adminSession(h, admin.id);
  const importSpaceId = await created(post(`/v1/orgs/${org.id}/spaces`, { title: `Imports ${tag}`, parent: collectionId }), "import space");
  const held = HeldImports.of(h);
  held.releaseAll();
  held.holdRunsOf(importSpaceId);
  const importRunId = await heldImportRun(api, admin, org.id, importSpaceId);
  return new Fixtures(
    api,
    {
      organizationId: org.id,
      collectionId,
      spaceId,
      otherSpaceId,
      pageId,
      pagePath,
      fileId,
      revisionId,
      downloadToken,
      userId: member.id,
      emailDomain: domain,
      ...signIn,
      sessionId,
      importRunId,
    },
    admin,
    member,
    [`Fixture organization ${tag}`, `Collection ${tag}`, `Nested ${tag}`, `Space ${tag}`, `Space two ${tag}`, ...titles, adminEmail, member.email],
  );
}

/**
 * An import run into the space, held by the server's hook (held-imports.ts) from the start of its work until it is
 * let go: a cancel finds it in progress. Its source is an empty zip: let go uncancelled (the queue stopping), it
 * fails at once (no Markdown file), writing nothing and fetching nothing.
 */
async function heldImportRun(api: TestAgent, admin: TestUser, organizationId: string, spaceId: string): Promise<string> {
  // An empty zip archive: its end record alone.
  const source = { type: "zip", data: Buffer.concat([Buffer.from("PK\x05\x06", "latin1"), Buffer.alloc(18)]).toString("base64") };
  return created(
    api
      .post(`/v1/org/${organizationId}/imports`)
      .set("Authorization", admin.auth)
      .send({ source, target: { space: spaceId } }),
    "import run",
  );
}

/** A new app session of the user, started as signing in to the app starts one (the session store). */
async function adminSession(h: Harness, userId: string): Promise<string> {
  const { row } = await startSession(h.services.prisma, userId, "Gate fixture", h.clock.now(), h.services.config.sessions);
  return row.id;
}

/** A sign-in code asked for through the API, caught as the secret the server made (no SMTP needed). */
async function signInCodeFor(api: TestAgent, user: TestUser): Promise<{ signInEmail: string; signInCode: string }> {
  const codes: string[] = [];
  const stop = onSecret((secret) => {
    if (/^\d{8}$/.test(secret)) codes.push(secret);
  });
  try {
    // From an address of its own: codes are limited per client, and fixtures are made again and again.
    const address = `10.${randomBytes(3).join(".")}`;
    await api.post("/v1/auth/email").set("X-Forwarded-For", address).send({ email: user.email }).expect(204);
  } finally {
    stop();
  }
  if (codes.length !== 1) throw new Error(`Fixtures: asking for a sign-in code made ${codes.length} codes`);
  return { signInEmail: user.email, signInCode: codes[0] as string };
}

/**
 * Pages and a file merged into the space, so page and file operations (of the space and of its change
 * requests, which start from it) meet real ones: the first page links to the file and the two others,
 * which link to the file too; a second file (lists of two links, three backlinks, two files: with a second page).
 */
async function seedContent(
  api: TestAgent,
  admin: TestUser,
  spaceId: string,
  tag: string,
): Promise<{ pageId: string; pagePath: string; fileId: string; downloadToken: string; titles: string[] }> {
  const as = <T extends { set: (name: string, value: string) => T }>(request: T) => request.set("Authorization", admin.auth);
  const titles = [`Fixture page ${tag}`, `Second page ${tag}`, `Third page ${tag}`];
  const file = `fixture-${tag}.txt`;
  const cr = await as(api.post(`/v1/spaces/${spaceId}/change-requests`)).send({ subject: "Fixture content" });
  const id = (cr.body as { id?: string }).id;
  if (cr.status !== 201 || !id) throw new Error(`Could not create the fixture change request: ${cr.status} ${cr.text}`);
  const page = (title: string, markdown: string) => ({ operation: "insert_page", title, document: { markdown } });
  const [first, second, third] = titles as [string, string, string];
  const changes = [
    {
      operation: "insert_files",
      files: [file, `second-${file}`].map((name) => ({ name, contentType: "text/plain", data: Buffer.from(name).toString("base64") })),
    },
    page(first, `See [the file](${file}), [the second](/second-page-${tag}) and [the third](/third-page-${tag}).`),
    page(second, `Also [the file](${file}).`),
    page(third, `And [the file](${file}).`),
  ];
  const written = await as(api.post(`/v1/spaces/${spaceId}/change-requests/${id}/content`)).send({ changes });
  const merged = await as(api.post(`/v1/spaces/${spaceId}/change-requests/${id}/merge`));
  if (written.status !== 200 || merged.status !== 200)
    throw new Error(`Could not write the fixture content: ${written.status} ${written.text} / ${merged.status} ${merged.text}`);
  const pages = await as(api.get(`/v1/spaces/${spaceId}/content/pages`));
  const files = await as(api.get(`/v1/spaces/${spaceId}/content/files`));
  const firstPage = (pages.body as { pages: { id: string; title: string; path: string }[] }).pages.find((p) => p.title === first);
  const stored = (files.body as { items: { id: string; name: string; downloadURL: string }[] }).items.find((f) => f.name === file);
  if (!firstPage || !stored) throw new Error(`The fixture content is not in the space: ${pages.text} ${files.text}`);
  return { pageId: firstPage.id, pagePath: firstPage.path, fileId: stored.id, downloadToken: stored.downloadURL.split("/").pop() as string, titles };
}

/**
 * Puts the base fixtures back as requests expect them after writes deleted, locked or
 * demoted them (cheaper than making new ones, which thousands of requests would feel).
 * False when they cannot be repaired (a collection deleted for good, moved elsewhere).
 */
export async function repairFixtures(h: Harness, fixtures: Fixtures): Promise<boolean> {
  const { prisma } = h.services;
  const { organizationId, collectionId, spaceId, otherSpaceId, userId } = fixtures.base;
  const state = await readFixtureState(h, { ...fixtures.base, adminId: fixtures.admin.id });
  const { organization, admin, member, collection, space, otherSpace } = state;
  if (space?.organizationId !== organizationId || otherSpace?.organizationId !== organizationId || (collection && collection.organizationId !== organizationId))
    return false;
  if (!collection) {
    // Deleted for good (with the spaces in it deleted restorably): a new one, the space back in it.
    const res = await fixtures.post(`/v1/orgs/${organizationId}/collections`, { title: "Replacement collection" });
    if (res.status !== 201) return false;
    fixtures.base.collectionId = (res.body as Schemas["Collection"]).id;
  }
  if (admin?.role !== "admin" || admin.disabled) {
    await prisma.member.upsert({
      where: { organizationId_userId: { organizationId, userId: fixtures.admin.id } },
      create: { organizationId, userId: fixtures.admin.id, role: "admin" },
      update: { role: "admin", disabled: false },
    });
  }
  if (member?.role !== "edit" || member.disabled) {
    await prisma.member.upsert({
      where: { organizationId_userId: { organizationId, userId } },
      create: { organizationId, userId, role: "edit" },
      update: { role: "edit", disabled: false },
    });
  }
  // An admin's allowed write may have raised what every member gets: the role checks need the roles alone to decide.
  // (A replacement collection is new: nothing raised there.) It may have turned invite links off too, and then no link
  // invite could be made for the operations that need one.
  if (organization?.defaultRole !== null || organization.inviteLinks !== true) {
    await prisma.organization.update({ where: { id: organizationId }, data: { defaultRole: null, inviteLinks: true } });
  }
  if (collection && (collection.defaultLevel !== "inherit" || collection.parentId !== null)) {
    await prisma.collection.update({ where: { id: collectionId }, data: { defaultLevel: "inherit", parentId: null } });
  }
  // Back in its collection, with no level of its own, restored as `POST .../restore` would, and unlocked
  // (a locked space refuses comments and change requests).
  const { parentId, defaultLevel, deletedAt, editMode } = space;
  if (parentId !== fixtures.base.collectionId || defaultLevel !== "inherit" || deletedAt !== null || editMode !== "live") {
    await prisma.space.update({
      where: { id: spaceId },
      data: { parentId: fixtures.base.collectionId, defaultLevel: "inherit", deletedAt: null, editMode: "live" },
    });
  }
  if (otherSpace.deletedAt !== null) await prisma.space.update({ where: { id: otherSpaceId }, data: { deletedAt: null } });
  // A sign-in code works once, and wrong tries burn it: used up by one of the operations that sign in (an API token,
  // an app session), a new one, for a new user (codes are limited per address).
  // The admin's session, once revoked (or expired), is replaced by a new one.
  if (!state.sessionUsable) fixtures.base.sessionId = await adminSession(h, fixtures.admin.id);
  // The import run's space is in the fixture collection: deleted with it (restorably), it is restored as the space is,
  // or its run would answer 404. The run, once ended (cancelled), is let go and replaced by a new held one there.
  const run = state.importRun;
  if (run?.spaceDeleted) await prisma.space.updateMany({ where: { id: run.spaceId, deletedAt: { not: null } }, data: { deletedAt: null } });
  if (run?.ended) {
    HeldImports.of(h).release(fixtures.base.importRunId);
    fixtures.base.importRunId = await heldImportRun(h.api, fixtures.admin, organizationId, run.spaceId);
  }
  if (!state.signInCodeUsable) Object.assign(fixtures.base, await signInCodeFor(h.api, await h.user()));
  return true;
}
