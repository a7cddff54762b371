// The `urls` of resources: where they are in the API, and in the Docstack app.

/** Where URLs start: e.g. http://localhost:3000 (the request context has it). */
export interface BaseUrl {
  baseUrl: string;
}

export const apiUrl = (ctx: BaseUrl, path: string) => `${ctx.baseUrl}/v1${path}`;
export const appUrl = (ctx: BaseUrl, path: string) => `${ctx.baseUrl}/app${path}`;
