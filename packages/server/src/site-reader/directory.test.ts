import { mayNameSite } from "./directory";

describe("mayNameSite", () => {
  it("lets through any host for a /sites/ path", () => {
    expect(mayNameSite("/sites/acme/docs/page", ["127.0.0.1:3000"])).toBe(true);
  });

  it("answers no for addresses and single-label hosts, whose requests are the API's", () => {
    for (const host of ["127.0.0.1:3000", "127.0.0.1", "localhost:3000", "localhost", "[::1]:3000", "[::1]", "docstack"]) {
      expect({ host, may: mayNameSite("/v1/spaces/abc", [host, undefined]) }).toEqual({ host, may: false });
    }
    expect(mayNameSite("/v1/user", [undefined, undefined])).toBe(false);
  });

  it("answers yes for a named host, in Host or in a proxy's X-Forwarded-Host", () => {
    expect(mayNameSite("/v1/spaces/abc", ["docs.example.com"])).toBe(true);
    expect(mayNameSite("/", ["acme.localhost:3000"])).toBe(true);
    expect(mayNameSite("/guide", ["127.0.0.1:3000", "proxy.example"])).toBe(true);
    expect(mayNameSite("/guide", ["localhost", "a.example, b.example"])).toBe(true);
  });
});
