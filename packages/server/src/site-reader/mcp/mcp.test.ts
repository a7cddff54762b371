// A published site's MCP server (`<site>/~mcp`), driven by the official MCP client over
// Streamable HTTP against the app listening on 127.0.0.1: its tools, and that it shows
// exactly what the site shows the same reader (adaptive pages, share keys, visitor tokens).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createHarness, type Harness } from "../../../test/support/harness";
import { insertPage, siteFixtures, visitorToken } from "../../../test/support/site-fixtures";

let h: Harness;
let server: http.Server;
let fixtures: ReturnType<typeof siteFixtures>;

beforeAll(async () => {
  // The port first, so that the sites' published URLs name the server the client reaches.
  const probe = http.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => probe.once("listening", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  h = await createHarness({ publicUrl: `http://127.0.0.1:${port}` });
  server = http.createServer(h.createApp()).listen(port, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  fixtures = siteFixtures(h);
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
});

const pages = () => [
  insertPage("Welcome", "Start here."),
  insertPage("Reference", "## Options\n\nThe flamingo option sets the colour."),
  insertPage("Enterprise", "The cormorant plan.", { condition: 'visitor.claims.plan == "enterprise"' }),
];

/** A client connected to the site's MCP server (the URL's query and a bearer token as given). */
async function connect(siteUrl: string, options: { query?: string; bearer?: string } = {}): Promise<Client> {
  const url = new URL(`${siteUrl}/~mcp${options.query ? `?${options.query}` : ""}`);
  const transport = new StreamableHTTPClientTransport(url, options.bearer ? { requestInit: { headers: { Authorization: `Bearer ${options.bearer}` } } } : {});
  const client = new Client({ name: "docstack-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/** The HTTP status the connection was refused with. */
async function refusal(siteUrl: string, options: { query?: string; bearer?: string } = {}): Promise<number | undefined> {
  try {
    const client = await connect(siteUrl, options);
    await client.close();
    return undefined;
  } catch (error) {
    return (error as { code?: number }).code;
  }
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ text: string; isError: boolean }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((part) => (part.type === "text" ? part.text : "")).join("");
  return { text, isError: Boolean(result.isError) };
}

const token = (privateKey: string, claims: Record<string, unknown> = {}) => visitorToken(privateKey, claims, { now: h.clock.now() });

describe("a public site's MCP server", () => {
  it("lists its tools, finds pages, gives their Markdown and the site's structure; pages an adaptive condition hides appear only to readers it admits", async () => {
    const site = await fixtures.publishedSite(pages());
    const { privateKey } = await fixtures.enableAdaptiveContent(site, { unsigned: [], signed: ["plan"] });
    const client = await connect(site.published);

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(["get_page", "list_pages", "search"]);
    for (const tool of tools) expect(tool.description?.length).toBeGreaterThan(60);

    const found = await call(client, "search", { query: "flamingo" });
    expect(found.text).toContain("## Reference");
    expect(found.text).toContain("path: /reference");
    expect(found.text).toContain(`url: ${site.published}/reference`);
    expect(found.text).toContain("**flamingo**");

    const page = await call(client, "get_page", { path: "/reference" });
    expect(page.isError).toBe(false);
    // What the site's `<page>.md` gives, byte for byte.
    expect(page.text).toBe((await fixtures.read(`${site.published}/reference.md`).expect(200)).text);
    expect(page.text).toMatch(/^# Reference\n/);
    expect((await call(client, "get_page", { path: `${site.published}/reference` })).text).toBe(page.text);
    expect((await call(client, "get_page", { path: "reference.md" })).text).toBe(page.text);
    expect((await call(client, "get_page", { path: "https://elsewhere.example/reference" })).isError).toBe(true);
    expect((await call(client, "get_page", { path: "/~files/x/y" })).isError).toBe(true);

    const outline = await call(client, "list_pages");
    expect(outline.text).toContain("- Welcome (/welcome)");
    expect(outline.text).toContain("- Reference (/reference)");

    // The enterprise page: in no tool's answer without a token whose claims satisfy its condition.
    expect(outline.text).not.toContain("Enterprise");
    expect((await call(client, "search", { query: "cormorant" })).text).toBe("No page matches these words.");
    expect((await call(client, "get_page", { path: "/enterprise" })).isError).toBe(true);
    await client.close();
    for (const claims of [{}, { plan: "pro" }]) {
      const other = await connect(site.published, { bearer: await token(privateKey, claims) });
      expect((await call(other, "list_pages")).text).not.toContain("Enterprise");
      expect((await call(other, "search", { query: "cormorant" })).text).not.toContain("Enterprise");
      await other.close();
    }

    const enterprise = await connect(site.published, { bearer: await token(privateKey, { plan: "enterprise" }) });
    expect((await call(enterprise, "list_pages")).text).toContain("- Enterprise (/enterprise)");
    expect((await call(enterprise, "search", { query: "cormorant" })).text).toContain("## Enterprise");
    expect((await call(enterprise, "get_page", { path: "/enterprise" })).text).toContain("The cormorant plan.");
    await enterprise.close();
  });

  it("answers 405 to GET and DELETE, 413 to a body past its limit, and leaves other paths to the site", async () => {
    const site = await fixtures.publishedSite([insertPage("Welcome", "Start here.")]);
    const url = `${site.published}/~mcp`;
    for (const method of ["GET", "DELETE"]) {
      const answer = await fetch(url, { method, headers: { Accept: "text/event-stream" } });
      expect(answer.status).toBe(405);
      expect(answer.headers.get("allow")).toBe("POST");
    }
    const huge = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { padding: "x".repeat(100_000) } }),
    });
    expect(huge.status).toBe(413);
    // A POST to a page of the site is no MCP request: the site answers GET only.
    expect((await fetch(`${site.published}/welcome`, { method: "POST" })).status).toBe(404);
    // No site at this URL: the 404 of an unknown site.
    expect(await refusal(`http://127.0.0.1:${(server.address() as AddressInfo).port}/sites/nobody/nothing`)).toBe(404);
  });
});

describe("a share-link site's MCP server", () => {
  it("is a 404 without an active link's key, and answers with it", async () => {
    const site = await fixtures.publishedSite(pages(), { site: { visibility: "share-link" } });
    const link = await fixtures.shareLink(site);
    const published = link.url.slice(0, link.url.indexOf("?"));
    expect(await refusal(published)).toBe(404);
    expect(await refusal(published, { query: "shareKey=sk_0000" })).toBe(404);
    const client = await connect(published, { query: `shareKey=${link.key}` });
    expect((await call(client, "search", { query: "flamingo" })).text).toContain("## Reference");
    await client.close();
    await fixtures.as(site.admin).patch(`${site.siteApiUrl}/share-links/${link.id}`, { active: false }).expect(200);
    expect(await refusal(published, { query: `shareKey=${link.key}` })).toBe(404);
  });
});

describe("a visitor-auth site's MCP server", () => {
  it("is a 401 without a valid visitor token (none, a bad signature, expired), and answers with one as a bearer token", async () => {
    const site = await fixtures.publishedSite(pages(), { site: { visibility: "visitor-auth" } });
    const { privateKey } = (await fixtures.as(site.admin).patch(`${site.siteApiUrl}/publishing/auth`, { backend: "custom" }).expect(200)).body as {
      privateKey: string;
    };
    expect(await refusal(site.published)).toBe(401);
    expect(await refusal(site.published, { bearer: await token("another key of at least thirty-two bytes") })).toBe(401);
    const expired = await visitorToken(privateKey, {}, { now: h.clock.now(), expiresAt: Math.floor(h.clock.now().getTime() / 1000) - 600 });
    expect(await refusal(site.published, { bearer: expired })).toBe(401);
    const unauthorized = await fetch(`${site.published}/~mcp`, { method: "POST" });
    expect(unauthorized.headers.get("www-authenticate")).toMatch(/^Bearer /);

    const client = await connect(site.published, { bearer: await token(privateKey) });
    expect((await call(client, "get_page", { path: "/welcome" })).text).toContain("Start here.");
    expect((await call(client, "list_pages")).text).toContain("- Reference (/reference)");
    await client.close();
  });
});
