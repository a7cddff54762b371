import { positionsAt } from "./ordering";

const siblings = (...positions: number[]) => positions.map((position, i) => ({ id: `s${i}`, position }));

describe("positionsAt", () => {
  it("places items between their new neighbours, writing only them", () => {
    expect([...positionsAt(siblings(1, 2), 1, ["x"])]).toEqual([["x", 1.5]]);
    expect([...positionsAt(siblings(1, 2), 1, ["x", "y"])]).toEqual([
      ["x", 1 + 1 / 3],
      ["y", 1 + 2 / 3],
    ]);
    expect([...positionsAt(siblings(1, 2), 0, ["x"])]).toEqual([["x", 0]]);
    expect([...positionsAt(siblings(1, 2), 2, ["x", "y"])]).toEqual([
      ["x", 3],
      ["y", 4],
    ]);
    expect([...positionsAt([], 0, ["x"])]).toEqual([["x", 1]]);
  });

  it("renumbers every sibling when no room is left between the neighbours", () => {
    const crowded = siblings(1, 1 + Number.EPSILON, 5);
    expect([...positionsAt(crowded, 1, ["x"])]).toEqual([
      ["s0", 1],
      ["x", 2],
      ["s1", 3],
      ["s2", 4],
    ]);
  });
});
