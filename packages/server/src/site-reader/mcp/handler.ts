// `<site's URL>/~mcp`: the site's MCP server over Streamable HTTP, stateless (a server and
// transport per request, as the SDK's stateless examples do). The reader is whoever the
// request's credentials say, checked by the site's own audience (PublishedSites.reading):
// a share-link site's key as `?shareKey=`, a visitor-auth site's JWT as `Authorization:
// Bearer` (or `?jwt_token=`), unsigned claims as `?visitor.<claim>=`.
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import type { PublishedSites } from "../published-sites";

/** The MCP SDK and the tools (zod with them) load with the first MCP request, not at start: large, and most instances serve none. */
const mcpModules = () => ({
  ...(require("@modelcontextprotocol/sdk/server/streamableHttp.js") as typeof import("@modelcontextprotocol/sdk/server/streamableHttp.js")),
  ...(require("./tools") as typeof import("./tools")),
});

/** The path, after a site's, of its MCP server. */
export const MCP_PATH = "/~mcp";
/** The largest JSON-RPC request read: tool calls here take a few short strings. */
const BODY_LIMIT = "64kb";

const jsonRpcError = (res: Response, status: number, message: string) =>
  res
    .status(status)
    .set("Cache-Control", "no-store")
    .json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null });

/** A request's URL as the sites' middleware split it. */
export interface SiteUrl {
  path: string;
  query: string;
}

/** Answers requests of a site's MCP_PATH; passes on the rest (the API's, or a path that is not a site's). */
export function siteMcpHandler(services: { sites: PublishedSites }): (req: Request, res: Response, next: NextFunction, url: SiteUrl) => void {
  const body = express.json({ limit: BODY_LIMIT });
  return (req, res, next, url) => {
    void answer(services, req, res, next, { path: url.path, query: new URLSearchParams(url.query) }, body);
  };
}

async function answer(
  services: { sites: PublishedSites },
  req: Request,
  res: Response,
  next: NextFunction,
  url: { path: string; query: URLSearchParams },
  body: RequestHandler,
) {
  try {
    const authorization = req.get("authorization");
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
    const reading = await services.sites.reading({ protocol: req.protocol, host: req.host, hostname: req.hostname, path: url.path, query: url.query, bearer });
    if (!reading || (reading.kind === "reader" && reading.rest !== MCP_PATH)) return next();
    if (reading.kind === "not-found") return jsonRpcError(res, 404, "Not found.");
    if (reading.kind === "sign-in") return jsonRpcError(res.set("WWW-Authenticate", 'Bearer realm="site"'), 401, "A valid visitor token is required.");
    // Stateless: no stream to open (GET) and no session to end (DELETE).
    if (req.method !== "POST") return jsonRpcError(res.set("Allow", "POST"), 405, "Method not allowed.");
    await new Promise<void>((resolve, reject) => body(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
    const { siteMcpServer, StreamableHTTPServerTransport } = mcpModules();
    const server = siteMcpServer(reading.view);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    res.set("Cache-Control", "no-store");
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  } catch (error) {
    next(error);
  }
}
