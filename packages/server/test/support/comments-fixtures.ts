// What the comment tests of both areas set up: a space whose current revision has
// pages (written as revision rows, so these tests do not depend on the content
// operations), and change requests inserted as rows.

import { putDocuments } from "../../src/content/store/documents";
import type { StoredPage } from "../../src/content/store/tree";
import { newId } from "../../src/db/ids";
import type { Harness, TestUser } from "./harness";

export interface PageSeed {
  id: string;
  title: string;
  /** The page's body, in Markdown; its headings are the nodes comments can anchor to. */
  markdown?: string;
  parent?: string;
}

export function requests(h: Harness) {
  return {
    get: (user: TestUser, url: string) => h.api.get(url).set("Authorization", user.auth),
    post: (user: TestUser, url: string, body: object) => h.api.post(url).set("Authorization", user.auth).send(body),
    put: (user: TestUser, url: string, body: object) => h.api.put(url).set("Authorization", user.auth).send(body),
    del: (user: TestUser, url: string) => h.api.delete(url).set("Authorization", user.auth),
  };
}

/** A revision of the space holding these pages (not made current). */
export async function writePages(h: Harness, spaceId: string, seeds: readonly PageSeed[], changeRequestId: string | null = null): Promise<string> {
  const { prisma, contentCache } = h.services;
  const now = h.clock.now().toISOString();
  const hashes = await putDocuments(
    { db: prisma, cache: contentCache },
    seeds.map((seed) => seed.markdown ?? ""),
  );
  const pages: StoredPage[] = seeds.map((seed, i) => ({
    id: seed.id,
    title: seed.title,
    slug: seed.title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    type: "document",
    parent: seed.parent ?? null,
    ...(seed.markdown !== undefined ? { document: hashes[i]! } : {}),
    createdAt: now,
    updatedAt: now,
  }));
  const id = newId();
  await prisma.revision.create({ data: { id, spaceId, changeRequestId, parents: [], type: "edits", tree: { pages } as object, files: [], links: [] } });
  return id;
}

/** Makes a new revision with these pages the space's current content. */
export async function setSpacePages(h: Harness, spaceId: string, seeds: readonly PageSeed[]): Promise<string> {
  const revisionId = await writePages(h, spaceId, seeds);
  await h.services.prisma.space.update({ where: { id: spaceId }, data: { revisionId } });
  return revisionId;
}

/** A new organization with a space whose current revision holds `seeds`. */
export async function spaceWithPages(h: Harness, seeds: readonly PageSeed[] = []) {
  const org = await h.organization();
  const created = await requests(h).post(org.admin, `/v1/orgs/${org.id}/spaces`, { title: "Docs" }).expect(201);
  const spaceId = created.body.id as string;
  const revisionId = await setSpacePages(h, spaceId, seeds);
  return { org, spaceId, revisionId, url: `/v1/spaces/${spaceId}` };
}

/** A change request row of the space (the change-request operations are not needed for comments). */
export async function insertChangeRequest(
  h: Harness,
  space: { spaceId: string; revisionId: string; org: { admin: TestUser } },
  options: { status?: "draft" | "open" | "archived" | "merged"; pages?: readonly PageSeed[] } = {},
) {
  const { prisma } = h.services;
  const id = newId();
  const number = (await prisma.changeRequest.count({ where: { spaceId: space.spaceId } })) + 1;
  await prisma.changeRequest.create({
    data: {
      id,
      spaceId: space.spaceId,
      number,
      status: options.status ?? "open",
      createdById: space.org.admin.id,
      revisionId: space.revisionId,
      revisionInitialId: space.revisionId,
    },
  });
  if (options.pages) {
    const revisionId = await writePages(h, space.spaceId, options.pages, id);
    await prisma.changeRequest.update({ where: { id }, data: { revisionId } });
  }
  return { id, number, url: `/v1/spaces/${space.spaceId}/change-requests/${id}` };
}
