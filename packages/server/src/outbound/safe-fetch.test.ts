// safeFetch against real listeners on loopback: every spelling of a loopback address is refused before a
// connection is made (the listener counts them), while the same URLs do reach it when private addresses are
// allowed; a redirect from an allowed host to an internal one is refused the same way.
import { type LocalServer, localServer, loopbackSpellings } from "../../test/support/local-server";
import { internalAddress } from "./address-rule";
import { AddressRefused, type Resolver, safeFetch } from "./safe-fetch";

let inside: LocalServer;
beforeAll(async () => {
  inside = await localServer((_req, res) => res.end("internal"));
});
afterAll(() => inside.close());

describe("safeFetch", () => {
  it("reaches loopback in every spelling when private addresses are allowed (what the refusals stop)", async () => {
    for (const url of loopbackSpellings(inside.port)) {
      const response = await safeFetch(url, { allowPrivate: true });
      expect([url, await response.text()]).toEqual([url, "internal"]);
    }
  });

  it("refuses every spelling of loopback before connecting, naming the rule", async () => {
    const before = inside.connections();
    for (const url of loopbackSpellings(inside.port)) {
      const failed = await safeFetch(url, { allowPrivate: false }).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(AddressRefused);
      expect([url, (failed as AddressRefused).message]).toEqual([url, expect.stringMatching(/^refused: .*a loopback address/)]);
    }
    expect(inside.connections() - before).toBe(0);
  });

  it("names the address a host name resolves to, and a mapped answer's IPv4 address", async () => {
    // A public-looking name whose DNS answer is loopback in its IPv4-mapped form.
    const resolver: Resolver = (_hostname, _options, callback) => callback(null, [{ address: "::ffff:127.0.0.1", family: 6 }]);
    const before = inside.connections();
    const failed = await safeFetch(`http://docs.example.test:${inside.port}/`, { allowPrivate: false, resolver }).catch((error: unknown) => error);
    expect((failed as Error).message).toBe(
      "refused: docs.example.test resolves to ::ffff:127.0.0.1 (IPv4-mapped 127.0.0.1), a loopback address (the server fetches no internal address)",
    );
    const literal = await safeFetch(`http://[::ffff:7f00:1]:${inside.port}/`, { allowPrivate: false }).catch((error: unknown) => error);
    expect((literal as Error).message).toBe("refused: ::ffff:7f00:1 is IPv4-mapped 127.0.0.1, a loopback address (the server fetches no internal address)");
    expect(inside.connections() - before).toBe(0);
  });

  it("refuses a redirect from an allowed host to an internal one, followed by fetch or by hand", async () => {
    // The first hop, 127.0.0.1 exactly, stands for a public host: the rule lets it through and judges the rest as usual.
    const rule = (address: string) => (address === "127.0.0.1" ? undefined : internalAddress(address));
    const resolver: Resolver = (hostname, _options, callback) =>
      hostname === "metadata.example.test"
        ? callback(null, [{ address: "::ffff:127.0.0.1", family: 6 }])
        : callback(Object.assign(new Error("no such name"), { code: "ENOTFOUND" }), []);
    const targets = [
      `http://[::ffff:7f00:1]:${inside.port}/`,
      `http://[0:0:0:0:0:ffff:127.0.0.1]:${inside.port}/`,
      `http://metadata.example.test:${inside.port}/`,
    ];
    const outside = await localServer((req, res) => {
      const target = targets[Number(req.url?.slice(1))];
      if (target) res.writeHead(302, { Location: target }).end();
      else res.end("public");
    });
    try {
      const before = inside.connections();
      const reached = await safeFetch(`http://127.0.0.1:${outside.port}/public`, { allowPrivate: false, rule, resolver });
      expect(await reached.text()).toBe("public");
      for (const [index, target] of targets.entries()) {
        const followed = await safeFetch(`http://127.0.0.1:${outside.port}/${index}`, { allowPrivate: false, rule, resolver }).catch((error: unknown) => error);
        expect([target, followed]).toEqual([target, expect.any(AddressRefused)]);
        expect((followed as Error).message).toMatch(/IPv4-mapped 127\.0\.0\.1\), a loopback address|is IPv4-mapped 127\.0\.0\.1, a loopback address/);
        const manual = await safeFetch(`http://127.0.0.1:${outside.port}/${index}`, { allowPrivate: false, rule, resolver, redirect: "manual" });
        expect(manual.status).toBe(302);
        await expect(safeFetch(manual.headers.get("location")!, { allowPrivate: false, rule, resolver })).rejects.toBeInstanceOf(AddressRefused);
      }
      expect(inside.connections() - before).toBe(0);
      expect(outside.connections()).toBeGreaterThan(0);
    } finally {
      await outside.close();
    }
  });

  it("fetches only http and https URLs", async () => {
    await expect(safeFetch("data:text/plain,hello", { allowPrivate: true })).rejects.toThrow(/only http and https/);
    await expect(safeFetch("file:///etc/passwd", { allowPrivate: true })).rejects.toThrow(/only http and https/);
  });
});
