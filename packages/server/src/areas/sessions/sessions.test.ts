import type { ParsedMail } from "mailparser";
import { useHarness } from "../../../test/support/harness";
import { useInbox } from "../../../test/support/smtp";
import { csrfTokenOf } from "../../auth/sessions";
import { hashToken } from "../../auth/tokens";
import { newId } from "../../db/ids";

const inbox = useInbox();
const IDLE_MS = 60 * 60_000;
const MAX_MS = 24 * 60 * 60_000;
const h = useHarness(() => ({ smtpUrl: inbox.url, rateLimit: { max: 0, windowMs: 60_000 }, sessions: { idleMs: IDLE_MS, maxMs: MAX_MS } }));

const codeIn = (mail: ParsedMail) => /^Code: (\d{8})$/m.exec(mail.text ?? "")?.[1] as string;

/** Signs a new user in to the app (over HTTPS when `https`): the Set-Cookie lines, the session secret and its cookie header. */
async function signIn(options: { https?: boolean; email?: string } = {}) {
  const email = options.email ?? (await h.user()).email;
  const count = inbox.to(email).length;
  await h.api
    .post("/v1/auth/email")
    .set("X-Forwarded-For", `10.1.${Math.floor(Math.random() * 250)}.1`)
    .send({ email })
    .expect(204);
  const code = codeIn(await inbox.waitFor(email, (mail) => inbox.to(email).indexOf(mail) >= count));
  const request = h.api.post("/v1/auth/sessions").set("User-Agent", "Test browser/1.0").send({ email, code });
  if (options.https) request.set("X-Forwarded-Proto", "https");
  const res = await request.expect(201);
  const setCookies = res.headers["set-cookie"] as unknown as string[];
  const name = options.https ? "__Host-docstack_session" : "docstack_session";
  const secret = /=([^;]*)/.exec(setCookies.find((line) => line.startsWith(`${name}=`)) ?? "")?.[1] as string;
  return { res, setCookies, secret, cookie: `${name}=${secret}`, csrf: csrfTokenOf(secret) };
}

