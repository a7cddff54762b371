// Seeds the benchmark's data: `rows` spaces in one organization (created through
// the database directly, so seeding stays fast), and returns IDs the scenarios use.
const { randomBytes } = require("node:crypto");

function id(i) {
  return `bench${String(i).padStart(10, "0")}${randomBytes(6).toString("hex")}`.slice(0, 26);
}

module.exports = async function seed(prisma, { organizationId, rows }) {
  const batch = 1000;
  const spaceIds = [];
  for (let start = 0; start < rows; start += batch) {
    const data = [];
    const revisions = [];
    for (let i = start; i < Math.min(rows, start + batch); i++) {
      const spaceId = id(i);
      const revisionId = `r${spaceId}`.slice(0, 26);
      spaceIds.push(spaceId);
      data.push({ id: spaceId, organizationId, title: `Space ${i}`, revisionId, position: i });
      revisions.push({ id: revisionId, spaceId, parents: [], type: "edits", tree: { pages: [] }, files: [], links: [] });
    }
    await prisma.space.createMany({ data });
    await prisma.revision.createMany({ data: revisions });
  }
  return { spaceId: spaceIds[Math.floor(spaceIds.length / 2)], spaces: rows };
};
