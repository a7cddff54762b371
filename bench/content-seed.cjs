// Seeds spaces of real-sized content through the storage layer (one revision written
// in bulk, as an import would), not through thousands of HTTP calls: chapters with
// sub-pages two levels deep, bodies from pages.cjs; the last page of each space holds
// the rare term.
const path = require("node:path");

const server = path.dirname(require.resolve("@docstack/server/package.json"));
const { existingRevisionIndex, writeRevision } = require(path.join(server, "dist/content/store/revisions"));
const { catchUpSearch } = require(path.join(server, "dist/content/search/search-catch-up"));
const { changedPages } = require(path.join(server, "dist/content/search/search-index"));
const { pagePaths, slugify } = require(path.join(server, "dist/content/store/tree"));
const { newId } = require(path.join(server, "dist/db/ids"));
const { parentIndex, pageMarkdown, WORDS } = require("./pages.cjs");

/**
 * Replaces a space's content with `pages` (and their `bodies`, Markdown by page ID) in one
 * revision written through the storage layer, as an import would, with its search index.
 */
async function writeSpaceContent(services, { spaceId, pages, bodies, appBase }) {
  const { prisma, contentCache } = services;
  await prisma.$transaction(
    async (tx) => {
      const store = { db: tx, cache: contentCache };
      const { revisionId } = await tx.space.findUniqueOrThrow({ where: { id: spaceId } });
      const previous = await existingRevisionIndex(store, revisionId);
      const written = await writeRevision(store, { spaceId, changeRequestId: null, parents: [revisionId], type: "edits", pages, files: [], bodies, appBase });
      await tx.space.update({ where: { id: spaceId }, data: { revisionId: written.revision.id } });
      await changedPages(store, spaceId, previous, written);
    },
    { timeout: 600_000, maxWait: 60_000 },
  );
  await catchUpSearch(services, spaceId);
}

/** Writes `count` pages (and `extra` ones, {title, markdown}, at the top level after them) as one revision of the space and makes it the space's current one. */
async function fillSpace(services, { spaceId, count, appBase, extra = [] }) {
  const at = new Date().toISOString();
  const ids = Array.from({ length: count }, () => newId());
  const pages = ids.map((id, i) => {
    const parent = parentIndex(i);
    const title = parent === null ? `Chapter ${i / 20 + 1}` : `Part ${i} ${WORDS[i % WORDS.length]}`;
    return { id, title, slug: slugify(title), type: "document", parent: parent === null ? null : ids[parent], createdAt: at, updatedAt: at };
  });
  const added = extra.map((page) => ({
    id: newId(),
    title: page.title,
    slug: slugify(page.title),
    type: "document",
    parent: null,
    createdAt: at,
    updatedAt: at,
  }));
  pages.push(...added);
  const paths = pagePaths(pages);
  const bodies = new Map(ids.map((id, i) => [id, pageMarkdown(i, (offset) => paths.get(ids[(i + offset) % count]), i === count - 1)]));
  for (const [i, page] of added.entries()) bodies.set(page.id, extra[i].markdown);
  await writeSpaceContent(services, { spaceId, pages, bodies, appBase });
  // Up to 8 pages without sub-pages (no multiple of 5 has any), spread over the space, for reads.
  const leaves = ids.map((id, i) => ({ id, path: paths.get(id), i })).filter(({ i }) => i % 5 !== 0);
  const step = Math.max(1, Math.floor(leaves.length / 8));
  const sample = leaves.filter((_, k) => k % step === 0).slice(0, 8);
  return { spaceId, sample };
}

module.exports = { fillSpace, writeSpaceContent };
