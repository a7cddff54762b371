// The audit log's one mechanism: every write operation of the contract records exactly one event,
// in the write's transaction. The router gives the handler a database client whose `$transaction`
// inserts the event inside the first transaction that commits; a write without a transaction of its
// own gets the event right after it. The action is the operation's `x-docstack-audit` (else its
// operationId), the target the last resource its path names (else the organization).
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/database";
import type { RequestContext } from "../http/context";

export interface AuditedOperation {
  operationId: string;
  action: string;
}

type Params = Record<string, unknown>;

/** The organization a request acts in: its path's, else the one of the resource its policy found. */
function organizationOf(params: Params, access: unknown): string {
  if (typeof params.organizationId === "string") return params.organizationId;
  return organizationIn([access], 3) ?? "";
}

/**
 * The organization of what a policy found, nearest first: a resource's `organizationId` (an integration's
 * owner), an `organization` itself, or theirs a level down (a comment's place holds its space).
 */
function organizationIn(level: unknown[], depth: number): string | undefined {
  const objects = level.filter((value): value is Record<string, unknown> => !!value && typeof value === "object" && !(value instanceof Date));
  for (const value of objects) {
    if (typeof value.organizationId === "string") return value.organizationId;
    if (typeof value.ownerId === "string" && typeof value.name === "string" && "scopes" in value) return value.ownerId;
  }
  for (const value of objects) {
    const organization = value.organization as { id?: unknown } | undefined;
    if (typeof organization?.id === "string") return organization.id;
  }
  return depth > 1
    ? organizationIn(
        objects.flatMap((value) => Object.values(value)),
        depth - 1,
      )
    : undefined;
}

/** The last path parameter (`teamId` → `{type: "team", id}`), else the organization. */
function targetOf(params: Params, organizationId: string): { type: string; id: string } {
  const named = Object.entries(params).filter(([, value]) => typeof value === "string");
  const last = named[named.length - 1];
  if (!last) return { type: "organization", id: organizationId };
  return { type: last[0].replace(/(Id|Name|Slug|Path)$/, ""), id: String(last[1]) };
}

export class AuditRecorder {
  private claimed = false;
  private recorded = false;
  private readonly row: Parameters<Db["auditEvent"]["create"]>[0]["data"];

  constructor(ctx: RequestContext, operation: AuditedOperation, params: Params, access: unknown) {
    const organizationId = organizationOf(params, access);
    const target = targetOf(params, organizationId);
    const actor = (ctx as Partial<RequestContext>).actor;
    this.row = {
      id: randomUUID(),
      organizationId,
      action: operation.action,
      actorType: actor ? "user" : "system",
      actorId: actor?.userId ?? "anonymous",
      actorLabel: actor?.user.displayName ?? null,
      source: "api",
      targetType: target.type,
      targetId: target.id,
      requestId: ctx.requestId,
      operationId: operation.operationId,
    };
  }

  get eventId(): string {
    return this.row.id as string;
  }

  /** `prisma` as the handler sees it: the same client, whose transactions carry the event. */
  wrap(prisma: Db): Db {
    return new Proxy(prisma, {
      get: (target, property, receiver) => {
        if (property === "$transaction") return (arg: unknown, options?: object) => this.transaction(target, arg, options);
        const value = Reflect.get(target, property, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  }

  private async transaction(prisma: Db, arg: unknown, options?: object): Promise<unknown> {
    const carries = !this.claimed;
    this.claimed = true;
    try {
      let result: unknown;
      if (typeof arg === "function") {
        result = await prisma.$transaction(async (tx: Tx) => {
          const value = await (arg as (tx: Tx) => Promise<unknown>)(tx);
          if (carries) await tx.auditEvent.create({ data: this.row });
          return value;
        }, options);
      } else {
        const list = [...(arg as Parameters<Db["$transaction"]>[0] & unknown[])];
        if (carries) list.push(prisma.auditEvent.create({ data: this.row }));
        const values = (await prisma.$transaction(list as never, options as never)) as unknown[];
        result = carries ? values.slice(0, -1) : values;
      }
      if (carries) this.recorded = true;
      return result;
    } catch (error) {
      if (carries) this.claimed = false;
      throw error;
    }
  }

  /**
   * After the handler succeeded: the event, if no transaction carried it. A write that made an organization
   * and acted in none (createOrganization) is recorded in the organization it made, where its admin reads it.
   */
  async finish(prisma: Db, answer: unknown): Promise<void> {
    const made = (answer as { object?: unknown; id?: unknown } | undefined) ?? {};
    const organizationId = this.row.organizationId === "" && made.object === "organization" && typeof made.id === "string" ? made.id : undefined;
    if (this.recorded) {
      if (organizationId) await prisma.auditEvent.update({ where: { id: this.eventId }, data: { organizationId } });
      return;
    }
    await prisma.auditEvent.create({ data: { ...this.row, ...(organizationId ? { organizationId } : {}) } });
    this.recorded = true;
  }
}
