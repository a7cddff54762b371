// The `urls` of resources: where they are in the API, and in the Docstack app.
import type { RequestContext } from "./context";

export const apiUrl = (ctx: Pick<RequestContext, "baseUrl">, path: string) => `${ctx.baseUrl}/v1${path}`;
export const appUrl = (ctx: Pick<RequestContext, "baseUrl">, path: string) => `${ctx.baseUrl}/app${path}`;
