import type { Audience, SitePage } from "../src/model";
import { admittedPages } from "../src/routing";

const page = (id: string, parentId: string | null, condition?: string): SitePage => ({
  id,
  title: id,
  path: id,
  parentId,
  type: "document",
  hidden: false,
  noIndex: false,
  ...(condition ? { condition } : {}),
});

/** An audience for which exactly these conditions hold. */
const holding = (...conditions: string[]): Audience => ({ key: conditions.join(","), admits: (condition) => !condition || conditions.includes(condition) });

describe("the pages an audience may see", () => {
  const pages = [page("a", null), page("b", null, "beta"), page("c", "b"), page("d", "c", "pro"), page("e", null, "pro"), page("f", "a")];

  it("leaves out pages whose condition does not hold, and every page below them, whatever their own condition", () => {
    expect(admittedPages(pages, holding()).map((p) => p.id)).toEqual(["a", "f"]);
    expect(admittedPages(pages, holding("pro")).map((p) => p.id)).toEqual(["a", "e", "f"]);
    expect(admittedPages(pages, holding("beta")).map((p) => p.id)).toEqual(["a", "b", "c", "f"]);
    expect(admittedPages(pages, holding("beta", "pro")).map((p) => p.id)).toEqual(["a", "b", "c", "d", "e", "f"]);
  });

  it("gives the same list back when no page has a condition (what is made from it stays shared)", () => {
    const plain = [page("a", null), page("b", "a")];
    expect(admittedPages(plain, holding())).toBe(plain);
  });
});
