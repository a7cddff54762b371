// Who may do what with sign-in and tokens: signing in takes no token (anyone); a token is
// revoked by the user it belongs to (others' are not found).
import { SESSION_ORIGIN } from "../../auth/sessions";
import { definePolicy, NOTHING_TO_FIND } from "../../policy/factory";

export const anyonePolicy = definePolicy("anyone", { what: "Nothing", ...NOTHING_TO_FIND });

/** One of the caller's tokens that still works: others', revoked and unknown ones, and sessions, are not found. */
export const ownTokenPolicy = definePolicy("ownToken", {
  what: "API token",
  find: async ({ ctx, params }) => {
    const token = await ctx.prisma.apiToken.findFirst({
      where: { id: params.tokenId as string, userId: ctx.actor.userId, origin: { not: SESSION_ORIGIN }, revokedAt: null },
    });
    return token && { token };
  },
  level: () => "guest",
});
