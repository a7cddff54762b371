// The committed list of what a gate is expected not to check: it may shrink, never grow quietly.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NotCovered } from "./not-covered";

describe("NotCovered", () => {
  let directory: string;
  beforeEach(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), "not-covered-"));
    fs.writeFileSync(path.join(directory, "gate.txt"), "# expected\nlistThings: no second page\nmoveThing: fewer than 1 successful answer(s)\n");
    jest.spyOn(console, "log").mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it("passes when what was missed is expected, or less than expected", () => {
    const notCovered = new NotCovered("gate", directory);
    notCovered.note("listThings: no second page", "first page: 200 {…}");
    expect(() => notCovered.check()).not.toThrow();
  });

  it("fails when something is missed that the list does not expect, naming the line to add and the file", () => {
    const notCovered = new NotCovered("gate", directory);
    notCovered.note("listThings: no second page");
    notCovered.note("getThing: fewer than 1 successful answer(s)", "404×14");
    expect(() => notCovered.check()).toThrow(
      /getThing: fewer than 1 successful answer\(s\) {2}\(404×14\)[\s\S]*add these lines to .*gate\.txt[\s\S]*DOCSTACK_NOT_COVERED=update/,
    );
  });

  it("rewrites the list from the run with DOCSTACK_NOT_COVERED=update", () => {
    process.env.DOCSTACK_NOT_COVERED = "update";
    try {
      const notCovered = new NotCovered("gate", directory);
      notCovered.note("zeta: missed");
      notCovered.note("alpha: missed");
      notCovered.check();
    } finally {
      delete process.env.DOCSTACK_NOT_COVERED;
    }
    const lines = fs.readFileSync(path.join(directory, "gate.txt"), "utf8").split("\n");
    expect(lines.filter((line) => line && !line.startsWith("#"))).toEqual(["alpha: missed", "zeta: missed"]);
  });

  it("in a gate dealt among files, keeps another file's lines on update and reports only its own as covered", () => {
    const mine = (line: string) => line.startsWith("moveThing");
    const logged = jest.spyOn(console, "log").mockImplementation(() => undefined);
    new NotCovered("gate", directory, mine).check();
    expect(logged.mock.calls.flat().join("\n")).not.toMatch(/listThings/);
    expect(logged.mock.calls.flat().join("\n")).toMatch(/remove from[\s\S]*moveThing/);
    process.env.DOCSTACK_NOT_COVERED = "update";
    try {
      const notCovered = new NotCovered("gate", directory, mine);
      notCovered.note("moveThing: race not checked");
      notCovered.check();
    } finally {
      delete process.env.DOCSTACK_NOT_COVERED;
    }
    const lines = fs.readFileSync(path.join(directory, "gate.txt"), "utf8").split("\n");
    expect(lines.filter((line) => line && !line.startsWith("#"))).toEqual(["listThings: no second page", "moveThing: race not checked"]);
  });
});
