// A browser signed in to the app: the SDK sends the session's CSRF token with writes, read from its cookie.
import { createClient, csrfFromCookie } from "../src/index";

function recording() {
  const sent: { method: string; csrf: string | null }[] = [];
  const fetch = async (request: Request) => {
    sent.push({ method: request.method, csrf: request.headers.get("X-CSRF-Token") });
    return new Response(JSON.stringify({ items: [], count: 0 }), { status: 200, headers: { "Content-Type": "application/json" } });
  };
  return { sent, fetch };
}

describe("the CSRF token of an app session", () => {
  it("is read from the CSRF cookie, plain or __Host- (behind HTTPS)", () => {
    expect(csrfFromCookie("a=1; docstack_csrf=abc%3D; b=2")).toBe("abc=");
    expect(csrfFromCookie("__Host-docstack_csrf=xyz")).toBe("xyz");
    expect(csrfFromCookie("docstack_session=secret")).toBeUndefined();
    expect(csrfFromCookie("")).toBeUndefined();
  });

  it("is sent with writes only, and not at all without a token to send", async () => {
    const { sent, fetch } = recording();
    const client = createClient({ baseUrl: "http://docs.test", fetch, retry: false, csrfToken: () => "t0k3n" });
    await client.GET("/v1/user/tokens");
    await client.POST("/v1/user/tokens", { body: { label: "x" } });
    await client.DELETE("/v1/user/tokens/{tokenId}", { params: { path: { tokenId: "t" } } });
    expect(sent).toEqual([
      { method: "GET", csrf: null },
      { method: "POST", csrf: "t0k3n" },
      { method: "DELETE", csrf: "t0k3n" },
    ]);
    const none = recording();
    await createClient({ baseUrl: "http://docs.test", fetch: none.fetch, retry: false, csrfToken: () => undefined }).POST("/v1/user/tokens", {
      body: { label: "x" },
    });
    expect(none.sent).toEqual([{ method: "POST", csrf: null }]);
  });
});
