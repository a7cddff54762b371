// Writes shared by the organization operations and the command line.
import type { Schemas } from "@docstack/contract";
import type { Db, Tx } from "../../db/database";
import { newId } from "../../db/ids";
import type { Organization } from "../../generated/prisma/client";
import type { RequestContext } from "../../http/context";
import type { Role } from "../../policy/roles";
import { spaceCounts } from "../../policy/visibility";
import { memberEvent } from "../../webhooks/resources";

export async function createOrganizationWithAdmin(
  prisma: Db,
  input: { title: string; adminUserId: string; type?: Organization["type"]; useCase?: Organization["useCase"]; emailDomains?: string[] },
): Promise<Organization> {
  const id = newId();
  return prisma.organization.create({
    data: {
      id,
      title: input.title,
      type: input.type ?? "business",
      useCase: input.useCase ?? null,
      emailDomains: input.emailDomains ?? [],
      defaultRole: "read",
      members: { create: { userId: input.adminUserId, role: "admin" } },
    },
  });
}

/** Counts of members' spaces (those they can read) and teams, for a page of members. */
export async function memberCounts(prisma: Db, organizationId: string, members: readonly { userId: string; role: Role | null }[]) {
  const [spaces, teams, sites] = await Promise.all([
    spaceCounts(prisma, organizationId, members),
    prisma.teamMember.groupBy({ by: ["userId"], where: { userId: { in: members.map((m) => m.userId) }, team: { organizationId } }, _count: true }),
    // Every member, guests included, reads every site of the organization (sites/policy.ts).
    prisma.site.count({ where: { organizationId } }),
  ]);
  const teamsByUser = new Map(teams.map((row) => [row.userId, row._count]));
  return (userId: string) => ({ spaces: spaces.ofMember(userId), teams: teamsByUser.get(userId) ?? 0, sites });
}

/** Makes the caller a member of the organization with `role`, unless they already are one (then nothing changes). */
export async function joinAs(ctx: RequestContext, organizationId: string, role: Role | null): Promise<void> {
  await ctx.prisma.$transaction(async (tx) => {
    const { count } = await tx.member.createMany({ data: [{ organizationId, userId: ctx.actor.userId, role }], skipDuplicates: true });
    if (count) await ctx.webhooks.emit(tx, memberEvent(ctx, "member.added", organizationId, ctx.actor.userId));
  });
}

/** The link an invitation carries: the sign-in page with the address filled in (in the fragment, which no server log sees). */
export const signInLink = (ctx: RequestContext, email: string) => `${ctx.baseUrl}/sign-in#email=${encodeURIComponent(email)}`;

/**
 * Adds people to the organization by e-mail address (making users of new addresses), each with
 * their role or the default one, and e-mails each one added an invitation to sign in. Addresses
 * already members are left as they are. One transaction: all are added, or none.
 */
export async function inviteByEmail(ctx: RequestContext, organization: Organization, body: Schemas["InviteUsersToOrganization"]) {
  const fallback = body.role === undefined ? organization.defaultRole : body.role;
  const wanted = new Map<string, Role | null>();
  for (const entry of body.emails) {
    const { email, role } = typeof entry === "string" ? { email: entry, role: fallback } : entry;
    const normalized = email.trim().toLowerCase();
    if (!wanted.has(normalized)) wanted.set(normalized, role);
  }
  const added = await ctx.prisma.$transaction(async (tx) => {
    const emails = [...wanted.keys()];
    const known = await tx.user.findMany({ where: { email: { in: emails, mode: "insensitive" } } });
    const byEmail = new Map(known.map((user) => [user.email.toLowerCase(), user]));
    const users = [];
    for (const email of emails) {
      const user = byEmail.get(email) ?? (await tx.user.create({ data: { id: newId(), email, displayName: email.split("@")[0] || email } }));
      users.push(user);
    }
    const members = await tx.member.findMany({
      where: { organizationId: organization.id, userId: { in: users.map((user) => user.id) } },
      select: { userId: true },
    });
    const already = new Set(members.map((member) => member.userId));
    const newcomers = users.filter((user) => !already.has(user.id));
    await tx.member.createMany({
      data: newcomers.map((user) => ({
        organizationId: organization.id,
        userId: user.id,
        role: wanted.get(user.email.toLowerCase()) ?? null,
        sso: body.sso ?? false,
      })),
    });
    await ctx.webhooks.emit(
      tx,
      newcomers.map((user) => memberEvent(ctx, "member.added", organization.id, user.id)),
    );
    return newcomers;
  });
  for (const user of added) {
    ctx.mailer.send({
      to: user.email,
      subject: `You are invited to ${organization.title} on Docstack`,
      text: [
        `${ctx.actor.user.displayName} added you to ${organization.title} on Docstack.`,
        "",
        `Sign in: ${signInLink(ctx, user.email)}`,
        "",
        "There, ask for a one-time code: it comes by e-mail, to this address.",
      ].join("\n"),
    });
  }
  return { users: added.map((user) => user.id), invited: added.length };
}

/**
 * Whether the site exists in the organization, holding it until the transaction ends: a
 * deletion racing the caller's write waits, then clears what the write pointed at it.
 */
export async function holdSiteOf(tx: Tx, organizationId: string, siteId: string): Promise<boolean> {
  const held = await tx.$queryRaw<unknown[]>`SELECT 1 FROM "Site" WHERE id = ${siteId} AND "organizationId" = ${organizationId} FOR KEY SHARE`;
  return held.length > 0;
}
