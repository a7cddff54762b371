// A session is ended by the user it belongs to (others' are not found).
import { SESSION_ORIGIN } from "../../auth/sessions";
import { definePolicy } from "../../policy/factory";

/** One of the caller's sessions that still works: others', ended and unknown ones, and API tokens, are not found. */
export const ownSessionPolicy = definePolicy("ownSession", {
  what: "Session",
  find: async ({ ctx, params }) => {
    const session = await ctx.prisma.apiToken.findFirst({
      where: { id: params.sessionId as string, userId: ctx.actor.userId, origin: SESSION_ORIGIN, revokedAt: null, expiresAt: { gt: ctx.clock.now() } },
    });
    return session && { session };
  },
  level: () => "guest",
});
