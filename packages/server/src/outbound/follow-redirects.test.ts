// Redirects followed by hand: the method after a 303, the cap, and schemes other than http(s).
import { localServer } from "../../test/support/local-server";
import { fetchFollowingRedirects, RedirectRefused } from "./follow-redirects";

describe("fetchFollowingRedirects", () => {
  it("continues a POST answered 303 as a GET without its body, and a POST answered 307 as the same POST", async () => {
    const seen: string[] = [];
    const server = await localServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        seen.push(`${req.method} ${req.url} ${body}`);
        if (req.url === "/see-other") return res.writeHead(303, { Location: "/done" }).end();
        if (req.url === "/temporary") return res.writeHead(307, { Location: "/done" }).end();
        res.end("done");
      });
    });
    try {
      const post = { allowPrivate: true, method: "POST", body: Buffer.from("payload") };
      const seeOther = await fetchFollowingRedirects(`${server.base}/see-other`, post);
      expect([seeOther.method, seeOther.url.pathname, await seeOther.response.text()]).toEqual(["GET", "/done", "done"]);
      const temporary = await fetchFollowingRedirects(`${server.base}/temporary`, post);
      expect([temporary.method, await temporary.response.text()]).toEqual(["POST", "done"]);
      expect(seen).toEqual(["POST /see-other payload", "GET /done ", "POST /temporary payload", "POST /done payload"]);
    } finally {
      await server.close();
    }
  });

  it("stops past the cap of redirects, and at a redirect to another scheme", async () => {
    let asked = 0;
    const server = await localServer((req, res) => {
      asked++;
      if (req.url === "/ftp") return res.writeHead(302, { Location: "ftp://example.com/file" }).end();
      res.writeHead(302, { Location: `/loop${asked}` }).end();
    });
    try {
      const loop = fetchFollowingRedirects(`${server.base}/loop`, { allowPrivate: true, maxRedirects: 3 });
      await expect(loop).rejects.toEqual(expect.objectContaining({ kind: "too-many" }));
      expect(asked).toBe(4);
      await expect(fetchFollowingRedirects(`${server.base}/ftp`, { allowPrivate: true })).rejects.toEqual(
        new RedirectRefused("scheme", "ftp: URLs are not fetched"),
      );
    } finally {
      await server.close();
    }
  });
});
