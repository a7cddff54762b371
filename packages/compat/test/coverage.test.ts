// Every operation Docstack shares with GitBook's contract has a compat test (an `it` whose title starts with GitBook's
// operationId, in a `*.compat.test.ts` file) or a line in `not-covered.txt` saying why not. The list is computed from
// both contracts, so an operation added to either is held to it on the next run.
import fs from "node:fs";
import path from "node:path";
import { sharedOperations } from "./gitbook";

const here = __dirname;
const NOT_COVERED = path.join(here, "..", "not-covered.txt");

/** The operationIds the compat tests are named after (each such test proves the call at run time: `each-test.ts`). */
function testedOperations(): Set<string> {
  const tested = new Set<string>();
  for (const file of fs.readdirSync(here).filter((name) => name.endsWith(".compat.test.ts"))) {
    for (const match of fs.readFileSync(path.join(here, file), "utf8").matchAll(/\bit\(\s*["'`]([A-Za-z]+)/g)) {
      tested.add(match[1] as string);
    }
  }
  return tested;
}

/** `not-covered.txt`: one `<GitBook operationId> <reason>` per line; `#` starts a comment. */
function notCovered(): Map<string, string> {
  const lines = fs.readFileSync(NOT_COVERED, "utf8").split("\n");
  const entries = new Map<string, string>();
  for (const line of lines.map((text) => text.trim()).filter((text) => text && !text.startsWith("#"))) {
    const [operationId, ...reason] = line.split(/\s+/);
    entries.set(operationId as string, reason.join(" "));
  }
  return entries;
}

const shared = sharedOperations();
const tested = testedOperations();
const listed = notCovered();

it("lists the operations shared with GitBook", () => {
  expect(shared.length).toBeGreaterThan(100);
  console.log(
    `${shared.length} operations shared with GitBook; ${shared.filter((operation) => tested.has(operation.gitbook)).length} tested through GitBook's client, ${listed.size} listed in not-covered.txt`,
  );
});

it("has a compat test or a reason in not-covered.txt for every shared operation", () => {
  const missing = shared.filter((operation) => !tested.has(operation.gitbook) && !listed.has(operation.gitbook));
  expect(missing.map((operation) => `${operation.gitbook} (${operation.method} ${operation.path}): no compat test and not in not-covered.txt`)).toEqual([]);
});

it("keeps not-covered.txt to shared operations without a test, each with a reason", () => {
  const names = new Set(shared.map((operation) => operation.gitbook));
  const stale = [...listed].flatMap(([operationId, reason]) => {
    if (!names.has(operationId)) return [`${operationId}: not an operation shared with GitBook`];
    if (tested.has(operationId)) return [`${operationId}: now covered, remove its line`];
    return reason ? [] : [`${operationId}: no reason given`];
  });
  expect(stale).toEqual([]);
});
