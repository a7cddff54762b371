// The Git HTTP client on safeFetch: redirects followed and checked, credentials kept to their origin, the byte budget.
import { localServer } from "../../test/support/local-server";
import { ByteBudget, checkedGitHttp, GitTooLarge } from "./http";

const read = async (body: AsyncIterable<Uint8Array> | undefined) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body ?? []) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
};

describe("checkedGitHttp", () => {
  it("follows a redirect to another origin without the credentials, and to the same origin with them", async () => {
    const seen: (string | undefined)[] = [];
    const other = await localServer((req, res) => {
      seen.push(req.headers.authorization);
      res.end("elsewhere");
    });
    const first = await localServer((req, res) => {
      seen.push(req.headers.authorization);
      if (req.url === "/same") return res.writeHead(302, { Location: "/moved" }).end();
      if (req.url === "/moved") return res.end("here");
      res.writeHead(301, { Location: `${other.base}/repo.git/info/refs` }).end();
    });
    try {
      const http = checkedGitHttp({ allowPrivate: true, signal: new AbortController().signal, budget: new ByteBudget(1000) });
      const headers = { Authorization: "Basic c2VjcmV0" };
      const away = await http.request({ url: `${first.base}/repo.git/info/refs`, headers });
      expect([away.statusCode, away.url, await read(away.body)]).toEqual([200, `${other.base}/repo.git/info/refs`, "elsewhere"]);
      expect(seen).toEqual(["Basic c2VjcmV0", undefined]);
      seen.length = 0;
      const same = await http.request({ url: `${first.base}/same`, headers });
      expect(await read(same.body)).toBe("here");
      expect(seen).toEqual(["Basic c2VjcmV0", "Basic c2VjcmV0"]);
    } finally {
      await first.close();
      await other.close();
    }
  });

  it("refuses a loopback address when private addresses are not allowed", async () => {
    const target = await localServer((_req, res) => res.end("internal"));
    try {
      const http = checkedGitHttp({ allowPrivate: false, signal: new AbortController().signal, budget: new ByteBudget(1000) });
      await expect(http.request({ url: `${target.base}/repo.git/info/refs` })).rejects.toThrow("refused: 127.0.0.1");
    } finally {
      await target.close();
    }
  });

  it("stops a body past the budget", async () => {
    const big = await localServer((_req, res) => res.end("x".repeat(5000)));
    try {
      const budget = new ByteBudget(1000);
      const http = checkedGitHttp({ allowPrivate: true, signal: new AbortController().signal, budget });
      const response = await http.request({ url: `${big.base}/repo.git/info/refs` });
      await expect(read(response.body)).rejects.toThrow(GitTooLarge);
      expect(budget.exceeded).toBe(true);
    } finally {
      await big.close();
    }
  });
});
