// Runs once: encodings of answers (HTTP headers and bytes); no query decides them.
// The API's JSON and the app's files are compressed when the client accepts it and they are large enough,
// sent as they are otherwise; ETags and 304 work as without; an event stream is never compressed.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { contentHelpers, insertPage } from "../../test/support/content";
import { type TestUser, useHarness } from "../../test/support/harness";
import { COMPRESS_FROM_BYTES, compressAnswers } from "./compression";

const appDir = fs.mkdtempSync(path.join(os.tmpdir(), "docstack-app-"));
fs.mkdirSync(path.join(appDir, "assets"));
fs.writeFileSync(path.join(appDir, "index.html"), "<!doctype html><title>Docstack</title>");
const script = `${"console.log('the app');\n".repeat(400)}`;
fs.writeFileSync(path.join(appDir, "assets/main-ABC123.js"), script);

// As in production: a prepared answer (the page tree) is sent as its bytes, compressed once (tests otherwise
// parse it back to validate it, and the middleware compresses it).
const h = useHarness({ appDir, validateResponses: false });
const c = contentHelpers(h);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

/** A GET on the wire: the bytes as sent (no client decoding them), with exactly these headers. */
function get(base: string, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

async function listening(app: http.RequestListener): Promise<{ base: string; server: http.Server }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe("compressed answers", () => {
  let base: string;
  let server: http.Server;
  let admin: TestUser;
  let spaceId: string;
  let longPageId: string;

  beforeAll(async () => {
    ({ base, server } = await listening(h.createApp()));
    const org = await h.organization();
    admin = org.admin;
    // Not ASCII: an answer's length counts its bytes, not its characters.
    spaceId = (await c.createSpace(admin, org.id, "Docs — café, 文档 ☕")).id;
    const pages = await c.publish(admin, spaceId, [
      insertPage("Long", "A paragraph long enough to be worth compressing. ".repeat(60)),
      ...Array.from({ length: 40 }, (_, i) => insertPage(`Page ${i + 1}`, "Text.")),
    ]);
    longPageId = pages.find((page) => page.title === "Long")!.id;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("sends a large list gzipped or brotli-compressed when asked, as it is when not, with one ETag and its 304", async () => {
    // A prepared answer: its bytes compressed once per encoding, the same bytes to every client asking for it.
    const tree = `/v1/spaces/${spaceId}/content/pages`;
    const auth = { Authorization: admin.auth };
    const plain = await get(base, tree, auth);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(plain.bytes.length);
    expect(plain.bytes.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(JSON.parse(plain.bytes.toString("utf8")).pages).toHaveLength(41);

    const gzipped = await get(base, tree, { ...auth, "Accept-Encoding": "gzip" });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gzipped.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(zlib.gunzipSync(gzipped.bytes).equals(plain.bytes)).toBe(true);

    expect((await get(base, tree, { ...auth, "Accept-Encoding": "gzip, deflate" })).bytes.equals(gzipped.bytes)).toBe(true);

    const brotli = await get(base, tree, { ...auth, "Accept-Encoding": "br;q=1, gzip;q=0.5" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(brotli.bytes).equals(plain.bytes)).toBe(true);

    // The same bytes, the same tag: a client holding either encoding gets 304, with nothing to decode.
    const etag = plain.headers.etag as string;
    expect(gzipped.headers.etag).toBe(etag);
    const held = await get(base, tree, { ...auth, "Accept-Encoding": "gzip", "If-None-Match": etag });
    expect(held.status).toBe(304);
    expect(held.headers["content-encoding"]).toBeUndefined();
    expect(held.bytes.length).toBe(0);
  });

  it("compresses a large answer of the API where it is sent, and sends a small one or an error as it is", async () => {
    const auth = { Authorization: admin.auth };
    const page = `/v1/spaces/${spaceId}/content/page/${longPageId}`;
    const plain = await get(base, page, auth);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.bytes.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(JSON.parse(plain.bytes.toString("utf8")).id).toBe(longPageId);
    const gzipped = await get(base, page, { ...auth, "Accept-Encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers["content-type"]).toBe(plain.headers["content-type"]);
    expect(zlib.gunzipSync(gzipped.bytes).equals(plain.bytes)).toBe(true);

    // Small: as it is, marked as the middleware marks every JSON answer (a cache keeps the encodings apart).
    const space = await get(base, `/v1/spaces/${spaceId}`, { ...auth, "Accept-Encoding": "gzip, br" });
    expect(space.status).toBe(200);
    expect(space.headers["content-encoding"]).toBeUndefined();
    expect(space.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(space.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(space.headers["content-length"])).toBe(space.bytes.length);
    expect(JSON.parse(space.bytes.toString("utf8"))).toMatchObject({ id: spaceId, title: "Docs — café, 文档 ☕" });
    const missing = await get(base, `/v1/spaces/${spaceId}/content/page/nopage`, { ...auth, "Accept-Encoding": "gzip" });
    expect(missing.status).toBe(404);
    expect(missing.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(missing.bytes.toString("utf8")).error.code).toBe(404);
  });

  it("compresses any large JSON answer (the contract) in the middleware", async () => {
    const plain = await get(base, "/openapi.json");
    const compressed = await get(base, "/openapi.json", { "Accept-Encoding": "gzip" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    expect(compressed.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(zlib.gunzipSync(compressed.bytes).equals(plain.bytes)).toBe(true);
  });

  it("leaves a small answer as it is, even when asked", async () => {
    const small = await get(base, "/healthz", { "Accept-Encoding": "gzip, br" });
    expect(small.status).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.bytes.toString("utf8"))).toEqual({ status: "ok" });
  });

  it("compresses the app's files, still cached as immutable", async () => {
    const asset = await get(base, "/app/assets/main-ABC123.js", { "Accept-Encoding": "gzip" });
    expect(asset.status).toBe(200);
    expect(asset.headers["content-encoding"]).toBe("gzip");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.gunzipSync(asset.bytes).toString("utf8")).toBe(script);
    expect((await get(base, "/app/assets/main-ABC123.js")).headers["content-encoding"]).toBeUndefined();
  });
});

describe("an event stream", () => {
  it("is never compressed: its first event arrives while the stream is still open", async () => {
    const app = express();
    app.use(compressAnswers());
    let finish = () => {};
    app.get("/events", (_req, res) => {
      res.status(200).set({ "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
      res.write(`data: ${"first ".repeat(COMPRESS_FROM_BYTES)}\n\n`);
      finish = () => res.end("data: last\n\n");
    });
    const { base, server } = await listening(app);
    try {
      const received = await new Promise<{ headers: http.IncomingHttpHeaders; first: string; ended: Promise<string> }>((resolve, reject) => {
        http
          .get(`${base}/events`, { headers: { "Accept-Encoding": "gzip, br" } }, (res) => {
            let text = "";
            const ended = new Promise<string>((done) => res.on("end", () => done(text)));
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => {
              text += chunk;
              // The whole first event, readable as it came, before the server ended the answer.
              if (text.endsWith("\n\n") && !text.includes("last")) resolve({ headers: res.headers, first: text, ended });
            });
          })
          .on("error", reject);
      });
      expect(received.headers["content-encoding"]).toBeUndefined();
      expect(received.first.startsWith("data: first ")).toBe(true);
      finish();
      expect(await received.ended).toMatch(/data: last\n\n$/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
