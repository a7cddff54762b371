// The client keeps answers tagged with a strong ETag (a page tree) and asks again with If-None-Match: the server's
// 304 reaches the caller as the 200 it stands for, with the same data.
import { createClient, unwrap } from "../src/index";

const baseUrl = process.env.DOCSTACK_URL as string;
const organizationId = process.env.DOCSTACK_ORGANIZATION as string;
const token = process.env.DOCSTACK_TOKEN as string;

/** Wraps fetch, recording each request's If-None-Match and the status the server answered. */
function recordingFetch() {
  const exchanges: { ifNoneMatch: string | null; status: number }[] = [];
  const fetch = async (request: Request) => {
    const response = await globalThis.fetch(request);
    exchanges.push({ ifNoneMatch: request.headers.get("If-None-Match"), status: response.status });
    return response;
  };
  return { exchanges, fetch };
}

it("answers a page tree the server did not send again from the copy it kept", async () => {
  const docstack = createClient({ baseUrl, token });
  const space = await unwrap(docstack.POST("/v1/orgs/{organizationId}/spaces", { params: { path: { organizationId } }, body: { title: "ETags" } }));
  const spaceId = space.id;
  const cr = await unwrap(docstack.POST("/v1/spaces/{spaceId}/change-requests", { params: { path: { spaceId } }, body: { subject: "Pages" } }));
  const changeRequestId = cr.id;
  await unwrap(
    docstack.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content", {
      params: { path: { spaceId, changeRequestId } },
      body: { changes: [{ operation: "insert_page", title: "Intro", document: { markdown: "Hello." } }] },
    }),
  );
  await unwrap(docstack.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge", { params: { path: { spaceId, changeRequestId } } }));

  const { exchanges, fetch } = recordingFetch();
  const client = createClient({ baseUrl, token, fetch });
  const tree = () => unwrap(client.GET("/v1/spaces/{spaceId}/content/pages", { params: { path: { spaceId } } }));
  const first = await tree();
  const second = await tree();
  expect(second).toEqual(first);
  expect(second.pages.map((page) => page.title)).toEqual(["Intro"]);
  expect(exchanges.map((exchange) => exchange.status)).toEqual([200, 304]);
  expect(exchanges[1]!.ifNoneMatch).toMatch(/^"[\w-]+"$/);

  // Without the cache, every request is answered in full.
  const plain = recordingFetch();
  const uncached = createClient({ baseUrl, token, fetch: plain.fetch, etagCacheEntries: 0 });
  for (let i = 0; i < 2; i++) await unwrap(uncached.GET("/v1/spaces/{spaceId}/content/pages", { params: { path: { spaceId } } }));
  expect(plain.exchanges).toEqual([
    { ifNoneMatch: null, status: 200 },
    { ifNoneMatch: null, status: 200 },
  ]);
});
