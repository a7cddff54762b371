import { useHarness } from "../../test/support/harness";
import type { Actor } from "../http/actor";
import { ActorCache } from "./actor-cache";
import { hashToken } from "./tokens";

const h = useHarness();

describe("API tokens", () => {
  it("are stored only as a hash", async () => {
    const user = await h.user();
    const row = await h.services.prisma.apiToken.findUniqueOrThrow({ where: { id: user.tokenId } });
    expect(row.tokenHash).toBe(hashToken(user.token));
    expect(JSON.stringify(row)).not.toContain(user.token);
    expect(user.token).toMatch(/^dst_[A-Za-z0-9_-]{43}$/);
  });

  it("stop working at once when revoked, even right after a request was served", async () => {
    const { admin } = await h.organization();
    await h.api.get("/v1/user").set("Authorization", admin.auth).expect(200);
    await h.api.get("/v1/user").set("Authorization", admin.auth).expect(200);
    await h.direct((prisma) => prisma.apiToken.update({ where: { id: admin.tokenId }, data: { revokedAt: new Date() } }));
    const res = await h.api.get("/v1/user").set("Authorization", admin.auth).expect(401);
    expect(res.body.error.message).toMatch(/revoked/);
    expect(res.body.error.reason).toBe("token_invalid");
  });

  it("see a membership change at once", async () => {
    const org = await h.organization();
    const member = await h.member(org.id, "read");
    expect((await h.api.get(`/v1/orgs/${org.id}`).set("Authorization", member.auth).expect(200)).body.permissions.admin).toBe(false);
    await h.direct((prisma) =>
      prisma.member.update({ where: { organizationId_userId: { organizationId: org.id, userId: member.id } }, data: { role: "admin" } }),
    );
    expect((await h.api.get(`/v1/orgs/${org.id}`).set("Authorization", member.auth).expect(200)).body.permissions.admin).toBe(true);
    await h.direct((prisma) => prisma.member.delete({ where: { organizationId_userId: { organizationId: org.id, userId: member.id } } }));
    await h.api.get(`/v1/orgs/${org.id}`).set("Authorization", member.auth).expect(404);
  });

  it("refuse malformed Authorization headers", async () => {
    for (const header of ["Basic abc", "Bearer", "Bearer a b", "token"]) {
      const res = await h.api.get("/v1/user").set("Authorization", header).expect(401);
      expect(res.body.error.code).toBe(401);
      expect(res.body.error.reason).toBe("token_malformed");
    }
  });
});

describe("ActorCache", () => {
  const actor = { userId: "u" } as Actor;

  it("keeps and serves nothing while changes are not known, and drops everything on a change", () => {
    let trusted = false;
    const cache = new ActorCache(() => trusted);
    cache.set("t", actor, cache.begin());
    expect(cache.get("t")).toBeUndefined();
    trusted = true;
    cache.set("t", actor, cache.begin());
    expect(cache.get("t")).toBe(actor);
    trusted = false;
    expect(cache.get("t")).toBeUndefined();
    trusted = true;
    cache.set("t", actor, cache.begin());
    cache.invalidate();
    expect(cache.get("t")).toBeUndefined();
  });

  it("does not store what was read before a change it has been told of", () => {
    const cache = new ActorCache(() => true);
    const generation = cache.begin();
    cache.invalidate(); // a change committed while the read was under way
    cache.set("t", actor, generation);
    expect(cache.get("t")).toBeUndefined();
  });

  it("forgets entries after their time to live", () => {
    let now = 0;
    const cache = new ActorCache(
      () => true,
      1000,
      10,
      () => now,
    );
    cache.set("t", actor, cache.begin());
    now = 1001;
    expect(cache.get("t")).toBeUndefined();
  });
});
