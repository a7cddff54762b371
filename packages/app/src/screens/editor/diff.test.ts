import { diffBlocks, diffLines, diffWords } from "./diff";

it("finds the words added and removed inside a block", () => {
  expect(diffWords("Run the server now.", "Run the new server later.")).toEqual([
    { kind: "same", text: "Run the " },
    { kind: "added", text: "new " },
    { kind: "same", text: "server " },
    { kind: "removed", text: "now." },
    { kind: "added", text: "later." },
  ]);
});

it("tells blocks added, removed, changed and kept", () => {
  const before = "# Title\n\nKept paragraph.\n\nOld words here.\n\nGone block.\n";
  const after = '# Title\n\nKept paragraph.\n\nNew words here.\n\n{% hint style="info" %}\nAdded.\n{% endhint %}\n';
  expect(diffBlocks(before, after)).toEqual([
    { kind: "same", text: "# Title" },
    { kind: "same", text: "Kept paragraph." },
    {
      kind: "changed",
      words: [
        { kind: "removed", text: "Old" },
        { kind: "added", text: "New" },
        { kind: "same", text: " words here." },
      ],
    },
    { kind: "changed", words: diffWords("Gone block.", '{% hint style="info" %}\nAdded.\n{% endhint %}') },
  ]);
  expect(diffBlocks("A.\n", "A.\n\nB.\n")).toEqual([
    { kind: "same", text: "A." },
    { kind: "added", text: "B." },
  ]);
  expect(diffBlocks("A.\n\nB.\n", "B.\n")).toEqual([
    { kind: "removed", text: "A." },
    { kind: "same", text: "B." },
  ]);
});

it("tells the Markdown's lines added and removed", () => {
  expect(diffLines("# Title\n\nOld line.\nKept line.\n", "# Title\n\nNew line.\nKept line.\nAdded line.\n")).toEqual([
    { kind: "same", line: "# Title" },
    { kind: "same", line: "" },
    { kind: "removed", line: "Old line." },
    { kind: "added", line: "New line." },
    { kind: "same", line: "Kept line." },
    { kind: "added", line: "Added line." },
    { kind: "same", line: "" },
  ]);
});
