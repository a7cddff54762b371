import { ConnectionError } from "@docstack/sdk";
import { failureOf } from "./api";
import { failure } from "./tree-load";
import { toTree } from "./tree-shape";

describe("the tree worker's answers", () => {
  it("turn a failure back into the error the screens read (status, or no answer at all)", () => {
    expect(failureOf(failure({ status: 404, message: "Space not found" }))).toBe("not-found");
    expect(failureOf(failure({ status: 403, message: "No" }))).toBe("forbidden");
    expect(failureOf(failure({ status: 401, message: "Signed out" }))).toBe("signed-out");
    expect(failure({ status: 0, message: "fetch failed" })).toBeInstanceOf(ConnectionError);
    expect(failureOf(failure({ status: 0, message: "fetch failed" }))).toBe("offline");
  });

  it("keep of each page only what the tree shows, sub-pages included", () => {
    const page = (id: string, pages: unknown[] = []) => ({ id, title: id.toUpperCase(), type: "document", slug: id, path: id, urls: { app: "x" }, pages });
    const tree = toTree([page("a", [page("b")]), { id: "l", title: "L", type: "link" }] as never);
    expect(tree).toEqual([
      { id: "a", title: "A", type: "document", pages: [{ id: "b", title: "B", type: "document", pages: [] }] },
      { id: "l", title: "L", type: "link", pages: [] },
    ]);
  });
});
