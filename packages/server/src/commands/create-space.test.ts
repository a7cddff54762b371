import { useHarness } from "../../test/support/harness";
import { createSpace } from "./create-space";

const h = useHarness();

/** Who creates the spaces: the organization's admin, as authentication would make them. */
async function creator(userId: string) {
  const user = await h.services.prisma.user.findUniqueOrThrow({ where: { id: userId } });
  return { actor: { userId, user }, webhooks: h.services.webhooks };
}

describe("createSpace", () => {
  it("makes an empty space last among its siblings, within the caller's transaction", async () => {
    const org = await h.organization();
    const { prisma } = h.services;
    const deps = await creator(org.admin.id);
    const first = await prisma.$transaction((tx) => createSpace(deps, tx, { organizationId: org.id, parentId: null, title: "First" }));
    const second = await prisma.$transaction((tx) => createSpace(deps, tx, { organizationId: org.id, parentId: null, title: "x".repeat(80) }));
    expect(second.position).toBeGreaterThan(first.position);
    expect(second.title).toHaveLength(50);
    const revision = await prisma.revision.findUniqueOrThrow({ where: { id: first.revisionId } });
    expect(revision).toMatchObject({ spaceId: first.id, tree: { pages: [] } });

    // A transaction that fails leaves no space behind.
    const failing = prisma.$transaction(async (tx) => {
      await createSpace(deps, tx, { organizationId: org.id, parentId: null, title: "Rolled back" });
      throw new Error("later step failed");
    });
    await expect(failing).rejects.toThrow("later step failed");
    expect(await prisma.space.count({ where: { organizationId: org.id, title: "Rolled back" } })).toBe(0);
  });

  it("copies a space: its revision's content, its search pages and who it is shared with", async () => {
    const org = await h.organization();
    const { prisma } = h.services;
    const deps = await creator(org.admin.id);
    const source = await prisma.$transaction((tx) => createSpace(deps, tx, { organizationId: org.id, parentId: null, title: "Source", visibility: "public" }));
    const reader = await h.member(org.id, null);
    await h.api
      .post(`/v1/spaces/${source.id}/permissions`)
      .set("Authorization", org.admin.auth)
      .send({ users: [reader.id], role: "read" })
      .expect(204);
    const copy = await prisma.$transaction((tx) =>
      createSpace(deps, tx, {
        organizationId: org.id,
        parentId: null,
        title: "Copy",
        position: { after: { type: "space", space: source.id } },
        copyOf: source,
      }),
    );
    expect(copy).toMatchObject({ visibility: "public", organizationId: org.id });
    expect(copy.revisionId).not.toBe(source.revisionId);
    const from = await prisma.revision.findUniqueOrThrow({ where: { id: source.revisionId } });
    const to = await prisma.revision.findUniqueOrThrow({ where: { id: copy.revisionId } });
    expect(to.tree).toEqual(from.tree);
    expect(await prisma.contentGrant.count({ where: { spaceId: copy.id, userId: reader.id } })).toBe(1);
  });
});
