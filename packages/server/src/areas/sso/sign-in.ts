// SAML single sign-on, the service provider's side of SP-initiated sign-in (@node-saml/node-saml):
// `GET <startURL>` sends the browser to the identity provider with a sign-in request; the
// provider posts its response to `<acsURL>`, where a valid assertion signs the user in, as the
// e-mail flow does (an API token, answered once). Validated: the assertion's signature against
// the provider's certificate (a signed assertion, wrapped or not in an unsigned response), its
// issuer (the provider's entity ID), audience (Docstack's entity ID), recipient and destination (the ACS URL), its time
// window, that it answers a request Docstack sent (once: request IDs are kept in the database, so
// any instance accepts the answer to another's request, and only once) and that the assertion
// was never used before (replay). These are browser endpoints, not the JSON API: they are not in
// the contract, and answer errors in the same envelope.
//
// The app signs in with the same endpoints (`<startURL>?to=app`): the answer is then an app session, not
// a token. Its binding to the browser that started (against login CSRF, where another site posts its own
// assertion to a victim's browser): the start sets a random state cookie and sends its hash as the
// RelayState; the ACS, posted cross-site (a SameSite=Lax cookie is not sent), keeps the new session's secret
// and that hash in a short-lived handoff cookie and redirects to `finish`, a top-level GET that receives
// both cookies: the session cookie is set only when the state's hash matches, and the session is ended
// otherwise. Neither the session nor its secret is ever in a URL.
import { createHash, randomBytes } from "node:crypto";
import express, { type Request, type Response } from "express";
import { readCookie, SESSION_ORIGIN, sessionCookies, startSession } from "../../auth/sessions";
import { createApiToken, hashToken, revokeApiToken } from "../../auth/tokens";
import { isUniqueViolation } from "../../db/errors";
import { newId } from "../../db/ids";
import type { Services } from "../../http/context";
import { ApiError, errorBody, notFound } from "../../http/errors";
import { SIGN_IN_TOKEN_MS } from "../auth/sign-in-codes";
import { serializeSignedInUser } from "../organizations/serialize";
import { serviceUrls } from "./serialize";

