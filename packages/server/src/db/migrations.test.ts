// Migrations that change what data means are tested on data: the committed SQL, applied in
// order to an empty embedded database, with rows written between two of them.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgliteExtensions } from "./pglite-extensions";
import { MIGRATIONS_DIR } from "./schema-engine";

const migrations = fs
  .readdirSync(MIGRATIONS_DIR)
  .filter((name) => fs.statSync(path.join(MIGRATIONS_DIR, name)).isDirectory())
  .sort();

/** The migrations before the one named `name`, and from it on. */
function around(name: string): [string[], string[]] {
  const index = migrations.findIndex((migration) => migration.endsWith(name));
  if (index < 0) throw new Error(`No migration ${name}`);
  return [migrations.slice(0, index), migrations.slice(index)];
}

/** The file's empty database, made once: initdb takes 3 to 5 s of CPU, loading its copy about one. */
let emptyCluster: Promise<Blob> | undefined;

/** A new empty embedded database, as PGlite's initdb leaves it. */
async function emptyDatabase(): Promise<PGlite> {
  emptyCluster ??= (async () => {
    const made = await PGlite.create({ extensions: pgliteExtensions() });
    try {
      return await made.dumpDataDir("none");
    } finally {
      await made.close();
    }
  })();
  return PGlite.create({ extensions: pgliteExtensions(), loadDataDir: await emptyCluster });
}

