// GitBook's `GET /v1/`: which release answers, without a token.
import { readFileSync } from "node:fs";
import path from "node:path";
import { useHarness } from "../../../test/support/harness";

const h = useHarness();

it("answers the server's release and build date to anyone, without a token", async () => {
  const { version } = JSON.parse(readFileSync(path.resolve(__dirname, "../../../package.json"), "utf8")) as { version: string };
  const res = await h.api.get("/v1/").expect(200);
  expect(res.body).toEqual({ version, build: expect.any(String) });
  expect(new Date(res.body.build).toISOString()).toBe(res.body.build);
  // The same with a token.
  const { admin } = await h.organization();
  expect((await h.api.get("/v1/").set("Authorization", admin.auth).expect(200)).body).toEqual(res.body);
});
