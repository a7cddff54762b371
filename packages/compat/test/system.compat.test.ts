// The API itself through GitBook's client.
import { gitbook } from "./gitbook";

it("getApiInformation answers the release and build date, with a token or without", async () => {
  const { data } = await gitbook().getApiInformation();
  expect(data).toEqual({ version: expect.any(String), build: expect.any(String) });
  expect(Number.isNaN(Date.parse(data.build))).toBe(false);
  expect((await gitbook("").getApiInformation()).data).toEqual(data);
});
