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
});
