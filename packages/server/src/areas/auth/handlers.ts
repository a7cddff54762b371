// Signing in by e-mail, and the caller's API tokens.
import type { Schemas } from "@docstack/contract";
import { SESSION_ORIGIN } from "../../auth/sessions";
import { createApiToken, revokeApiToken } from "../../auth/tokens";
import type { ApiToken } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import { badRequest } from "../../http/errors";
import { listRows } from "../../http/lists";
import { type AreaOperations, defineOperation } from "../../http/operation";
import type { SortField } from "../../http/pagination";
import { serializeSignedInUser } from "../organizations/serialize";
import { requestCode, verifyCode } from "./sign-in-codes";

const NEWEST_FIRST: SortField[] = [
  { field: "createdAt", direction: "desc" },
  { field: "id", direction: "desc" },
];

/** An API token (never a session: listUserTokens leaves them out, and a new token is of origin `personal`). */
function serializeToken(ctx: RequestContext, token: ApiToken): Schemas["ApiToken"] {
  if (token.origin === SESSION_ORIGIN) throw new Error(`Token ${token.id} is a session, not an API token`);
  return {
    object: "api-token",
    id: token.id,
    label: token.label ?? "",
    origin: token.origin,
    createdAt: token.createdAt.toISOString(),
    ...(token.expiresAt ? { expiresAt: token.expiresAt.toISOString() } : {}),
    ...(token.lastUsedAt ? { lastUsedAt: token.lastUsedAt.toISOString() } : {}),
    current: token.id === ctx.actor.tokenId,
  };
}

export const authOperations = {
  requestEmailSignIn: defineOperation("requestEmailSignIn", {
    handle: async ({ ctx, body }) => {
      await requestCode(ctx, body.email);
      return { status: 204 };
    },
  }),

  verifyEmailSignIn: defineOperation("verifyEmailSignIn", {
    handle: async ({ ctx, body }) => {
      const { token, user } = await verifyCode(ctx, body.email, body.code);
      return { status: 201, body: { token, user: serializeSignedInUser(ctx, user) } };
    },
  }),

  listUserTokens: defineOperation("listUserTokens", {
    handle: async (request) => {
      const { ctx } = request;
      const where = {
        userId: ctx.actor.userId,
        origin: { not: SESSION_ORIGIN },
        revokedAt: null,
        OR: [{ expiresAt: null }, { expiresAt: { gt: ctx.clock.now() } }],
      };
      const body = await listRows(request, {
        model: ctx.prisma.apiToken,
        where,
        order: NEWEST_FIRST,
        serialize: (tokens) => tokens.map((token) => serializeToken(ctx, token)),
      });
      return { status: 200, body };
    },
  }),

  createUserToken: defineOperation("createUserToken", {
    handle: async ({ ctx, body }) => {
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      if (expiresAt && expiresAt <= ctx.clock.now()) throw badRequest("invalid_request", "request/body/expiresAt must be in the future");
      const { id, token } = await createApiToken(ctx.prisma, ctx.actor.userId, {
        label: body.label,
        origin: "personal",
        expiresAt,
        // A token made with an SSO sign-in keeps its standing under that organization's enforced SSO; one made with
        // an e-mail code's session does not get it (auth/sso-enforcement.ts).
        ssoOrganizationId: ctx.actor.ssoOrganizationId ?? null,
      });
      const created = await ctx.prisma.apiToken.findUniqueOrThrow({ where: { id } });
      return { status: 201, body: { ...serializeToken(ctx, created), origin: "personal", current: false, token } };
    },
  }),

  revokeUserToken: defineOperation("revokeUserToken", {
    handle: async ({ ctx }, { token }) => {
      await revokeApiToken(ctx.prisma, token.id, ctx.clock.now());
      return { status: 204 };
    },
  }),
} satisfies AreaOperations;
