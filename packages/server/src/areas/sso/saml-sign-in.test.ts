import supertest from "supertest";
import { answered, at, refused, type TestUser, useHarness } from "../../../test/support/harness";
import { type AssertionOptions, type Idp, requestIdOf, samlResponse, testIdp } from "../../../test/support/saml-idp";
import { csrfTokenOf, startSession } from "../../auth/sessions";

// The identity provider is configured with fixed URLs of Docstack (its public URL), as in production.
const h = useHarness({ rateLimit: { max: 0, windowMs: 60_000 }, publicUrl: "https://docs.example.test" });

let idp: Idp;
let otherIdp: Idp;
beforeAll(async () => {
  [idp, otherIdp] = await Promise.all([testIdp(), testIdp("evil.example.test")]);
});

interface Provider {
  id: string;
  admin: TestUser;
  organizationId: string;
  teamId: string;
  service: { acsURL: string; startURL: string; entityID: string };
}

async function provider(): Promise<Provider> {
  const org = await h.organization();
  const admin = h.as(org.admin);
  const inOrg = at({ organizationId: org.id });
  const team = await answered(admin.PUT("/v1/orgs/{organizationId}/teams", { ...inOrg, body: { title: "SSO people" } }), 201);
  const body = {
    label: "Test IdP",
    entityID: idp.entityID,
    ssoURL: idp.ssoURL,
    certificate: idp.certificate,
    defaultRole: "comment" as const,
    defaultTeam: team.id,
  };
  const created = await answered(admin.POST("/v1/orgs/{organizationId}/saml", { ...inOrg, body }), 201);
  return { id: created.id, admin: org.admin, organizationId: org.id, teamId: team.id, service: created.service };
}

const path = (url: string) => new URL(url).pathname;

/** Starts a sign-in (as a browser following the start URL) and answers the ID of the request sent to the IdP. */
async function start(p: Provider, agent = h.api): Promise<string> {
  const res = await agent.get(path(p.service.startURL)).expect(302);
  expect(res.headers.location).toMatch(new RegExp(`^${idp.ssoURL}\\?SAMLRequest=`));
  return requestIdOf(res.headers.location as string);
}

const post = (p: Provider, samlResponseValue: string, agent = h.api) =>
  agent.post(path(p.service.acsURL)).type("form").send({ SAMLResponse: samlResponseValue, RelayState: "" });

/** An assertion answering the request, as the IdP would make it (options break one property at a time). */
function answer(p: Provider, inResponseTo: string, email: string, changes: Partial<AssertionOptions> = {}) {
  return samlResponse(idp, { email, inResponseTo, audience: p.service.entityID, recipient: p.service.acsURL, ...changes });
}

const email = (what: string) => `${what}-${Math.random().toString(36).slice(2, 10)}@corp.example.test`;

