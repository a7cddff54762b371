// Helpers for tests that write content through the API, as users do (and, for
// thousands of pages, through the storage layer, as an import would).
import { contentStore } from "../../src/content/reads/reads";
import { catchUpSearch } from "../../src/content/search/search-catch-up";
import { changedPages } from "../../src/content/search/search-index";
import { existingRevisionIndex, writeRevision } from "../../src/content/store/revisions";
import { type StoredPage, slugify } from "../../src/content/store/tree";
import { newId } from "../../src/db/ids";
import type { Harness, TestUser } from "./harness";

export interface Change {
  operation: string;
  [field: string]: unknown;
}

export function contentHelpers(h: Harness) {
  const api = {
    createSpace: async (user: TestUser, organizationId: string, title = "Docs") =>
      (await h.api.post(`/v1/orgs/${organizationId}/spaces`).set("Authorization", user.auth).send({ title }).expect(201)).body as {
        id: string;
        revision: string;
      },
    createChangeRequest: async (user: TestUser, spaceId: string, subject = "Edits") =>
      (await h.api.post(`/v1/spaces/${spaceId}/change-requests`).set("Authorization", user.auth).send({ subject }).expect(201)).body as {
        id: string;
        number: number;
        revision: string;
      },
    write: (user: TestUser, spaceId: string, changeRequest: string | number, changes: Change[]) =>
      h.api.post(`/v1/spaces/${spaceId}/change-requests/${changeRequest}/content`).set("Authorization", user.auth).send({ changes }),
    merge: (user: TestUser, spaceId: string, changeRequest: string | number) =>
      h.api.post(`/v1/spaces/${spaceId}/change-requests/${changeRequest}/merge`).set("Authorization", user.auth),
    pages: async (user: TestUser, spaceId: string, changeRequest?: string | number) =>
      (
        await h.api
          .get(changeRequest === undefined ? `/v1/spaces/${spaceId}/content/pages` : `/v1/spaces/${spaceId}/change-requests/${changeRequest}/content/pages`)
          .set("Authorization", user.auth)
          .expect(200)
      ).body.pages as { id: string; title: string; path: string; pages: unknown[] }[],
    /** Writes pages through a change request and merges it; returns the space's pages. */
    publish: async (user: TestUser, spaceId: string, changes: Change[]) => {
      const cr = await api.createChangeRequest(user, spaceId, "Publish");
      await api.write(user, spaceId, cr.id, changes).expect(200);
      const merged = await api.merge(user, spaceId, cr.id).expect(200);
      if (merged.body.result !== "merge") throw new Error(`merge failed: ${JSON.stringify(merged.body)}`);
      return api.pages(user, spaceId);
    },
  };
  return api;
}

export const insertPage = (title: string, markdown = "", extra: Record<string, unknown> = {}): Change => ({
  operation: "insert_page",
  title,
  document: { markdown },
  ...extra,
});

/** A PNG of the given size: the signature and IHDR chunk are all a size reader needs. */
export function pngBytes(width: number, height: number): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write("IHDR", 12, "ascii");
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header.writeUInt8(8, 24);
  header.writeUInt8(6, 25);
  return header;
}

/**
 * Makes `pages` (parents before their children, `parent` an index in the list) the
 * space's current content, as one revision written through the storage layer: thousands
 * of pages in seconds rather than thousands of requests. Returns the stored pages.
 */
export async function writePagesInBulk(
  h: Harness,
  spaceId: string,
  pages: readonly { title: string; markdown: string; parent?: number }[],
): Promise<StoredPage[]> {
  const at = h.clock.now().toISOString();
  const ids = pages.map(() => newId());
  const stored: StoredPage[] = pages.map((page, i) => ({
    id: ids[i]!,
    title: page.title,
    slug: slugify(page.title),
    type: "document",
    parent: page.parent === undefined ? null : ids[page.parent]!,
    createdAt: at,
    updatedAt: at,
  }));
  const bulk = await h.services.prisma.$transaction(
    async (tx) => {
      const store = contentStore(h.services, tx);
      const space = await tx.space.findUniqueOrThrow({ where: { id: spaceId } });
      const previous = await existingRevisionIndex(store, space.revisionId);
      const written = await writeRevision(store, {
        spaceId,
        changeRequestId: null,
        parents: [space.revisionId],
        type: "edits",
        pages: stored,
        files: [],
        bodies: new Map(pages.map((page, i) => [ids[i]!, page.markdown])),
        appBase: "http://localhost",
      });
      await tx.space.update({ where: { id: spaceId }, data: { revisionId: written.revision.id } });
      await changedPages(store, spaceId, previous, written);
      return [...written.pages];
    },
    { timeout: 120_000 },
  );
  await catchUpSearch(h.services, spaceId);
  return bulk;
}
