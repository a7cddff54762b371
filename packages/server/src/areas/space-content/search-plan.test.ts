// What a search costs in a large space, read from the database's own query plans
// (EXPLAIN ANALYZE, on the embedded database and on PostgreSQL alike): a rare term is
// found through the GIN index, and a term on every page reads a bounded number of rows.

import { contentHelpers, writePagesInBulk } from "../../../test/support/content";
import { useHarness } from "../../../test/support/harness";
import { evaluatedQuery, MAX_HITS, spaceSearchStatement } from "../../content/search/search";
import { searchQuery } from "../../content/search/search-query";
import { vocabularies } from "../../content/search/vocabulary";
import { ContentCache } from "../../content/store/cache";
import type { Db } from "../../db/database";
import { Prisma } from "../../generated/prisma/client";

const h = useHarness();
const c = contentHelpers(h);

const PAGES = 600;

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function plan(spaceId: string, query: string): Promise<PlanNode[]> {
  const db = h.services.prisma;
  const space = await db.space.findUniqueOrThrow({ where: { id: spaceId }, select: { id: true, revisionId: true } });
  const store = { db, cache: new ContentCache(0) };
  // The statement as a search runs it: the query's tsquery worked out first, then given as a value.
  const tsquery = await evaluatedQuery(store, searchQuery(await vocabularies(store, [space]), query));
  const [row] = await h.services.prisma.$queryRaw<{ "QUERY PLAN": [{ Plan: PlanNode }] }[]>(
    Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${spaceSearchStatement(spaceId, tsquery, 0, 20)}`,
  );
  return nodes(row!["QUERY PLAN"][0].Plan);
}

describe("search at scale", () => {
  let spaceId: string;
  let adminAuth: string;

  beforeAll(async () => {
    const org = await h.organization();
    adminAuth = org.admin.auth;
    spaceId = (await c.createSpace(org.admin, org.id)).id;
    // Every page mentions "configuration" in two sections; one page mentions "zeppelin".
    const pages = Array.from({ length: PAGES }, (_, i) => ({
      title: `Part ${i}`,
      markdown: `Intro to part ${i} and its configuration.\n\n## Usage\n\nThe configuration of part ${i}${i === 345 ? ", by zeppelin" : ""}.\n\n## Notes\n\nNothing else.`,
    }));
    await writePagesInBulk(h, spaceId, pages);
    // As the server does hourly on the embedded database (and autovacuum on PostgreSQL): current statistics.
    await h.services.prisma.$executeRawUnsafe(`ANALYZE "SpaceSection"`);
    await h.services.prisma.$executeRawUnsafe(`ANALYZE "SpacePage"`);
  });

  it("finds a rare term through the GIN index of sections", async () => {
    const used = await plan(spaceId, "zeppelin");
    expect(used.map((node) => node["Index Name"])).toContain("SpaceSection_search_idx");
    const res = await h.api.get(`/v1/spaces/${spaceId}/search?query=zeppelin`).set("Authorization", adminAuth).expect(200);
    expect(res.body.count).toBe(1);
    expect(res.body.items[0]).toMatchObject({ title: "Part 345", sections: [{ title: "Usage", body: expect.stringContaining("<mark>zeppelin</mark>") }] });
  });

  it("reads at most MAX_HITS matching sections for a term on every page, and highlights only the pages returned", async () => {
    const read = (await plan(spaceId, "configuration")).filter((node) => node["Relation Name"] === "SpaceSection");
    expect(read.length).toBeGreaterThan(0);
    for (const node of read) expect(node["Actual Rows"] * node["Actual Loops"]).toBeLessThanOrEqual(MAX_HITS);
    const res = await h.api.get(`/v1/spaces/${spaceId}/search?query=configuration&limit=20`).set("Authorization", adminAuth).expect(200);
    expect(res.body.items).toHaveLength(20);
    // Two matching sections per page, at most MAX_HITS ranked: the pages among them.
    expect(res.body.count).toBe(MAX_HITS / 2);
    expect(res.body.next).toBeDefined();
    const next = await h.api
      .get(`/v1/spaces/${spaceId}/search?query=configuration&limit=20&page=${res.body.next.page}`)
      .set("Authorization", adminAuth)
      .expect(200);
    expect(next.body.count).toBe(res.body.count);
    const ids = new Set([...res.body.items, ...next.body.items].map((page: { id: string }) => page.id));
    expect(ids.size).toBe(40);
    // The same search again: the space's words from the cache (they are the same while its revision is), ranked again
    // (one statement), its highlights from the cache.
    const real = h.services.prisma;
    let statements = 0;
    h.services.prisma = new Proxy(real, {
      get: (target, key) => {
        if (key === "$queryRaw") statements++;
        return Reflect.get(target, key);
      },
    }) as Db;
    try {
      const again = await h.api.get(`/v1/spaces/${spaceId}/search?query=configuration&limit=20`).set("Authorization", adminAuth).expect(200);
      // (The same results; their URLs name the port supertest served each request on.)
      const bodies = (body: typeof res.body) =>
        body.items.map((page: { id: string; sections: { body: string }[] }) => [page.id, page.sections.map((section) => section.body)]);
      expect(bodies(again.body)).toEqual(bodies(res.body));
    } finally {
      h.services.prisma = real;
    }
    expect(statements).toBe(1);
    for (const page of res.body.items) {
      expect(page.sections.map((section: { title: string }) => section.title).sort()).toEqual([page.title, "Usage"].sort());
      for (const section of page.sections) expect(section.body).toContain("<mark>configuration</mark>");
    }
  });
});
