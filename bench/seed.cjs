// Seeds the benchmark's data straight into the database (fast), shaped like real use:
// - the benchmark organization: 1,000 spaces (one of them, the "benchmark space", with
//   100 searchable pages);
// - filler: other organizations' spaces and pages, so that the tables hold `rows` rows
//   in all: what grows between the 1k and 100k runs is the table, not the listed data.
const { createHash, randomBytes } = require("node:crypto");

const BATCH = 1000;
const sha = (text) => createHash("sha256").update(text).digest("hex");
const id = (prefix, i) => `${prefix}${String(i).padStart(9, "0")}${randomBytes(8).toString("hex")}`.slice(0, 26);

async function inBatches(total, make) {
  for (let start = 0; start < total; start += BATCH) await make(start, Math.min(total, start + BATCH));
}

module.exports = async function seed(prisma, { organizationId, rows, newId }) {
  const ownSpaces = 1000;
  const spaceIds = [];
  await inBatches(ownSpaces, async (start, end) => {
    const data = [];
    for (let i = start; i < end; i++) {
      const spaceId = id("s", i);
      spaceIds.push(spaceId);
      const revisionId = `r${spaceId}`.slice(0, 26);
      data.push({ id: spaceId, organizationId, title: `Space ${i}`, revisionId, searchRevisionId: revisionId, position: i });
    }
    await prisma.space.createMany({ data });
    await prisma.revision.createMany({
      data: data.map((s) => ({ id: s.revisionId, spaceId: s.id, parents: [], type: "computed", tree: { pages: [] }, files: [], links: [] })),
    });
  });
  const searchSpaceId = spaceIds[0];
  // Filler organizations hold the rest of the spaces.
  const fillerSpaces = Math.max(1, rows - ownSpaces);
  const fillerOrgs = Math.max(1, Math.ceil(fillerSpaces / 10000));
  const orgIds = Array.from({ length: fillerOrgs }, (_, i) => id("o", i));
  await prisma.organization.createMany({ data: orgIds.map((orgId, i) => ({ id: orgId, title: `Filler ${i}` })) });
  const fillerSpaceIds = [];
  await inBatches(fillerSpaces, async (start, end) => {
    const data = [];
    for (let i = start; i < end; i++) {
      const spaceId = id("f", i);
      fillerSpaceIds.push(spaceId);
      const revisionId = `r${spaceId}`.slice(0, 26);
      data.push({ id: spaceId, organizationId: orgIds[i % fillerOrgs], title: `Filler ${i}`, revisionId, searchRevisionId: revisionId, position: i });
    }
    await prisma.space.createMany({ data });
  });
  // Pages: 100 in the benchmark space (whatever the scale), the rest spread over filler
  // spaces; every one mentions the searched word, the worst case for the search index.
  const pages = Math.max(100, rows);
  await inBatches(pages, async (start, end) => {
    const documents = [];
    const sections = [];
    const spacePages = [];
    for (let i = start; i < end; i++) {
      const markdown = `Intro ${i}.\n\n## Topic ${i % 100}\n\nPage ${i} explains kubernetes deployments and topic ${i % 100}.`;
      const hash = sha(markdown + i);
      documents.push({ hash, markdown, references: [] });
      sections.push({ documentHash: hash, index: 0, anchor: "", title: "", body: `Intro ${i}.` });
      sections.push({
        documentHash: hash,
        index: 1,
        anchor: `topic-${i % 100}`,
        title: `Topic ${i % 100}`,
        body: `Page ${i} explains kubernetes deployments and topic ${i % 100}.`,
      });
      const spaceId = i < 100 ? searchSpaceId : fillerSpaceIds[i % fillerSpaceIds.length];
      spacePages.push({ spaceId, pageId: id("p", i), title: `Page ${i}`, path: `page-${i}`, documentHash: hash });
    }
    await prisma.pageDocument.createMany({ data: documents });
    await prisma.documentSection.createMany({ data: sections });
    await prisma.spacePage.createMany({ data: spacePages });
  });
  // The search index's sections of every page (as syncSpacePages writes them), in one statement.
  await prisma.$executeRawUnsafe(`
    INSERT INTO "SpaceSection" ("spaceId", "pageId", index, search)
    SELECT sp."spaceId", sp."pageId", ds.index, setweight(to_tsvector('english', ds.title), 'B') || to_tsvector('english', ds.body)
    FROM "SpacePage" sp JOIN "DocumentSection" ds ON ds."documentHash" = sp."documentHash"`);
  // Settle the database as a running instance would be: statistics and visibility current.
  await prisma.$executeRawUnsafe("VACUUM ANALYZE");
  return { spaceId: spaceIds[Math.floor(ownSpaces / 2)], searchSpaceId, deepAfterId: spaceIds[ownSpaces - 60], ownSpaces, rows, newId };
};
