import { runsOf } from "./statement-runs";

const length = (text: string) => text.length;

it("keeps the items in order, in runs within the budget", () => {
  expect(runsOf(["ab", "cd", "e", "fgh", "i"], length, 4)).toEqual([["ab", "cd"], ["e", "fgh"], ["i"]]);
});

it("opens a run for a first item of size 0, and keeps empty items with their neighbours", () => {
  expect(runsOf(["", "", "abcd", ""], length, 4)).toEqual([["", "", "abcd", ""]]);
  expect(runsOf([""], length, 0)).toEqual([[""]]);
});

it("puts an item larger than the budget in a run of its own", () => {
  expect(runsOf(["a", "toolong", "b"], length, 3)).toEqual([["a"], ["toolong"], ["b"]]);
});

it("makes no run of no items", () => {
  expect(runsOf([], length, 4)).toEqual([]);
});
