// Turning a permission table into the `permissions` booleans of a response and
// into the checks on a request: both come from the same table.
import { forbidden } from "../http/errors";
import { atLeast, type Role } from "./roles";

/** For each permission, the least role that grants it. */
export type PermissionTable<P extends string> = Readonly<Record<P, Role>>;

export function grantedBy<P extends string>(table: PermissionTable<P>, level: Role | null | undefined): Record<P, boolean> {
  const permissions = {} as Record<P, boolean>;
  for (const permission of Object.keys(table) as P[]) permissions[permission] = atLeast(level, table[permission]);
  return permissions;
}

/** 403 unless `permissions[permission]`, naming the role it needs. */
export function demand<P extends string>(table: PermissionTable<P>, permissions: Record<P, boolean>, permission: P, on: string): void {
  if (!permissions[permission]) {
    throw forbidden(`Your role does not allow this: it needs the ${table[permission]} role or more on ${on}`);
  }
}
