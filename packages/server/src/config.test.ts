// Configuration is read from the environment it is given, not from whatever the process has.
import { loadConfig } from "./config";

describe("loadConfig", () => {
  it("reads every setting, integers included, from the environment it is given", () => {
    const config = loadConfig({
      PORT: "4123",
      DOCSTACK_BODY_LIMIT: "2048",
      DOCSTACK_RATE_LIMIT: "7",
      DOCSTACK_RATE_LIMIT_WINDOW_MS: "1500",
      DOCSTACK_PUBLIC_URL: "https://docs.example.test/",
    });
    expect(config).toMatchObject({ port: 4123, bodyLimitBytes: 2048, rateLimit: { max: 7, windowMs: 1500 }, publicUrl: "https://docs.example.test" });
  });

  it("falls back to the defaults for what the given environment leaves out, whatever process.env holds", () => {
    const saved = process.env.PORT;
    process.env.PORT = "9999";
    try {
      expect(loadConfig({}).port).toBe(3000);
    } finally {
      if (saved === undefined) delete process.env.PORT;
      else process.env.PORT = saved;
    }
  });

  it("serves in production mode unless asked: responses are validated only with DOCSTACK_VALIDATE_RESPONSES=true", () => {
    expect(loadConfig({}).validateResponses).toBe(false);
    expect(loadConfig({ NODE_ENV: "development" }).validateResponses).toBe(false);
    expect(loadConfig({ DOCSTACK_VALIDATE_RESPONSES: "true" }).validateResponses).toBe(true);
    expect(loadConfig({}).logLevel).toBe("info");
  });

  it("refuses an integer setting that is not a non-negative integer, naming it", () => {
    expect(() => loadConfig({ DOCSTACK_RATE_LIMIT: "-1" })).toThrow(/DOCSTACK_RATE_LIMIT must be a non-negative integer, got "-1"/);
    expect(() => loadConfig({ PORT: "80.5" })).toThrow(/PORT/);
  });

  it("reads the signing secrets newest first, and refuses a short one", () => {
    expect(loadConfig({ DOCSTACK_SECRETS: ` ${"n".repeat(32)} , ${"o".repeat(40)}` }).secrets).toEqual(["n".repeat(32), "o".repeat(40)]);
    expect(loadConfig({}).secrets).toEqual([]);
    expect(() => loadConfig({ DOCSTACK_SECRETS: "short" })).toThrow(/DOCSTACK_SECRETS: each secret must be at least 32 characters/);
  });

  it("bounds how long a request may take to arrive: 60 s, its headers 20 s, both settable, headers within the whole", () => {
    expect(loadConfig({})).toMatchObject({ requestTimeoutMs: 60_000, headersTimeoutMs: 20_000 });
    expect(loadConfig({ DOCSTACK_REQUEST_TIMEOUT_MS: "5000", DOCSTACK_HEADERS_TIMEOUT_MS: "2000" })).toMatchObject({
      requestTimeoutMs: 5000,
      headersTimeoutMs: 2000,
    });
    expect(loadConfig({ DOCSTACK_REQUEST_TIMEOUT_MS: "5000" })).toMatchObject({ requestTimeoutMs: 5000, headersTimeoutMs: 5000 });
    expect(() => loadConfig({ DOCSTACK_REQUEST_TIMEOUT_MS: "5000", DOCSTACK_HEADERS_TIMEOUT_MS: "9000" })).toThrow(
      /DOCSTACK_HEADERS_TIMEOUT_MS \(9000\) must be at most/,
    );
  });
});
