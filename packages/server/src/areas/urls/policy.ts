// Who may resolve a published URL: any authenticated caller. What it returns is what a
// reader without credentials may read at that URL, so it reveals nothing more.
import type { RequestContext } from "../../http/context";

export const anyCaller = async ({ ctx }: { ctx: RequestContext }): Promise<{ caller: string }> => ({ caller: ctx.actor.userId });
