import { ConnectionError } from "@docstack/sdk";
import { failureOf } from "./api";
import { failure } from "./tree-load";

describe("the tree worker's answers", () => {
  it("turn a failure back into the error the screens read (status, or no answer at all)", () => {
    expect(failureOf(failure({ status: 404, message: "Space not found" }))).toBe("not-found");
    expect(failureOf(failure({ status: 403, message: "No" }))).toBe("forbidden");
    expect(failureOf(failure({ status: 401, message: "Signed out" }))).toBe("signed-out");
    expect(failure({ status: 0, message: "fetch failed" })).toBeInstanceOf(ConnectionError);
    expect(failureOf(failure({ status: 0, message: "fetch failed" }))).toBe("offline");
  });
});