describe("app sessions", () => {
  it("start from an e-mailed code with an HttpOnly, SameSite=Lax cookie the API accepts; not listed as tokens", async () => {
    const { res, setCookies, cookie, secret } = await signIn();
    expect(res.body).toMatchObject({ session: { object: "session", device: "Test browser/1.0", current: true }, user: { object: "user" } });
    expect(setCookies.find((line) => line.startsWith("docstack_session="))).toMatch(/; HttpOnly; Path=\/; SameSite=Lax; Max-Age=86400$/);
    expect(setCookies.find((line) => line.startsWith("docstack_csrf="))).not.toMatch(/HttpOnly|Secure/);
    expect(secret).toMatch(/^dss_/);
    const me = await h.api.get("/v1/user").set("Cookie", cookie).expect(200);
    expect(me.body.id).toBe(res.body.user.id);
    const sessions = await h.api.get("/v1/user/sessions").set("Cookie", cookie).expect(200);
    expect(sessions.body).toMatchObject({ count: 1, items: [{ id: res.body.session.id, current: true }] });
    const tokens = await h.api.get("/v1/user/tokens").set("Cookie", cookie).expect(200);
    expect(tokens.body.items.map((token: { origin: string }) => token.origin)).toEqual(["cli"]); // the harness's, not the session
  });

  it("behind HTTPS are __Host- cookies, Secure; the plain-named cookie is not read there", async () => {
    const { setCookies, secret, cookie } = await signIn({ https: true });
    expect(setCookies.find((line) => line.startsWith("__Host-docstack_session="))).toMatch(/; HttpOnly; Path=\/; SameSite=Lax; Secure; Max-Age=/);
    expect(setCookies.find((line) => line.startsWith("__Host-docstack_csrf="))).toMatch(/; Secure;/);
    await h.api.get("/v1/user").set("X-Forwarded-Proto", "https").set("Cookie", cookie).expect(200);
    const plain = await h.api.get("/v1/user").set("X-Forwarded-Proto", "https").set("Cookie", `docstack_session=${secret}`).expect(401);
    expect(plain.body.error.reason).toBe("unauthenticated");
  });

  it("make writes send the CSRF token in a header: a cross-site form POST with the cookie is refused and changes nothing", async () => {
    const { cookie, csrf, res } = await signIn();
    const tokens = () => h.services.prisma.apiToken.count({ where: { userId: res.body.user.id, origin: "personal" } });
    const form = await h.api
      .post("/v1/user/tokens")
      .set("Cookie", cookie)
      .set("Origin", "https://evil.example")
      .set("Content-Type", "application/x-www-form-urlencoded")
      .send("label=stolen")
      .expect(403);
    expect(form.body.error).toMatchObject({ type: "forbidden", reason: "csrf_token_invalid" });
    const wrong = await h.api.post("/v1/user/tokens").set("Cookie", cookie).set("X-CSRF-Token", csrfTokenOf("dss_other")).send({ label: "x" }).expect(403);
    expect(wrong.body.error.reason).toBe("csrf_token_invalid");
    expect(await tokens()).toBe(0);
    await h.api.post("/v1/user/tokens").set("Cookie", cookie).set("X-CSRF-Token", csrf).send({ label: "From the app" }).expect(201);
    expect(await tokens()).toBe(1);
  });

  it("slide with use, expire when idle, and never outlive their maximum lifetime", async () => {
    const idle = await signIn();
    h.clock.advance(IDLE_MS - 60_000);
    await h.api.get("/v1/user").set("Cookie", idle.cookie).expect(200); // extended from here
    h.clock.advance(IDLE_MS - 60_000);
    await h.api.get("/v1/user").set("Cookie", idle.cookie).expect(200);
    h.clock.advance(IDLE_MS);
    expect((await h.api.get("/v1/user").set("Cookie", idle.cookie).expect(401)).body.error.reason).toBe("session_expired");

    const busy = await signIn();
    for (let used = 0; used < MAX_MS - IDLE_MS; used += IDLE_MS / 2) {
      h.clock.advance(IDLE_MS / 2);
      await h.api.get("/v1/user").set("Cookie", busy.cookie).expect(200);
    }
    h.clock.advance(IDLE_MS / 2);
    await h.api.get("/v1/user").set("Cookie", busy.cookie).expect(200); // idle, it would last past the maximum: it does not
    h.clock.advance(IDLE_MS / 2);
    expect((await h.api.get("/v1/user").set("Cookie", busy.cookie).expect(401)).body.error.reason).toBe("session_expired");
  });

  it("are listed for their user and ended one by one; others' are not found", async () => {
    const user = await h.user();
    const here = await signIn({ email: user.email });
    const there = await signIn({ email: user.email });
    const list = await h.api.get("/v1/user/sessions").set("Cookie", here.cookie).expect(200);
    expect(list.body.items.map((s: { id: string; current: boolean }) => [s.id, s.current])).toEqual([
      [there.res.body.session.id, false],
      [here.res.body.session.id, true],
    ]);
    const stranger = await signIn();
    await h.api.delete(`/v1/user/sessions/${there.res.body.session.id}`).set("Cookie", stranger.cookie).set("X-CSRF-Token", stranger.csrf).expect(404);
    await h.api.delete(`/v1/user/sessions/${user.tokenId}`).set("Authorization", user.auth).expect(404); // a token is no session
    await h.api.delete(`/v1/user/sessions/${there.res.body.session.id}`).set("Authorization", user.auth).expect(204);
    expect((await h.api.get("/v1/user").set("Cookie", there.cookie).expect(401)).body.error.reason).toBe("session_invalid");
    await h.api.get("/v1/user").set("Cookie", here.cookie).expect(200);
  });

  it("end on signing out, on the server: the old cookie opens nothing", async () => {
    const { cookie, csrf } = await signIn();
    const out = await h.api.delete("/v1/auth/session").set("Cookie", cookie).set("X-CSRF-Token", csrf).expect(204);
    expect(out.headers["set-cookie"]).toEqual([
      expect.stringMatching(/^docstack_session=; .*Max-Age=0$/),
      expect.stringMatching(/^docstack_csrf=; .*Max-Age=0$/),
    ]);
    expect((await h.api.get("/v1/user").set("Cookie", cookie).expect(401)).body.error.reason).toBe("session_invalid");
    const user = await h.user();
    await h.api.delete("/v1/auth/session").set("Authorization", user.auth).expect(204); // no session to end: the token still works
    await h.api.get("/v1/user").set("Authorization", user.auth).expect(200);
  });

  it("are read from their cookie only, and an API token never from a cookie", async () => {
    const { secret } = await signIn();
    const user = await h.user();
    expect((await h.api.get("/v1/user").set("Authorization", `Bearer ${secret}`).expect(401)).body.error.reason).toBe("token_invalid");
    expect((await h.api.get("/v1/user").set("Cookie", `docstack_session=${user.token}`).expect(401)).body.error.reason).toBe("session_invalid");
    // A working session whose secret this test made (the server's own would reach the request log in the URL).
    const inUrl = "dss_made-by-the-test-to-be-sent-in-a-query-string";
    const now = h.clock.now();
    await h.services.prisma.apiToken.create({
      data: { id: newId(), userId: user.id, tokenHash: hashToken(inUrl), origin: "session", createdAt: now, expiresAt: new Date(now.getTime() + IDLE_MS) },
    });
    await h.api.get("/v1/user").set("Cookie", `docstack_session=${inUrl}`).expect(200);
    for (const name of ["docstack_session", "session", "token", "access_token"]) {
      expect((await h.api.get(`/v1/user/sessions?${name}=${inUrl}`).expect(401)).body.error.reason).toBe("unauthenticated");
    }
  });
});
