import type { ParsedMail } from "mailparser";
import supertest from "supertest";
import { secretInLogs, useHarness } from "../../../test/support/harness";
import { useInbox } from "../../../test/support/smtp";
import { createApp } from "../../app";
import { ActorCache } from "../../auth/actor-cache";
import { ChangeBus } from "../../cluster/changes";
import { CODE_LIFETIME_MS, MAX_TRIES } from "./sign-in-codes";

const inbox = useInbox();
const h = useHarness(() => ({ smtpUrl: inbox.url, rateLimit: { max: 0, windowMs: 60_000 } }));

/** The code on its own line of the e-mail's text part. */
const codeIn = (mail: ParsedMail) => /^Code: (\d{8})$/m.exec(mail.text ?? "")?.[1] as string;

/** A user with an address of their own. */
const person = () => h.user();

/** Asks for a code for the address, from a client address of its own (limits are per client too), and reads it. */
async function askCode(email: string, from = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {
  const count = inbox.to(email).length;
  await h.api.post("/v1/auth/email").set("X-Forwarded-For", from).send({ email }).expect(204);
  return codeIn(await inbox.waitFor(email, (mail) => inbox.to(email).indexOf(mail) >= count));
}

const verify = (email: string, code: string) => h.api.post("/v1/auth/email/verify").send({ email, code });

describe("signing in by e-mail", () => {
  it("e-mails a one-time code to a user, traded once for an API token; the address is then verified", async () => {
    const user = await person();
    const code = await askCode(user.email.toUpperCase());
    const mail = inbox.to(user.email).at(-1) as ParsedMail;
    expect(mail.subject).toBe("Your Docstack sign-in code");
    expect(mail.text).toContain(`/sign-in#email=${encodeURIComponent(user.email)}&code=${code}`);
    const signedIn = await verify(user.email, code).expect(201);
    expect(signedIn.body).toMatchObject({ token: expect.stringMatching(/^dst_/), user: { id: user.id, email: user.email } });
    const me = await h.api.get("/v1/user").set("Authorization", `Bearer ${signedIn.body.token}`).expect(200);
    expect(me.body.id).toBe(user.id);
    expect((await h.services.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).not.toBeNull();
    const made = await h.services.prisma.apiToken.findFirstOrThrow({ where: { userId: user.id, origin: "email" } });
    expect(made.expiresAt?.getTime()).toBe(h.clock.now().getTime() + 30 * 24 * 60 * 60_000);
    // Once only.
    await verify(user.email, code).expect(400);
  });

  it("answers an unknown address as a known one, and sends nothing", async () => {
    const email = `nobody-${Date.now()}@example.test`;
    await h.api.post("/v1/auth/email").send({ email }).expect(204);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.to(email)).toEqual([]);
    const unknown = await verify(email, "00000000").expect(400);
    const user = await person();
    const wrong = await verify(user.email, "00000000").expect(400);
    expect(unknown.body.error.message).toBe(wrong.body.error.message);
  });

  it("stores codes only as hashes", async () => {
    const user = await person();
    const code = await askCode(user.email);
    const rows = await h.services.prisma.signInCode.findMany({ where: { email: user.email } });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it(`burns a code after ${MAX_TRIES} wrong tries`, async () => {
    const user = await person();
    const code = await askCode(user.email);
    const wrong = code === "12345678" ? "87654321" : "12345678";
    for (let i = 0; i < MAX_TRIES; i++) await verify(user.email, wrong).expect(400);
    await verify(user.email, code).expect(400);
  });

  it("expires codes after 15 minutes, and a new code replaces the one before", async () => {
    const user = await person();
    const old = await askCode(user.email);
    h.clock.advance(CODE_LIFETIME_MS + 1);
    await verify(user.email, old).expect(400);
    const first = await askCode(user.email);
    const second = await askCode(user.email);
    if (first !== second) await verify(user.email, first).expect(400);
    await verify(user.email, second).expect(201);
  });

  it("limits codes per address and per client, across instances (counted in the database)", async () => {
    const user = await person();
    for (let i = 0; i < 5; i++) await askCode(user.email);
    const limited = await h.api.post("/v1/auth/email").set("X-Forwarded-For", "10.9.9.9").send({ email: user.email }).expect(429);
    expect(limited.headers["retry-after"]).toBe("3600");
    // A second server on the same database counts the same codes.
    const other = supertest(h.createApp());
    await other.post("/v1/auth/email").set("X-Forwarded-For", "10.9.9.10").send({ email: user.email }).expect(429);
    for (let i = 0; i < 20; i++)
      await h.api
        .post("/v1/auth/email")
        .set("X-Forwarded-For", "10.7.7.7")
        .send({ email: `x${i}-${Date.now()}@example.test` })
        .expect(204);
    await h.api.post("/v1/auth/email").set("X-Forwarded-For", "10.7.7.7").send({ email: "another@example.test" }).expect(429);
    h.clock.advance(60 * 60_000 + 1);
    await h.api.post("/v1/auth/email").set("X-Forwarded-For", "10.7.7.7").send({ email: "another@example.test" }).expect(204);
  });

  it("never logs a code, nor the token it gives", async () => {
    const user = await person();
    const count = inbox.to(user.email).length;
    await h.api.post("/v1/auth/email").send({ email: user.email }).expect(204);
    const code = codeIn(await inbox.waitFor(user.email, (mail) => inbox.to(user.email).indexOf(mail) >= count));
    await h.api
      .post("/v1/auth/email/verify")
      .send({ email: user.email, code: code === "12345678" ? "87654321" : "12345678" })
      .expect(400);
    const { token } = (await h.api.post("/v1/auth/email/verify").send({ email: user.email, code }).expect(201)).body;
    await h.api.get("/v1/user").set("Authorization", `Bearer ${token}`).expect(200);
    // Both are secrets of the registry the harness scans every log line for (when it closes, and here).
    expect(h.secrets.has(code)).toBe(true);
    expect(h.secrets.has(token)).toBe(true);
    expect(h.logs.some((line) => line.includes("/v1/auth/email/verify"))).toBe(true);
    expect(secretInLogs(h.logs, [code, token])).toBeUndefined();
  });
});

describe("personal API tokens", () => {
  it("are made with a label and an expiry, their secret shown once, listed without it, and revoked", async () => {
    const user = await h.user();
    const as = (auth: string) => ({
      get: (url: string) => h.api.get(url).set("Authorization", auth),
      post: (url: string, body: object) => h.api.post(url).set("Authorization", auth).send(body),
      delete: (url: string) => h.api.delete(url).set("Authorization", auth),
    });
    const expiresAt = new Date(h.clock.now().getTime() + 24 * 60 * 60_000).toISOString();
    const made = await as(user.auth).post("/v1/user/tokens", { label: "CI", expiresAt }).expect(201);
    expect(made.body).toMatchObject({ object: "api-token", label: "CI", origin: "personal", expiresAt, current: false, token: expect.stringMatching(/^dst_/) });
    expect(made.body.lastUsedAt).toBeUndefined();
    const personal = `Bearer ${made.body.token}`;
    await as(personal).get("/v1/user").expect(200);

    const list = await as(personal).get("/v1/user/tokens").expect(200);
    expect(list.body.count).toBe(2);
    expect(JSON.stringify(list.body)).not.toContain(made.body.token);
    const listed = list.body.items.find((item: { id: string }) => item.id === made.body.id);
    expect(listed).toMatchObject({ current: true, lastUsedAt: h.clock.now().toISOString() });

    await as(user.auth).post("/v1/user/tokens", { label: "Past", expiresAt: "2000-01-01T00:00:00.000Z" }).expect(400);
    const stranger = await h.user();
    await as(stranger.auth).delete(`/v1/user/tokens/${made.body.id}`).expect(404);
    // Used through another server too (its own cache of identities), then revoked: refused by both at once.
    const otherActors: ActorCache = new ActorCache(() => otherChanges.trusted());
    const otherChanges = new ChangeBus(h.database, { onAuthChange: () => otherActors.invalidate(), onWrite: () => undefined }, h.services.logger);
    await otherChanges.start();
    try {
      const otherInstance = supertest(createApp({ ...h.services, actors: otherActors, changes: otherChanges }));
      await otherInstance.get("/v1/user").set("Authorization", personal).expect(200);
      await as(user.auth).delete(`/v1/user/tokens/${made.body.id}`).expect(204);
      await as(personal).get("/v1/user").expect(401);
      await otherInstance.get("/v1/user").set("Authorization", personal).expect(401);
    } finally {
      await otherChanges.stop();
    }
    await as(user.auth).delete(`/v1/user/tokens/${made.body.id}`).expect(404);
  });

  it("stop working once expired, cached identity or not", async () => {
    const user = await h.user();
    const expiresAt = new Date(h.clock.now().getTime() + 60_000).toISOString();
    const made = await h.api.post("/v1/user/tokens").set("Authorization", user.auth).send({ label: "Short", expiresAt }).expect(201);
    const auth = `Bearer ${made.body.token}`;
    await h.api.get("/v1/user").set("Authorization", auth).expect(200);
    await h.api.get("/v1/user").set("Authorization", auth).expect(200);
    h.clock.advance(60_000);
    const expired = await h.api.get("/v1/user").set("Authorization", auth).expect(401);
    expect(expired.body.error.message).toMatch(/Expired/);
    // No longer listed.
    const list = await h.api.get("/v1/user/tokens").set("Authorization", user.auth).expect(200);
    expect(list.body.items.map((item: { id: string }) => item.id)).not.toContain(made.body.id);
  });

  it("record their last use at most once a minute", async () => {
    const user = await h.user();
    const writes: Date[] = [];
    const read = async () => (await h.services.prisma.apiToken.findUniqueOrThrow({ where: { id: user.tokenId } })).lastUsedAt;
    await h.api.get("/v1/user").set("Authorization", user.auth).expect(200);
    writes.push((await read()) as Date);
    h.clock.advance(30_000);
    await h.api.get("/v1/user").set("Authorization", user.auth).expect(200);
    expect(await read()).toEqual(writes[0]);
    h.clock.advance(31_000);
    await h.api.get("/v1/user").set("Authorization", user.auth).expect(200);
    expect((await read())?.getTime()).toBe(h.clock.now().getTime());
  });
});
