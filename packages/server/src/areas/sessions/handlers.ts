// The app's browser sessions (auth/sessions.ts): signing in with an e-mailed code, signing out, and the
// caller's sessions, listed and ended.
import type { Schemas } from "@docstack/contract";
import { SESSION_ORIGIN, sessionCookies, startSession } from "../../auth/sessions";
import { revokeApiToken } from "../../auth/tokens";
import type { ApiToken } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import { useCode } from "../auth/sign-in-codes";
import { serializeSignedInUser } from "../organizations/serialize";

function serializeSession(ctx: RequestContext, session: ApiToken): Schemas["Session"] {
  return {
    object: "session",
    id: session.id,
    device: session.label ?? "",
    createdAt: session.createdAt.toISOString(),
    expiresAt: (session.expiresAt ?? session.createdAt).toISOString(),
    ...(session.lastUsedAt ? { lastUsedAt: session.lastUsedAt.toISOString() } : {}),
    current: session.id === ctx.actor?.tokenId,
  };
}

export const sessionOperations = {
  createSession: defineOperation("createSession", {
    handle: async ({ ctx, body }) => {
      const user = await useCode(ctx, body.email, body.code);
      const device = String(ctx.headers["user-agent"] ?? "");
      const { secret, row } = await startSession(ctx.prisma, user.id, device, ctx.clock.now(), ctx.config.sessions);
      const cookies = sessionCookies(secret, ctx.secure, Math.floor(ctx.config.sessions.maxMs / 1000));
      return { status: 201, body: { session: { ...serializeSession(ctx, row), current: true }, user: serializeSignedInUser(ctx, user) }, cookies };
    },
  }),

  signOut: defineOperation("signOut", {
    handle: async ({ ctx }) => {
      // A token's request has no session to end: the token is revoked with DELETE /v1/user/tokens/{tokenId}.
      if (ctx.actor.session) await revokeApiToken(ctx.prisma, ctx.actor.tokenId, ctx.clock.now());
      return { status: 204, cookies: sessionCookies(null, ctx.secure, 0) };
    },
  }),

  listUserSessions: defineOperation("listUserSessions", {
    handle: async (request) => {
      const { ctx } = request;
      const where = { userId: ctx.actor.userId, origin: SESSION_ORIGIN, revokedAt: null, expiresAt: { gt: ctx.clock.now() } };
      const body = await listRows(request, {
        model: ctx.prisma.apiToken,
        where,
        order: [
          { field: "createdAt", direction: "desc" },
          { field: "id", direction: "desc" },
        ],
        serialize: (sessions) => sessions.map((session) => serializeSession(ctx, session)),
      });
      return { status: 200, body };
    },
  }),

  revokeUserSession: defineOperation("revokeUserSession", {
    handle: async ({ ctx }, { session }) => {
      await revokeApiToken(ctx.prisma, session.id, ctx.clock.now());
      return { status: 204 };
    },
  }),
} satisfies AreaOperations;
