// Signing in by e-mail: a one-time code of 8 digits, e-mailed to a user's address, traded for an
// API token. Codes are stored as hashes (salted by their row), work once, for 15 minutes, and
// 5 wrong tries burn them; how many are asked for is limited per address and per client, counted
// in the database so that every instance of the server agrees. A row is kept for unknown
// addresses too (with a code nobody is sent), so that they answer and count the same.
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { createApiToken } from "../../auth/tokens";
import { newId } from "../../db/ids";
import type { RequestContext } from "../../http/context";
import { ApiError, badRequest } from "../../http/errors";
import { declareSecret } from "../../secrets";
import { signInLink } from "../organizations/store";

export const CODE_LIFETIME_MS = 15 * 60_000;
export const MAX_TRIES = 5;
const LIMIT_WINDOW_MS = 60 * 60_000;
const LIMIT_PER_EMAIL = 5;
const LIMIT_PER_CLIENT = 20;
/** How long a token made by signing in works. */
export const SIGN_IN_TOKEN_MS = 30 * 24 * 60 * 60_000;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const codeHash = (rowId: string, code: string) => sha256(`${rowId}:${code}`);
const normalized = (email: string) => email.trim().toLowerCase();

const findUser = (ctx: RequestContext, email: string) => ctx.prisma.user.findFirst({ where: { email: { equals: email, mode: "insensitive" } } });

/** E-mails a code to the address when it is a user's; counts and answers the same either way. */
export async function requestCode(ctx: RequestContext, address: string): Promise<void> {
  const email = normalized(address);
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - LIMIT_WINDOW_MS);
  const requestedFrom = sha256(ctx.clientAddress);
  const [forEmail, fromClient] = await Promise.all([
    ctx.prisma.signInCode.count({ where: { email, createdAt: { gt: since } } }),
    ctx.prisma.signInCode.count({ where: { requestedFrom, createdAt: { gt: since } } }),
  ]);
  if (forEmail >= LIMIT_PER_EMAIL || fromClient >= LIMIT_PER_CLIENT) {
    throw new ApiError("rate_limited", "Too many sign-in codes asked for: try again in an hour", { "Retry-After": String(LIMIT_WINDOW_MS / 1000) });
  }
  const user = await findUser(ctx, email);
  // A secret of the registry, like every one the server makes: the tests look for it in every log line.
  const code = declareSecret(String(randomInt(0, 100_000_000)).padStart(8, "0"));
  const id = newId();
  await ctx.prisma.$transaction([
    // A new code replaces the ones asked for before.
    ctx.prisma.signInCode.updateMany({ where: { email, usedAt: null }, data: { usedAt: now } }),
    ctx.prisma.signInCode.create({
      data: { id, email, codeHash: codeHash(id, code), requestedFrom, expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS), createdAt: now },
    }),
  ]);
  if (!user) return;
  ctx.mailer.send({
    to: user.email,
    subject: "Your Docstack sign-in code",
    text: [
      "Your code to sign in to Docstack:",
      "",
      `Code: ${code}`,
      "",
      `Or open: ${signInLink(ctx, user.email)}&code=${code}`,
      "",
      "It works once, for 15 minutes. If you did not ask for it, ignore this e-mail.",
    ].join("\n"),
  });
}

/** Trades a valid code for a new API token of its user (the address then counts as verified). */
export async function verifyCode(ctx: RequestContext, address: string, code: string) {
  const user = await useCode(ctx, address, code);
  const { token } = await createApiToken(ctx.prisma, user.id, {
    label: "E-mail sign-in",
    origin: "email",
    expiresAt: new Date(ctx.clock.now().getTime() + SIGN_IN_TOKEN_MS),
  });
  return { token, user };
}

/** Uses up a valid code and answers its user (the address then counts as verified); 400 for any other code. */
export async function useCode(ctx: RequestContext, address: string, code: string) {
  const invalid = () =>
    badRequest(
      "sign_in_code_invalid",
      "request/body/code: this code is not valid (wrong, already used, expired, or tried wrong too many times): ask for a new one",
    );
  const email = normalized(address);
  const now = ctx.clock.now();
  const row = await ctx.prisma.signInCode.findFirst({
    where: { email, usedAt: null, expiresAt: { gt: now }, attempts: { lt: MAX_TRIES } },
    orderBy: { createdAt: "desc" },
  });
  if (!row) throw invalid();
  const given = Buffer.from(codeHash(row.id, code));
  if (!timingSafeEqual(given, Buffer.from(row.codeHash))) {
    await ctx.prisma.signInCode.updateMany({ where: { id: row.id, attempts: { lt: MAX_TRIES } }, data: { attempts: { increment: 1 } } });
    throw invalid();
  }
  // Used once: of two requests racing with the same code, one signs in.
  const { count } = await ctx.prisma.signInCode.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
  const user = count === 1 ? await findUser(ctx, email) : null;
  if (!user) throw invalid();
  await ctx.prisma.user.update({ where: { id: user.id }, data: { emailVerifiedAt: now } });
  return user;
}