async function apply(db: PGlite, names: string[]) {
  for (const name of names) await db.exec(fs.readFileSync(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8"));
}

describe("migration people_and_access", () => {
  it("keeps what default levels meant: null (then: inherit) becomes `inherit`, a role stays", async () => {
    const db = await emptyDatabase();
    try {
      const [before, from] = around("_people_and_access");
      await apply(db, before);
      await db.exec(`
        INSERT INTO "Organization" (id, title, "emailDomains") VALUES ('o', 'Org', '{}');
        INSERT INTO "Collection" (id, "organizationId", title, "defaultLevel") VALUES ('c1', 'o', 'Inherits', NULL), ('c2', 'o', 'Edit', 'edit');
        INSERT INTO "Space" (id, "organizationId", title, "revisionId", "defaultLevel") VALUES ('s1', 'o', 'Inherits', 'r', NULL), ('s2', 'o', 'Read', 'r', 'read');
      `);
      await apply(db, from);
      const levels = await db.query<{ id: string; defaultLevel: string | null }>(
        `SELECT id, "defaultLevel" FROM "Collection" UNION ALL SELECT id, "defaultLevel" FROM "Space" ORDER BY id`,
      );
      expect(levels.rows).toEqual([
        { id: "c1", defaultLevel: "inherit" },
        { id: "c2", defaultLevel: "edit" },
        { id: "s1", defaultLevel: "inherit" },
        { id: "s2", defaultLevel: "read" },
      ]);
      // New content inherits; null now means no default access; anything else is refused.
      await db.exec(`INSERT INTO "Space" (id, "organizationId", title, "revisionId") VALUES ('s3', 'o', 'New', 'r')`);
      expect((await db.query<{ defaultLevel: string }>(`SELECT "defaultLevel" FROM "Space" WHERE id = 's3'`)).rows[0]?.defaultLevel).toBe("inherit");
      await db.exec(`UPDATE "Space" SET "defaultLevel" = NULL WHERE id = 's3'`);
      await expect(db.exec(`UPDATE "Space" SET "defaultLevel" = 'owner' WHERE id = 's3'`)).rejects.toThrow(/defaultLevel_check/);
    } finally {
      await db.close();
    }
  });
});

describe("migration enum_status_columns", () => {
  it("keeps every status as it was, as an enum value, and the space's counters still count", async () => {
    const db = await emptyDatabase();
    try {
      const [before, from] = around("_enum_status_columns");
      await apply(db, before);
      await db.exec(`
        INSERT INTO "Organization" (id, title, "emailDomains") VALUES ('o', 'Org', '{}');
        INSERT INTO "User" (id, email, "displayName") VALUES ('u', 'u@example.com', 'U');
        INSERT INTO "Space" (id, "organizationId", title, "revisionId", "editMode") VALUES ('s', 'o', 'Locked', 'r', 'locked');
        INSERT INTO "Revision" (id, "spaceId", parents, type, tree, files, links) VALUES ('r', 's', '{}', 'merge', '{}', '{}', '{}');
        INSERT INTO "ChangeRequest" (id, "spaceId", number, status, "createdById", "revisionId", "revisionInitialId")
          VALUES ('cr1', 's', 1, 'open', 'u', 'r', 'r'), ('cr2', 's', 2, 'merged', 'u', 'r', 'r');
        INSERT INTO "Comment" (id, "spaceId", "postedById", body, status) VALUES ('c', 's', 'u', '{}', 'resolved');
      `);
      await apply(db, from);
      const row = async (sql: string) => (await db.query<Record<string, unknown>>(sql)).rows;
      expect(await row(`SELECT "editMode"::text AS value, pg_typeof("editMode")::text AS type FROM "Space"`)).toEqual([
        { value: "locked", type: '"SpaceEditMode"' },
      ]);
      expect(await row(`SELECT type::text AS value FROM "Revision"`)).toEqual([{ value: "merge" }]);
      expect(await row(`SELECT status::text AS value FROM "ChangeRequest" ORDER BY id`)).toEqual([{ value: "open" }, { value: "merged" }]);
      expect(await row(`SELECT status::text AS value FROM "Comment"`)).toEqual([{ value: "resolved" }]);
      // The counting triggers, made again around the change, still follow a change request's status.
      await db.exec(`UPDATE "ChangeRequest" SET status = 'draft' WHERE id = 'cr1'`);
      expect(await row(`SELECT "openChangeRequests", "draftChangeRequests" FROM "Space"`)).toEqual([{ openChangeRequests: 0, draftChangeRequests: 1 }]);
      await expect(db.exec(`UPDATE "ChangeRequest" SET status = 'closed' WHERE id = 'cr1'`)).rejects.toThrow(/invalid input value for enum/);
    } finally {
      await db.close();
    }
  });
});

describe("migration enum_contract_columns", () => {
  it("keeps an organization's type and plan, an audit event's actor and source, an integration's visibility and a spec's error code, as enum values", async () => {
    const db = await emptyDatabase();
    try {
      const [before, from] = around("_enum_contract_columns");
      await apply(db, before);
      await db.exec(`
        INSERT INTO "Organization" (id, title, "emailDomains", type, plan) VALUES ('o', 'Org', '{}', 'community', 'pro');
        INSERT INTO "AuditEvent" (id, "organizationId", action, "actorType", "actorId", source, "targetType", "targetId", "requestId", "operationId")
          VALUES ('00000000-0000-4000-8000-000000000001', 'o', 'space.create', 'system', 'x', 'api', 'space', 's', 'q', 'createSpace');
        INSERT INTO "Integration" (name, "ownerId", title, description, visibility, scopes, categories, blocks, "contentSources", configurations, "externalLinks", "previewImageBlobs", script, secrets)
          VALUES ('i', 'o', 'I', 'D', 'unlisted', '{}', '{}', '[]', '[]', '{}', '[]', '{}', '', '{}');
        INSERT INTO "OpenApiSpec" (id, "organizationId", slug, "processingState", "lastProcessErrorCode") VALUES ('a', 'o', 'a', 'failed', 'PARSE_ERROR');
      `);
      await apply(db, from);
      const row = async (sql: string) => (await db.query<Record<string, unknown>>(sql)).rows;
      expect(await row(`SELECT type::text AS type, plan::text AS plan, pg_typeof(plan)::text AS enum FROM "Organization"`)).toEqual([
        { type: "community", plan: "pro", enum: '"OrganizationPlan"' },
      ]);
      expect(await row(`SELECT "actorType"::text AS actor, source::text AS source FROM "AuditEvent"`)).toEqual([{ actor: "system", source: "api" }]);
      expect(await row(`SELECT visibility::text AS value FROM "Integration"`)).toEqual([{ value: "unlisted" }]);
      expect(await row(`SELECT "lastProcessErrorCode"::text AS value FROM "OpenApiSpec"`)).toEqual([{ value: "PARSE_ERROR" }]);
      // Defaults stay; a value outside the contract's is refused.
      await db.exec(`INSERT INTO "Organization" (id, title, "emailDomains") VALUES ('o2', 'New', '{}')`);
      expect(await row(`SELECT type::text AS type, plan::text AS plan FROM "Organization" WHERE id = 'o2'`)).toEqual([{ type: "business", plan: "free" }]);
      await expect(db.exec(`UPDATE "Organization" SET plan = 'gold' WHERE id = 'o2'`)).rejects.toThrow(/invalid input value for enum/);
    } finally {
      await db.close();
    }
  });
});

describe("migration enum_contract_values", () => {
  it("keeps every contract value, hyphens, dots and `*` included, as enum values, and the defaults", async () => {
    const db = await emptyDatabase();
    try {
      const [before, from] = around("_enum_contract_values");
      await apply(db, before);
      await db.exec(`
        INSERT INTO "Organization" (id, title, "emailDomains", "useCase", "communityType") VALUES ('o', 'Org', '{}', 'openSourceDocs', 'openSource');
        INSERT INTO "User" (id, email, "displayName") VALUES ('u', 'u@example.com', 'U');
        INSERT INTO "Space" (id, "organizationId", title, "revisionId", visibility) VALUES ('s', 'o', 'In a collection', 'r', 'in-collection');
        INSERT INTO "Revision" (id, "spaceId", parents, type, tree, files, links) VALUES ('r', 's', '{}', 'merge', '{}', '{}', '{}');
        INSERT INTO "ChangeRequest" (id, "spaceId", number, status, "createdById", "revisionId", "revisionInitialId") VALUES ('cr', 's', 1, 'open', 'u', 'r', 'r');
        INSERT INTO "ChangeRequestReview" (id, "changeRequestId", "reviewerId", status, "revisionId") VALUES ('rv', 'cr', 'u', 'changes-requested', 'r');
        INSERT INTO "Site" (id, "organizationId", type, title, basename, visibility) VALUES ('site', 'o', 'legacy-premium', 'Site', 'site', 'visitor-auth');
        INSERT INTO "CustomField" (id, "organizationId", name, type, options) VALUES ('f', 'o', 'tags', 'multi-select', '{a,b}');
        INSERT INTO "Team" (id, "organizationId", title) VALUES ('t', 'o', 'Team');
        INSERT INTO "TeamMember" ("teamId", "userId", role) VALUES ('t', 'u', 'owner');
        INSERT INTO "Webhook" (id, "organizationId", url, events, secret) VALUES ('w1', 'o', 'https://hooks.example', '{*}', 'whsec_x'), ('w2', 'o', 'https://hooks.example', '{page.created,change_request.merged}', 'whsec_x');
        INSERT INTO "WebhookDelivery" (id, "webhookId", "messageId", event, "orderingKey", payload) VALUES ('d', 'w2', 'm', 'change_request.merged', 'k', '{}');
        INSERT INTO "ImportRun" (id, "organizationId", "spaceId", source, status, "createdById") VALUES ('run', 'o', 's', '{}', 'in-progress', 'u');
        INSERT INTO "Integration" (name, "ownerId", title, description, target, categories, scopes, blocks, "contentSources", configurations, "externalLinks", "previewImageBlobs", script, secrets)
          VALUES ('i', 'o', 'I', 'D', 'space', '{visitor-auth,analytics}', '{}', '[]', '[]', '{}', '[]', '{}', '', '{}');
        INSERT INTO "IntegrationInstallation" (id, "integrationName", "organizationId", "spaceSelection", configuration) VALUES ('in', 'i', 'o', 'selected', '{}');
      `);
      await apply(db, from);
      const row = async (sql: string) => (await db.query<Record<string, unknown>>(sql)).rows;
      expect(await row(`SELECT "useCase"::text AS "useCase", "communityType"::text AS "communityType" FROM "Organization"`)).toEqual([
        { useCase: "openSourceDocs", communityType: "openSource" },
      ]);
      expect(await row(`SELECT visibility::text AS value, pg_typeof(visibility)::text AS type FROM "Space"`)).toEqual([
        { value: "in-collection", type: '"SpaceVisibility"' },
      ]);
      expect(await row(`SELECT status::text AS value FROM "ChangeRequestReview"`)).toEqual([{ value: "changes-requested" }]);
      expect(await row(`SELECT type::text AS type, visibility::text AS visibility FROM "Site"`)).toEqual([
        { type: "legacy-premium", visibility: "visitor-auth" },
      ]);
      expect(await row(`SELECT type::text AS value FROM "CustomField"`)).toEqual([{ value: "multi-select" }]);
      expect(await row(`SELECT role::text AS value FROM "TeamMember"`)).toEqual([{ value: "owner" }]);
      expect(await row(`SELECT events::text[] AS events, pg_typeof(events)::text AS type FROM "Webhook" ORDER BY id`)).toEqual([
        { events: ["*"], type: '"WebhookEventType"[]' },
        { events: ["page.created", "change_request.merged"], type: '"WebhookEventType"[]' },
      ]);
      expect(await row(`SELECT event::text AS value FROM "WebhookDelivery"`)).toEqual([{ value: "change_request.merged" }]);
      expect(await row(`SELECT status::text AS value FROM "ImportRun"`)).toEqual([{ value: "in-progress" }]);
      expect(await row(`SELECT target::text AS target, categories::text[] AS categories FROM "Integration"`)).toEqual([
        { target: "space", categories: ["visitor-auth", "analytics"] },
      ]);
      expect(await row(`SELECT "spaceSelection"::text AS space, "siteSelection"::text AS site FROM "IntegrationInstallation"`)).toEqual([
        { space: "selected", site: "all" },
      ]);
      // Defaults stay; a value outside the contract's is refused.
      await db.exec(`
        INSERT INTO "Space" (id, "organizationId", title, "revisionId") VALUES ('s2', 'o', 'New', 'r');
        INSERT INTO "Site" (id, "organizationId", title, basename) VALUES ('site2', 'o', 'New', 'new');
      `);
      expect(await row(`SELECT visibility::text AS value FROM "Space" WHERE id = 's2'`)).toEqual([{ value: "private" }]);
      expect(await row(`SELECT type::text AS type, visibility::text AS visibility FROM "Site" WHERE id = 'site2'`)).toEqual([
        { type: "basic", visibility: "public" },
      ]);
      await expect(db.exec(`UPDATE "Site" SET visibility = 'share_link' WHERE id = 'site2'`)).rejects.toThrow(/invalid input value for enum/);
      await expect(db.exec(`UPDATE "Webhook" SET events = '{page.renamed}' WHERE id = 'w1'`)).rejects.toThrow(/invalid input value for enum/);
    } finally {
      await db.close();
    }
  });
});
