// Idempotency-Key on POSTs: a retried create answers the first answer, once, across requests.
import supertest from "supertest";
import { useHarness } from "../../test/support/harness";
import { createApp } from "../app";
import { defineOperation } from "../http/operation";
import { registry } from "../wiring/operations";
import { IDEMPOTENCY_KEY_LIFETIME_MS, purgeIdempotencyKeys } from "./idempotency";

const h = useHarness();

const spacesTitled = (organizationId: string, title: string) => h.services.prisma.space.count({ where: { organizationId, title } });

describe("a POST with an Idempotency-Key", () => {
  it("answers a retry with the first answer, creating one space", async () => {
    const { id, admin } = await h.organization();
    const create = () =>
      h.api.post(`/v1/orgs/${id}/spaces`).set("Authorization", admin.auth).set("Idempotency-Key", "create-handbook-1").send({ title: "Handbook" });
    const first = await create().expect(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const retried = await create().expect(201);
    expect(retried.headers["idempotent-replayed"]).toBe("true");
    expect(retried.body).toEqual(first.body);
    expect(await spacesTitled(id, "Handbook")).toBe(1);
    // Without a key, each POST is its own request.
    await h.api.post(`/v1/orgs/${id}/spaces`).set("Authorization", admin.auth).send({ title: "Handbook" }).expect(201);
    expect(await spacesTitled(id, "Handbook")).toBe(2);
  });

  it("refuses the key with another body (409), and keeps keys apart per token", async () => {
    const { id, admin } = await h.organization();
    const other = await h.member(id, "admin");
    const post = (auth: string, title: string) => h.api.post(`/v1/orgs/${id}/spaces`).set("Authorization", auth).set("Idempotency-Key", "k-2").send({ title });
    await post(admin.auth, "Guides").expect(201);
    const refused = await post(admin.auth, "Other").expect(409);
    expect(refused.body.error).toMatchObject({ code: 409, type: "conflict", message: expect.stringContaining("another request") });
    expect(await spacesTitled(id, "Other")).toBe(0);
    // Another token's key of the same name is another key.
    const theirs = await post(other.auth, "Guides").expect(201);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(await spacesTitled(id, "Guides")).toBe(2);
  });

  it("refuses a retry while the first request is in progress (409), then replays its answer", async () => {
    const { id, admin } = await h.organization();
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => undefined;
    const inProgress = new Promise<void>((resolve) => {
      started = resolve;
    });
    const slow = supertest(
      createApp(h.services, {
        registry: {
          ...registry,
          createSpace: defineOperation("createSpace", {
            handle: async (request, access) => {
              started();
              await released;
              return registry.createSpace.handle(request, access);
            },
          }),
        },
      }),
    );
    const post = () => slow.post(`/v1/orgs/${id}/spaces`).set("Authorization", admin.auth).set("Idempotency-Key", "k-3").send({ title: "Slow" });
    const first = post().then((response) => response);
    await inProgress;
    const concurrent = await post().expect(409);
    expect(concurrent.body.error.message).toContain("still in progress");
    release();
    expect((await first).status).toBe(201);
    const retried = await post().expect(201);
    expect(retried.body.id).toBe((await first).body.id);
    expect(await spacesTitled(id, "Slow")).toBe(1);
  });

  it("releases the key of a request that failed: its retry runs again", async () => {
    const { id, admin } = await h.organization();
    const post = (parent: string) =>
      h.api.post(`/v1/orgs/${id}/spaces`).set("Authorization", admin.auth).set("Idempotency-Key", "k-4").send({ title: "Retried", parent });
    await post("01jq3k9c4d5e6f7g8h9j0k1m2n").expect((response) => expect(response.status).toBeGreaterThanOrEqual(400));
    expect(await h.services.prisma.idempotencyKey.count({ where: { key: "k-4" } })).toBe(0);
    const collection = await h.api.post(`/v1/orgs/${id}/collections`).set("Authorization", admin.auth).send({ title: "Parent" }).expect(201);
    // Another body: accepted, since the failed request left no key behind.
    await post(collection.body.id).expect(201);
    expect(await spacesTitled(id, "Retried")).toBe(1);
  });

  it("forgets keys after 24 hours: the purge job deletes them", async () => {
    const { id, admin } = await h.organization();
    const post = () => h.api.post(`/v1/orgs/${id}/spaces`).set("Authorization", admin.auth).set("Idempotency-Key", "k-5").send({ title: "Daily" });
    await post().expect(201);
    h.clock.advance(IDEMPOTENCY_KEY_LIFETIME_MS + 1000);
    expect(await purgeIdempotencyKeys(h.services.prisma, h.clock)).toBeGreaterThanOrEqual(1);
    expect(await h.services.prisma.idempotencyKey.count({ where: { tokenId: admin.tokenId } })).toBe(0);
    const again = await post().expect(201);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    expect(await spacesTitled(id, "Daily")).toBe(2);
  });

  it("answers 400 for a malformed key", async () => {
    const { id, admin } = await h.organization();
    const refused = await h.api
      .post(`/v1/orgs/${id}/spaces`)
      .set("Authorization", admin.auth)
      .set("Idempotency-Key", "has space")
      .send({ title: "x" })
      .expect(400);
    expect(refused.body.error.message).toMatch(/idempotency-key/i);
  });
});
