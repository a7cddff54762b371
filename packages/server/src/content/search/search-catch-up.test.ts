// The search index follows a merge after its commit, a step of pages per transaction: a merge of more pages than
// one step answers at once and its index is the job's work; a small one is indexed before it answers; a run
// stopped half-way is finished by the next.
import { contentHelpers, insertPage } from "../../../test/support/content";
import { answered, type TestUser, useHarness } from "../../../test/support/harness";
import { catchUpSearch } from "./search-catch-up";

// Two pages per step: a merge of seven pages is larger than one transaction's budget.
const h = useHarness({ searchIndexStepPages: 2 });
const c = contentHelpers(h);

const manual = (n: number) =>
  Array.from({ length: n }, (_, i) => insertPage(`Chapter ${i + 1}`, i === n - 1 ? "The zeppelin lands at dawn." : `Routine chapter ${i + 1}.`));

describe("search index after the commit", () => {
  let admin: TestUser;
  let spaceId: string;

  beforeEach(async () => {
    const org = await h.organization();
    admin = org.admin;
    spaceId = (await c.createSpace(admin, org.id, "Manual")).id;
  });

  const search = async (query: string) =>
    (await answered(h.as(admin).GET("/v1/spaces/{spaceId}/search", { params: { path: { spaceId }, query: { query } } }), 200)).items.map((page) => page.title);
  const spaceRow = () => h.services.prisma.space.findUniqueOrThrow({ where: { id: spaceId }, select: { revisionId: true, searchRevisionId: true } });

  const mergeOf = async (pages: ReturnType<typeof manual>) => {
    const cr = await c.createChangeRequest(admin, spaceId);
    await c.write(admin, spaceId, cr.id, pages).expect(200);
    return (await c.merge(admin, spaceId, cr.id).expect(200)).body as { result: string; revision: string; searchCaughtUp: boolean };
  };

  it("merges more pages than a step's budget, answers before indexing, and search finds them once the job ran", async () => {
    const merged = await mergeOf(manual(7));
    expect(merged).toMatchObject({ result: "merge", searchCaughtUp: false });
    expect((await spaceRow()).revisionId).toBe(merged.revision);
    await h.services.jobs.settled();
    expect(await spaceRow()).toEqual({ revisionId: merged.revision, searchRevisionId: merged.revision });
    expect(await search("zeppelin")).toEqual(["Chapter 7"]);
    expect(await search("routine")).toHaveLength(6);
    expect(await h.services.prisma.spacePage.count({ where: { spaceId } })).toBe(7);
  });

  it("indexes a merge of at most one step before answering", async () => {
    const merged = await mergeOf(manual(2));
    expect(merged.searchCaughtUp).toBe(true);
    expect(await spaceRow()).toEqual({ revisionId: merged.revision, searchRevisionId: merged.revision });
    expect(await search("zeppelin")).toEqual(["Chapter 2"]);
  });

  it("finishes a run stopped half-way, whatever the rows it left", async () => {
    await mergeOf(manual(5));
    await h.services.jobs.settled();
    const { revisionId } = await spaceRow();
    // As a run stopped after its first step leaves it: no revision whole, some rows missing, one stale.
    await h.services.prisma.space.update({ where: { id: spaceId }, data: { searchRevisionId: null } });
    const zeppelin = await h.services.prisma.spacePage.findFirstOrThrow({ where: { spaceId, title: "Chapter 5" } });
    await h.services.prisma.spacePage.deleteMany({ where: { spaceId, pageId: zeppelin.pageId } });
    await h.services.prisma.spaceSection.deleteMany({ where: { spaceId, pageId: zeppelin.pageId } });
    await h.services.prisma.spacePage.updateMany({ where: { spaceId, title: "Chapter 1" }, data: { title: "Stale" } });
    expect(await search("zeppelin")).toEqual([]);
    await catchUpSearch(h.services, spaceId);
    expect((await spaceRow()).searchRevisionId).toBe(revisionId);
    expect(await search("zeppelin")).toEqual(["Chapter 5"]);
    expect(await h.services.prisma.spacePage.count({ where: { spaceId, title: "Stale" } })).toBe(0);
  });
});
