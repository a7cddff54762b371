// A 400 to a schema-valid request counts as documented only where the contract states that rule.
import { operations } from "./contract";
import { documents400 } from "./documented";

const operation = (operationId: string) => operations.find((o) => o.operationId === operationId)!;

describe("documents400", () => {
  it("accepts a 400 whose field a sentence of the description names with 400", () => {
    // "`visibility: in-collection` needs the space to be in a collection (400 otherwise)."
    expect(documents400(operation("updateSpaceById"), "request/body/visibility: in-collection is only for spaces in a collection")).toBe(true);
  });

  it("refuses a 400 about another field of the same description, and one naming no field", () => {
    // The description names `title` too, and states a 400, but not in the same sentence.
    expect(documents400(operation("updateSpaceById"), "request/body/title: too long once trimmed")).toBe(false);
    expect(documents400(operation("updateSpaceById"), "Something is wrong")).toBe(false);
  });

  it("accepts a 400 stated on the field's own description in the body's schema, or on a field holding it", () => {
    expect(documents400(operation("publishIntegration"), "request/body/icon: not a PNG, JPEG, GIF, WebP or SVG image")).toBe(true);
    expect(
      documents400(operation("publishIntegration"), "request/body/configurations/account/properties/x/enum: only a string field takes a list of values"),
    ).toBe(true);
    expect(documents400(operation("publishIntegration"), "request/body/script: does not compile")).toBe(false);
  });
});
