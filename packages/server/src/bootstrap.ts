// First run: an organization, its admin and an API token, so a new user can call
// the API at once. On a database that has users, a fresh token for the first admin.

import { createOrganizationWithAdmin } from "./areas/organizations/store";
import { createApiToken } from "./auth/tokens";
import type { Db } from "./db/database";
import { newId } from "./db/ids";

export interface BootstrapResult {
  organizationId: string;
  userId: string;
  token: string;
  /** Whether the organization and user were created now. */
  created: boolean;
}

export const DEFAULT_ADMIN_EMAIL = "admin@docstack.local";

export async function bootstrap(prisma: Db, options: { email?: string; title?: string } = {}): Promise<BootstrapResult> {
  const firstAdmin = await prisma.member.findFirst({ where: { role: "admin" }, orderBy: { joinedAt: "asc" } });
  if (firstAdmin) {
    const { token } = await createApiToken(prisma, firstAdmin.userId, { label: "bootstrap" });
    return { organizationId: firstAdmin.organizationId, userId: firstAdmin.userId, token, created: false };
  }
  const email = options.email ?? DEFAULT_ADMIN_EMAIL;
  const user = (await prisma.user.findUnique({ where: { email } })) ?? (await prisma.user.create({ data: { id: newId(), email, displayName: "Admin" } }));
  const organization = await createOrganizationWithAdmin(prisma, { title: options.title ?? "My organization", adminUserId: user.id });
  const { token } = await createApiToken(prisma, user.id, { label: "bootstrap" });
  return { organizationId: organization.id, userId: user.id, token, created: true };
}

export async function isEmpty(prisma: Db): Promise<boolean> {
  return (await prisma.user.count()) === 0;
}
