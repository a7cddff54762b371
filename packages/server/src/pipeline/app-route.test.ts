// Runs once: the app's static files, its routes and their HTTP headers; no query decides them.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { useHarness } from "../../test/support/harness";
import { insertPage, siteFixtures } from "../../test/support/site-fixtures";
import { preferredEncoding } from "./app-assets";

// A build of the app as packages/app makes it (its own tests load the real one in a browser).
const appDir = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-app-"));
fs.mkdirSync(path.join(appDir, "assets"));
fs.writeFileSync(path.join(appDir, "index.html"), '<!doctype html><script type="module" src="/app/assets/main-ABC123.js"></script>');
fs.writeFileSync(path.join(appDir, "assets/main-ABC123.js"), "console.log('app')");
// An asset the build compressed (its `.br` and `.gz` beside it: packages/app/scripts/build.mjs), and one it did not.
const chunk = `${"export const word = 'chunk';\n".repeat(200)}`;
fs.writeFileSync(path.join(appDir, "assets/chunk-PRE123.js"), chunk);
const chunkBr = zlib.brotliCompressSync(chunk, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
const chunkGz = zlib.gzipSync(chunk, { level: 9 });
fs.writeFileSync(path.join(appDir, "assets/chunk-PRE123.js.br"), chunkBr);
fs.writeFileSync(path.join(appDir, "assets/chunk-PRE123.js.gz"), chunkGz);
const style = `${".row { color: red; }\n".repeat(200)}`;
fs.writeFileSync(path.join(appDir, "assets/style-RAW123.css"), style);
const h = useHarness({ appDir });

describe("the app at /app/", () => {
  it("answers index.html for every screen's URL, never cached, under its own strict content-security policy", async () => {
    await h.api.get("/app").expect(301).expect("Location", "/app/");
    for (const url of ["/app/", "/app/spaces/abc/pages/def", "/app/orgs/o1/members", "/app/sign-in"]) {
      const res = await h.api.get(url).expect(200);
      expect(res.text).toContain("/app/assets/main-ABC123.js");
      expect(res.headers["cache-control"]).toBe("no-cache");
      const csp = res.headers["content-security-policy"] as string;
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-inline");
    }
  });

  it("answers every `urls.app` of a site and a page with the app (which opens their screen: packages/app's tests)", async () => {
    const { as, publishedSite, read } = siteFixtures(h);
    const site = await publishedSite([insertPage("Welcome", "Hello.")]);
    const siteApp = (await as(site.admin).get(site.siteApiUrl).expect(200)).body.urls.app as string;
    const pageApp = (await as(site.admin).get(`/v1/spaces/${site.spaceId}/content/pages`).expect(200)).body.pages[0].urls.app as string;
    for (const url of [siteApp, pageApp]) {
      expect(new URL(url).pathname).toMatch(/^\/app\//);
      expect((await read(url).expect(200)).text).toContain("/app/assets/main-ABC123.js");
    }
  });

  it("serves hashed assets as immutable, and a missing one as a 404 (not the page)", async () => {
    const asset = await h.api.get("/app/assets/main-ABC123.js").expect(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-type"]).toMatch(/javascript/);
    await h.api.get("/app/assets/main-OLD.js").expect(404);
  });
});

/** A GET (or HEAD) on the wire: the bytes as sent, no client decoding them. */
function onTheWire(base: string, url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
    http
      .request(`${base}${url}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (part: Buffer) => chunks.push(part));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

describe("the app's assets, compressed once", () => {
  let base: string;
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer(h.createApp());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("sends the build's brotli or gzip file for the encoding asked, with the plain file's headers", async () => {
    const url = "/app/assets/chunk-PRE123.js";
    const plain = await onTheWire(base, url);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.bytes.toString("utf8")).toBe(chunk);
    const brotli = await onTheWire(base, url, { "Accept-Encoding": "gzip, deflate, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.bytes.equals(chunkBr)).toBe(true);
    expect(zlib.brotliDecompressSync(brotli.bytes).toString("utf8")).toBe(chunk);
    const gzipped = await onTheWire(base, url, { "Accept-Encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.bytes.equals(chunkGz)).toBe(true);
    expect(zlib.gunzipSync(gzipped.bytes).toString("utf8")).toBe(chunk);
    for (const answer of [plain, brotli, gzipped]) {
      expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(Number(answer.headers["content-length"])).toBe(answer.bytes.length);
      expect(answer.headers["content-security-policy"]).toBe(plain.headers["content-security-policy"]);
      expect(answer.headers["content-security-policy"]).toContain("script-src 'self'");
      expect(answer.headers["last-modified"]).toBe(plain.headers["last-modified"]);
    }
    // One tag per encoding: a cache holding one never takes another's 304 for it.
    expect(new Set([plain, brotli, gzipped].map((answer) => answer.headers.etag)).size).toBe(3);
  });

  it("prefers brotli unless the client weighs gzip higher", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0.1, gzip")).toBe("gzip");
    expect(preferredEncoding("gzip, br;q=0")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });

  it("compresses an asset the build left plain once, and answers the same bytes after", async () => {
    const url = "/app/assets/style-RAW123.css";
    const first = await onTheWire(base, url, { "Accept-Encoding": "br" });
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(zlib.brotliDecompressSync(first.bytes).toString("utf8")).toBe(style);
    expect((await onTheWire(base, url, { "Accept-Encoding": "br" })).bytes.equals(first.bytes)).toBe(true);
  });

  it("answers 304 to its own tag, HEAD without a body, and no precompressed file by its own name", async () => {
    const url = "/app/assets/chunk-PRE123.js";
    const brotli = await onTheWire(base, url, { "Accept-Encoding": "br" });
    const held = await onTheWire(base, url, { "Accept-Encoding": "br", "If-None-Match": brotli.headers.etag as string });
    expect(held.status).toBe(304);
    expect(held.bytes.length).toBe(0);
    const head = await onTheWire(base, url, { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.bytes.length).toBe(0);
    for (const name of ["chunk-PRE123.js.br", "chunk-PRE123.js.gz", "..%2Findex.html"]) {
      const other = await onTheWire(base, `/app/assets/${name}`);
      expect(other.status).toBe(404);
      expect(other.headers["cache-control"]).toBe("no-store");
    }
  });
});

describe("the app before it is built", () => {
  const unbuilt = useHarness({ appDir: path.join(appDir, "nothing-here") });
  it("says how to build it", async () => {
    const res = await unbuilt.api.get("/app/").expect(503);
    expect(res.text).toMatch(/npm run build/);
  });
});
