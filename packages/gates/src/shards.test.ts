// The gates dealt over files (src/shards.ts): every operation in exactly one file, and every line of the committed
// not-covered lists that names an operation answered for by exactly the file that has it.
import fs from "node:fs";
import path from "node:path";
import { operations } from "./contract";
import { operationsOf, ownsLine } from "./shards";

const shards = [1, 2].map((index) => ({ index, of: 2 }));

it("deals every operation to exactly one file, the costly ones alike", () => {
  const dealt = shards.flatMap((shard) => operationsOf(shard).map((o) => o.operationId));
  expect([...dealt].sort()).toEqual(operations.map((o) => o.operationId).sort());
  const [first, second] = shards.map((shard) => operationsOf(shard).length);
  expect(Math.abs((first as number) - (second as number))).toBeLessThanOrEqual(1);
});

it.each(["fuzz", "authorization"])("gives each line of not-covered/%s.txt naming an operation to the file that has it", (gate) => {
  const lines = fs
    .readFileSync(path.join(__dirname, "..", "not-covered", `${gate}.txt`), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"));
  for (const line of lines) {
    const owners = shards.filter((shard) => ownsLine(shard)(line));
    const named = operations.find((o) => line.startsWith(`${o.operationId}:`) || line.startsWith(`${o.operationId} (`));
    expect(owners.map((shard) => operationsOf(shard).includes(named as never))).toEqual(named ? [true] : []);
  }
});
