// Who a Git operation acts as: the user who asked for it (the import's change request is theirs, the export's commit
// is authored by them), as the content commands take it.
import type { ContentCommandDeps } from "../commands/change-request-content";
import type { SpaceGitSync } from "../generated/prisma/client";
import { type GitSyncDeps, GitSyncFailure } from "./types";

export interface GitActor {
  ctx: ContentCommandDeps;
  name: string;
  email: string;
}

export async function actorOf(deps: GitSyncDeps, sync: Pick<SpaceGitSync, "actorId">): Promise<GitActor> {
  const user = await deps.prisma.user.findUnique({ where: { id: sync.actorId }, select: { id: true, displayName: true, email: true } });
  if (!user) throw new GitSyncFailure("the user who asked for the operation no longer exists");
  const ctx: ContentCommandDeps = {
    ...deps,
    baseUrl: deps.config.publicUrl ?? "http://localhost",
    actor: { userId: user.id, user: { displayName: user.displayName } },
  };
  return { ctx, name: user.displayName || user.email, email: user.email };
}