describe("SAML sign-in", () => {
  it("signs a new user in from a valid assertion: a member with the provider's role and team, and an API token", async () => {
    const p = await provider();
    const address = email("ada");
    const signedIn = await post(p, answer(p, await start(p), address)).expect(201);
    expect(signedIn.body).toMatchObject({ token: expect.stringMatching(/^dst_/), user: { email: address } });
    const { token, user } = signedIn.body as { token: string; user: { id: string } };
    const member = await h.services.prisma.member.findUniqueOrThrow({
      where: { organizationId_userId: { organizationId: p.organizationId, userId: user.id } },
    });
    expect(member).toMatchObject({ role: "comment", sso: true });
    expect(await h.services.prisma.teamMember.count({ where: { teamId: p.teamId, userId: user.id } })).toBe(1);
    const client = h.as({ token });
    await answered(client.GET("/v1/orgs/{organizationId}", at({ organizationId: p.organizationId })), 200);
    const tokens = await answered(client.GET("/v1/user/tokens"), 200);
    expect(tokens.items[0]).toMatchObject({ origin: "saml", label: "SAML sign-in (Test IdP)", current: true });

    // Again later: the same user, their membership as it is.
    await h.direct((prisma) =>
      prisma.member.update({ where: { organizationId_userId: { organizationId: p.organizationId, userId: user.id } }, data: { role: "edit" } }),
    );
    const again = await post(p, answer(p, await start(p), address.toUpperCase())).expect(201);
    expect(again.body.user.id).toBe(user.id);
    expect((await h.services.prisma.member.findFirstOrThrow({ where: { userId: user.id } })).role).toBe("edit");
  });

  it("accepts on one instance the answer to a request another one sent (request IDs are in the database), once", async () => {
    const p = await provider();
    const otherInstance = supertest(h.createApp());
    const requestId = await start(p, otherInstance);
    const response = answer(p, requestId, email("grace"));
    await post(p, response).expect(201);
    const replayed = await post(p, response, otherInstance).expect(401);
    expect(replayed.body.error.message).toMatch(/refused/);
  });

  describe("refuses the classic attacks (401), signing no one in", () => {
    const cases: [string, (p: Provider, requestId: string, address: string) => string][] = [
      ["an unsigned assertion", (p, r, a) => answer(p, r, a, { unsigned: true })],
      ["an assertion signed with another key", (p, r, a) => answer(p, r, a, { signingKey: otherIdp.privateKey })],
      ["a signed assertion changed after signing", (p, r, a) => answer(p, r, a, { tamperEmail: email("mallory") })],
      ["signature wrapping: an unsigned assertion around the signed one", (p, r, a) => answer(p, r, a, { wrapWithEmail: email("mallory") })],
      ["the wrong audience", (p, r, a) => answer(p, r, a, { audience: "https://another-sp.example.test" })],
      ["another recipient", (p, r, a) => answer(p, r, a, { recipient: "https://another-sp.example.test/acs" })],
      [
        "another destination",
        (p, r, a) => samlResponse(idp, { email: a, inResponseTo: r, audience: p.service.entityID, recipient: p.service.acsURL }, "https://x.test/acs"),
      ],
      ["an expired assertion", (p, r, a) => answer(p, r, a, { notBefore: -20 * 60_000, notOnOrAfter: -10 * 60_000 })],
      ["an assertion not valid yet", (p, r, a) => answer(p, r, a, { notBefore: 10 * 60_000, notOnOrAfter: 20 * 60_000 })],
      ["another issuer", (p, r, a) => answer(p, r, a, { issuer: otherIdp.entityID })],
      ["an answer to a request this server never sent", (p, _r, a) => answer(p, "_never-sent", a)],
    ];
    it.each(cases)("%s", async (_name, make) => {
      const p = await provider();
      const address = email("victim");
      const res = await post(p, make(p, await start(p), address)).expect(401);
      expect(res.body.error).toMatchObject({ code: 401, message: expect.stringMatching(/^The SAML response is refused/) });
      expect(await h.services.prisma.member.count({ where: { organizationId: p.organizationId, user: { email: { contains: "corp.example.test" } } } })).toBe(0);
      // The same provider and request flow sign in with an honest answer: the attack is what was refused.
      await post(p, answer(p, await start(p), address)).expect(201);
    });

    it("a replayed assertion, even in a fresh response to a new request", async () => {
      const p = await provider();
      const address = email("ada");
      await post(p, answer(p, await start(p), address, { assertionId: "_fixed-assertion-id" })).expect(201);
      await post(p, answer(p, await start(p), address, { assertionId: "_fixed-assertion-id" })).expect(401);
    });
  });

  it("answers 404 for a provider not ready for sign-in, and 400 without a response", async () => {
    const org = await h.organization();
    const draft = await answered(h.as(org.admin).POST("/v1/orgs/{organizationId}/saml", { ...at({ organizationId: org.id }), body: { label: "Draft" } }), 201);
    // The start URL is a browser's: supertest.
    await h.api.get(path(draft.service.startURL)).expect(404);
    const p = await provider();
    await h.api.post(path(p.service.acsURL)).type("form").send({}).expect(400);
  });

  describe("for the app (`?to=app`): an app session, bound to the browser that started", () => {
    /** The cookies a response sets, by name (value only). */
    const setCookies = (res: { headers: Record<string, unknown> }) =>
      Object.fromEntries(((res.headers["set-cookie"] as string[] | undefined) ?? []).map((cookie) => cookie.split(";")[0]!.split("=") as [string, string]));
    const relayOf = (location: string) => new URL(location).searchParams.get("RelayState") ?? "";

    async function appSignIn(p: Provider, address: string) {
      const started = await h.api.get(`${path(p.service.startURL)}?to=app`).expect(302);
      const state = setCookies(started).docstack_saml_state!;
      const relayState = relayOf(started.headers.location as string);
      expect(relayState).toMatch(/^app:/);
      expect(relayState).not.toContain(state); // the IdP sees only its hash
      const acs = await h.api
        .post(path(p.service.acsURL))
        .type("form")
        .send({ SAMLResponse: answer(p, requestIdOf(started.headers.location as string), address), RelayState: relayState })
        .expect(303);
      expect(acs.headers.location).toBe(`/sso/saml/${p.id}/finish`);
      expect(acs.body).toEqual({}); // no token in the answer
      return { state, handoff: setCookies(acs).docstack_saml_handoff! };
    }

    it("sets the session cookie when the browser that started finishes, and the session is the user's", async () => {
      const p = await provider();
      const address = email("app");
      const { state, handoff } = await appSignIn(p, address);
      const finished = await h.api.get(`/sso/saml/${p.id}/finish`).set("Cookie", `docstack_saml_state=${state}; docstack_saml_handoff=${handoff}`).expect(303);
      expect(finished.headers.location).toBe("/app/");
      const session = setCookies(finished).docstack_session!;
      expect(session).toMatch(/^dss_/);
      const user = await h.api.get("/v1/user").set("Cookie", `docstack_session=${session}`).expect(200);
      expect(user.body.email).toBe(address);
    });

    it("ends the session when another browser finishes (a posted assertion, login CSRF), and without the state", async () => {
      const p = await provider();
      const { handoff } = await appSignIn(p, email("victim"));
      const secret = handoff.split(".")[0]!;
      const other = await h.api.get(`/sso/saml/${p.id}/finish`).set("Cookie", `docstack_saml_state=another; docstack_saml_handoff=${handoff}`).expect(303);
      expect(other.headers.location).toBe("/app/sign-in?sso=failed");
      expect(setCookies(other).docstack_session).toBeUndefined();
      await h.api.get("/v1/user").set("Cookie", `docstack_session=${secret}`).expect(401);
      const again = await appSignIn(p, email("victim"));
      await h.api
        .get(`/sso/saml/${p.id}/finish`)
        .set("Cookie", `docstack_saml_handoff=${again.handoff}`)
        .expect(303)
        .expect("Location", "/app/sign-in?sso=failed");
    });

    describe("enforced SSO (the organization's `sso`)", () => {
      /** An app session the browser finished, as its cookie header. */
      async function appSession(p: Provider, address: string): Promise<string> {
        const { state, handoff } = await appSignIn(p, address);
        const finished = await h.api
          .get(`/sso/saml/${p.id}/finish`)
          .set("Cookie", `docstack_saml_state=${state}; docstack_saml_handoff=${handoff}`)
          .expect(303);
        return `docstack_session=${setCookies(finished).docstack_session!}`;
      }
      const readsOrg = (p: Provider, auth: { cookie?: string; token?: string }) => {
        const request = h.api.get(`/v1/orgs/${p.organizationId}`);
        return auth.cookie ? request.set("Cookie", auth.cookie) : request.set("Authorization", `Bearer ${auth.token}`);
      };

      it("lets in only credentials the organization's SAML made (and the server's), and locks nobody out", async () => {
        const bare = await h.organization();
        const refusedOn = await refused(h.as(bare.admin).PATCH("/v1/orgs/{organizationId}", { ...at({ organizationId: bare.id }), body: { sso: true } }), 409);
        expect(refusedOn.error.reason).toBe("sso_provider_missing");

        const p = await provider();
        const address = email("ada");
        const viaSaml = await appSession(p, address);
        const ada = await h.services.prisma.user.findFirstOrThrow({ where: { email: address } });
        await h.direct((prisma) =>
          prisma.member.update({ where: { organizationId_userId: { organizationId: p.organizationId, userId: ada.id } }, data: { role: "admin" } }),
        );
        // Ada's other credentials: an e-mail code's session, and a personal token made with each session.
        const viaEmail = (await startSession(h.services.prisma, ada.id, "test", new Date(), h.services.config.sessions)).secret;
        const emailCookie = `docstack_session=${viaEmail}`;
        const tokenOf = async (cookie: string) => {
          const csrf = csrfTokenOf(cookie.slice("docstack_session=".length));
          const made = await h.api.post("/v1/user/tokens").set("Cookie", cookie).set("X-CSRF-Token", csrf).send({ label: "script" }).expect(201);
          return made.body.token as string;
        };
        const [samlToken, emailToken] = [await tokenOf(viaSaml), await tokenOf(emailCookie)];

        // Turning it on from the e-mail session would shut Ada out: refused. From the SAML session: on.
        const patch = (cookie: string) =>
          h.api
            .patch(`/v1/orgs/${p.organizationId}`)
            .set("Cookie", cookie)
            .set("X-CSRF-Token", csrfTokenOf(cookie.slice("docstack_session=".length)))
            .send({ sso: true });
        expect((await patch(emailCookie).expect(409)).body.error.reason).toBe("sso_sign_in_required");
        expect((await patch(viaSaml).expect(200)).body.sso).toBe(true);

        await readsOrg(p, { cookie: viaSaml }).expect(200);
        await readsOrg(p, { token: samlToken }).expect(200);
        await readsOrg(p, { cookie: emailCookie }).expect(404);
        await readsOrg(p, { token: emailToken }).expect(404);
        const listed = await h.api.get("/v1/orgs").set("Cookie", emailCookie).expect(200);
        expect(listed.body.items.map((o: { id: string }) => o.id)).not.toContain(p.organizationId);
        // The organization's first admin's token was made on the server (origin cli), as `docstack` makes them.
        await answered(h.as(p.admin).GET("/v1/orgs/{organizationId}", at({ organizationId: p.organizationId })), 200);

        // Its last provider stays while it is on; off again, the e-mail session is a member's again.
        const asAdmin = (cookie: string) => ({ cookie, csrf: csrfTokenOf(cookie.slice("docstack_session=".length)) });
        const del = (auth: { cookie: string; csrf: string }) =>
          h.api.delete(`/v1/orgs/${p.organizationId}/saml/${p.id}`).set("Cookie", auth.cookie).set("X-CSRF-Token", auth.csrf);
        expect((await del(asAdmin(viaSaml)).expect(409)).body.error.reason).toBe("sso_enforced");
        await h.api
          .patch(`/v1/orgs/${p.organizationId}`)
          .set("Cookie", viaSaml)
          .set("X-CSRF-Token", csrfTokenOf(viaSaml.slice("docstack_session=".length)))
          .send({ sso: false })
          .expect(200);
        await readsOrg(p, { cookie: emailCookie }).expect(200);
        await readsOrg(p, { token: emailToken }).expect(200);
        await del(asAdmin(viaSaml)).expect(205);
      });
    });
  });
});
