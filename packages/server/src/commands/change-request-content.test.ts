import { contentHelpers } from "../../test/support/content";
import { at, useHarness } from "../../test/support/harness";

const h = useHarness();
const c = contentHelpers(h);

describe("a change request's content written and merged at once", () => {
  // A write and a merge lock the same space and change request: in two orders, PostgreSQL answered some of them
  // 500 (40P01 deadlock detected). Each round sends six writes and the merge together.
  it("ends each request in success or a 409, never a 500", async () => {
    const org = await h.organization();
    const space = await c.createSpace(org.admin, org.id);
    const client = h.as(org.admin);
    const answers: string[] = [];
    for (let round = 0; round < 3; round++) {
      const cr = await c.createChangeRequest(org.admin, space.id, `Round ${round}`);
      const path = at({ spaceId: space.id, changeRequestId: cr.id });
      const writes = Array.from({ length: 6 }, (_, i) =>
        client.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content", {
          ...path,
          body: { changes: [{ operation: "insert_page", title: `Page ${round}.${i}`, document: { markdown: "" } }] },
        }),
      );
      const merge = client.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge", path);
      for (const [request, answer] of [["merge", await merge], ...(await Promise.all(writes)).map((write) => ["write", write] as const)] as const) {
        answers.push(`${request} ${answer.response.status} ${answer.error?.error.reason ?? ""}`.trim());
      }
    }
    // The merge always succeeds; a write after it is refused as writing to a merged change request.
    const expected = new Set(["merge 200", "write 200", "write 409 change_request_merged"]);
    expect(answers.filter((answer) => !expected.has(answer))).toEqual([]);
    expect(answers.filter((answer) => answer === "merge 200")).toHaveLength(3);
  });
});