const SAML_ASSERTION = "urn:oasis:names:tc:SAML:2.0:assertion";
/** How long a sign-in request waits for its answer. */
const REQUEST_LIFETIME_MS = 10 * 60_000;
/** Clocks of identity providers drift a little. */
const CLOCK_SKEW_MS = 30_000;
const EMAIL_ATTRIBUTES = ["email", "mail", "urn:oid:0.9.2342.19200300.100.1.3", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress"];

const refused = (why: string) => new ApiError("saml_response_refused", `The SAML response is refused: ${why}`);

/** Request IDs Docstack sent, in the database (node-saml's cache interface). */
function requestCache(services: Services, providerId: string) {
  const { prisma } = services;
  return {
    saveAsync: async (key: string, value: string) => {
      await prisma.samlRequest.create({ data: { id: key, providerId, createdAt: new Date(value) } });
      return { value, createdAt: new Date(value).getTime() };
    },
    getAsync: async (key: string) => {
      const row = await prisma.samlRequest.findFirst({ where: { id: key, providerId } });
      return row ? row.createdAt.toISOString() : null;
    },
    removeAsync: async (key: string | null) => {
      if (key) await prisma.samlRequest.deleteMany({ where: { id: key, providerId } });
      return key;
    },
  };
}

function baseUrlOf(services: Services, req: Request): string {
  return services.config.publicUrl ?? `${req.protocol}://${req.get("host") ?? "localhost"}`;
}

async function providerFor(services: Services, req: Request) {
  const provider = await services.prisma.samlProvider.findUnique({ where: { id: String(req.params.samlProviderId) } });
  // Sign-in works once the identity provider's side is complete.
  if (!provider?.ssoURL || !provider.entityID || !provider.certificate) throw notFound("SAML provider");
  const service = serviceUrls({ baseUrl: baseUrlOf(services, req) }, provider.id);
  // Loaded on the first SAML sign-in, not at start (a tenth of start-up time).
  const { SAML, ValidateInResponseTo } = require("@node-saml/node-saml") as typeof import("@node-saml/node-saml");
  const saml = new SAML({
    entryPoint: provider.ssoURL,
    issuer: service.entityID,
    callbackUrl: service.acsURL,
    idpCert: provider.certificate,
    idpIssuer: provider.entityID,
    audience: service.entityID,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_LIFETIME_MS,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    cacheProvider: requestCache(services, provider.id),
    identifierFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
    disableRequestedAuthnContext: true,
  });
  return { provider, service, saml };
}

/** The response's Destination, when it has one, and the signed assertion's ID and subject confirmation Recipient. */
function addressing(responseXml: string, assertionXml: string) {
  // Both were parsed by node-saml already: these reads cannot fail on what it accepted.
  const { DOMParser } = require("@xmldom/xmldom") as typeof import("@xmldom/xmldom");
  const parser = new DOMParser({ errorHandler: () => undefined });
  const response = parser.parseFromString(responseXml, "text/xml").documentElement;
  const assertion = parser.parseFromString(assertionXml, "text/xml").documentElement;
  const confirmation = assertion?.getElementsByTagNameNS(SAML_ASSERTION, "SubjectConfirmationData").item(0);
  return {
    destination: response?.getAttribute("Destination") || undefined,
    assertionId: assertion?.getAttribute("ID") || undefined,
    recipient: confirmation?.getAttribute("Recipient") || undefined,
  };
}

export function samlSignInRouter(services: Services): express.Router {
  const router = express.Router();
  const fail = (res: Response, error: unknown) => {
    const known = error instanceof ApiError ? error : refused("it is not a valid, signed answer to a sign-in request of this server");
    // Why, for the operator; never the XML (it holds the user's identity) nor any token.
    if (!(error instanceof ApiError)) services.logger.warn({ reason: error instanceof Error ? error.message : String(error) }, "SAML response refused");
    res.status(known.status).json(errorBody(known.reason, known.message));
  };

  router.get("/:samlProviderId/start", async (req, res) => {
    try {
      const { saml } = await providerFor(services, req);
      let relayState = "";
      if (req.query.to === "app") {
        const state = randomBytes(32).toString("base64url");
        res.append("Set-Cookie", appCookie(APP_STATE, state, req.secure, APP_STATE_SECONDS));
        relayState = `${APP_RELAY}${digest(state)}`;
      }
      res.redirect(302, await saml.getAuthorizeUrlAsync(relayState, req.get("host"), {}));
    } catch (error) {
      fail(res, error instanceof ApiError ? error : new ApiError("saml_request_failed", "Could not make a sign-in request for this provider"));
    }
  });

  router.post("/:samlProviderId/acs", express.urlencoded({ extended: false, limit: "1mb" }), async (req, res) => {
    try {
      const { provider, service, saml } = await providerFor(services, req);
      const samlResponse = (req.body as { SAMLResponse?: unknown } | undefined)?.SAMLResponse;
      if (typeof samlResponse !== "string" || samlResponse === "")
        throw new ApiError("invalid_request", "SAMLResponse is missing: the identity provider posts it as a form field");
      const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
      if (!profile?.getAssertionXml) throw refused("it holds no assertion");
      // node-saml checks the issuer of logout messages only: the assertion's is checked here.
      if (profile.issuer !== provider.entityID) throw refused("its assertion is issued by another identity provider");
      const { destination, assertionId, recipient } = addressing(Buffer.from(samlResponse, "base64").toString("utf8"), profile.getAssertionXml());
      if (destination !== undefined && destination !== service.acsURL) throw refused("it is addressed to another destination");
      if (recipient !== service.acsURL) throw refused("its assertion is for another recipient");
      if (!assertionId) throw refused("its assertion has no ID");
      const email = [...EMAIL_ATTRIBUTES.map((name) => profile[name]), profile.nameID].find(
        (value): value is string => typeof value === "string" && /^[^@\s]+@[^@\s]+$/.test(value),
      );
      if (!email) throw refused("it names no e-mail address (an email attribute, or an e-mail NameID)");
      try {
        await services.prisma.samlAssertion.create({
          data: { providerId: provider.id, assertionId, expiresAt: new Date(Date.now() + REQUEST_LIFETIME_MS + CLOCK_SKEW_MS) },
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw refused("its assertion was already used");
        throw error;
      }
      const user = await signInMember(services, provider, email.toLowerCase());
      const relayState = (req.body as { RelayState?: unknown }).RelayState;
      if (typeof relayState === "string" && relayState.startsWith(APP_RELAY)) {
        const { secret } = await startSession(
          services.prisma,
          user.id,
          String(req.get("user-agent") ?? ""),
          new Date(),
          services.config.sessions,
          provider.organizationId,
        );
        const handoff = `${secret}.${relayState.slice(APP_RELAY.length)}`;
        res.append("Set-Cookie", appCookie(APP_HANDOFF, handoff, req.secure, APP_HANDOFF_SECONDS));
        res.redirect(303, `/sso/saml/${encodeURIComponent(provider.id)}/finish`);
        return;
      }
      const { token } = await createApiToken(services.prisma, user.id, {
        label: `SAML sign-in (${provider.label})`,
        origin: "saml",
        expiresAt: new Date(Date.now() + SIGN_IN_TOKEN_MS),
        ssoOrganizationId: provider.organizationId,
      });
      res.status(201).json({ token, user: serializeSignedInUser({ baseUrl: baseUrlOf(services, req) }, user) });
    } catch (error) {
      fail(res, error);
    }
  });
  router.get("/:samlProviderId/finish", async (req, res) => {
    const cookies = req.get("cookie");
    const state = readCookie(cookies, cookieName(APP_STATE, req.secure));
    const [secret, stateDigest] = (readCookie(cookies, cookieName(APP_HANDOFF, req.secure)) ?? "").split(".");
    res.append("Set-Cookie", appCookie(APP_STATE, "", req.secure, 0));
    res.append("Set-Cookie", appCookie(APP_HANDOFF, "", req.secure, 0));
    const now = new Date();
    const session = secret
      ? await services.prisma.apiToken.findFirst({ where: { tokenHash: hashToken(secret), origin: SESSION_ORIGIN, revokedAt: null, expiresAt: { gt: now } } })
      : null;
    if (!session || !secret) return void res.redirect(303, "/app/sign-in?sso=failed");
    if (!state || digest(state) !== stateDigest) {
      // Not the browser that started this sign-in: the session is ended before anyone uses it.
      await revokeApiToken(services.prisma, session.id, now);
      services.logger.warn({ providerId: req.params.samlProviderId }, "SAML app sign-in refused: its state does not match the browser's");
      return void res.redirect(303, "/app/sign-in?sso=failed");
    }
    for (const cookie of sessionCookies(secret, req.secure, Math.floor(services.config.sessions.maxMs / 1000))) res.append("Set-Cookie", cookie);
    res.redirect(303, "/app/");
  });
  return router;
}

/** The app's sign-in, its RelayState's prefix, and its two short-lived cookies (read on /sso/saml only). */
const APP_RELAY = "app:";
const APP_STATE = "docstack_saml_state";
const APP_HANDOFF = "docstack_saml_handoff";
const APP_STATE_SECONDS = REQUEST_LIFETIME_MS / 1000;
const APP_HANDOFF_SECONDS = 60;
const digest = (value: string) => createHash("sha256").update(value).digest("base64url");
const cookieName = (name: string, secure: boolean) => (secure ? `__Secure-${name}` : name);
const appCookie = (name: string, value: string, secure: boolean, maxAgeSeconds: number) =>
  `${cookieName(name, secure)}=${value}; HttpOnly; Path=/sso/saml; SameSite=Lax${secure ? "; Secure" : ""}; Max-Age=${maxAgeSeconds}`;

/** The user of the address, made a member of the provider's organization (with its default role and team) when new. */
async function signInMember(
  services: Services,
  provider: { id: string; organizationId: string; defaultRole: string | null; defaultTeamId: string | null },
  email: string,
) {
  return services.prisma.$transaction(async (tx) => {
    const user =
      (await tx.user.findFirst({ where: { email: { equals: email, mode: "insensitive" } } })) ??
      (await tx.user.create({ data: { id: newId(), email, displayName: email.split("@")[0] || email } }));
    const { count } = await tx.member.createMany({
      data: [{ organizationId: provider.organizationId, userId: user.id, role: provider.defaultRole as never, sso: true }],
      skipDuplicates: true,
    });
    if (count > 0 && provider.defaultTeamId) {
      await tx.teamMember.createMany({ data: [{ teamId: provider.defaultTeamId, userId: user.id }], skipDuplicates: true });
    }
    return user;
  });
}
