// Lists of members (the organization's, and everyone who reaches a site): GitBook's filters
// and orders, the same for both. Members are few enough per organization to order in memory,
// which makes every order (by name, by a date that may be missing) stable across pages.
import type { Member, Prisma, User } from "../../generated/prisma/client";
import type { Role } from "../../policy/roles";

export type MemberSort = "joinedAt" | "lastSeenAt" | "name";
export interface MemberListQuery {
  role?: Role | "guest";
  search?: string;
  sort?: MemberSort;
  order?: "asc" | "desc";
}

type Listed = Member & { user: User };

/** Whether a user's display name or e-mail address holds the text (ignoring case). */
export function matchesSearch(user: Pick<User, "displayName" | "email">, search: string | undefined): boolean {
  if (!search) return true;
  const text = search.toLowerCase();
  return user.displayName.toLowerCase().includes(text) || user.email.toLowerCase().includes(text);
}

/** The database filter of `role` (`guest`: no role) and `search`. */
export function memberFilter(query: MemberListQuery): Prisma.MemberWhereInput {
  return {
    ...(query.role === undefined ? {} : { role: query.role === "guest" ? null : query.role }),
    ...(query.search
      ? { user: { OR: [{ displayName: { contains: query.search, mode: "insensitive" } }, { email: { contains: query.search, mode: "insensitive" } }] } }
      : {}),
  };
}

/**
 * GitBook's order of members: by `sort` (default `joinedAt`) in `order` (default `desc`), those
 * never seen last whatever the order when sorting by `lastSeenAt`; ties by user ID.
 */
export function compareMembers(query: Pick<MemberListQuery, "sort" | "order">): (a: Listed, b: Listed) => number {
  const sort = query.sort ?? "joinedAt";
  const direction = query.order === "asc" ? 1 : -1;
  const key = (member: Listed): string =>
    sort === "name" ? member.user.displayName.toLowerCase() : sort === "lastSeenAt" ? (member.lastSeenAt?.toISOString() ?? "") : member.joinedAt.toISOString();
  return (a, b) => {
    if (sort === "lastSeenAt" && !a.lastSeenAt !== !b.lastSeenAt) return a.lastSeenAt ? -1 : 1;
    const [ka, kb] = [key(a), key(b)];
    if (ka !== kb) return ka < kb ? -direction : direction;
    return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
  };
}
