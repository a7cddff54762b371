import { blocksOf, mergeBlocks } from "./merge";

const BASE = '# Guide\n\nFirst paragraph.\n\nSecond paragraph.\n\n{% hint style="info" %}\nA hint.\n{% endhint %}\n\nLast paragraph.\n';

it("cuts a page into its top-level blocks, which join back into the same bytes", () => {
  const blocks = blocksOf(BASE);
  expect(blocks).toHaveLength(5);
  expect(blocks[3]).toBe('{% hint style="info" %}\nA hint.\n{% endhint %}\n\n');
  expect(blocks.join("")).toBe(BASE);
  expect(blocksOf("")).toEqual([]);
});

it("takes each side's changes to different blocks", () => {
  const theirs = BASE.replace("First paragraph.", "First paragraph, theirs.");
  const mine = BASE.replace("Last paragraph.", "Last paragraph, mine.").replace("A hint.", "A hint, mine.");
  const merged = mergeBlocks(BASE, theirs, mine);
  expect(merged).toEqual({
    markdown: BASE.replace("First paragraph.", "First paragraph, theirs.")
      .replace("Last paragraph.", "Last paragraph, mine.")
      .replace("A hint.", "A hint, mine."),
    conflicts: 0,
  });
});

it("takes blocks added and removed on either side", () => {
  const theirs = BASE.replace("Second paragraph.\n\n", "");
  const mine = `${BASE}\nAdded at the end.\n`;
  expect(mergeBlocks(BASE, theirs, mine)).toEqual({ markdown: `${theirs}\nAdded at the end.\n`, conflicts: 0 });
  const inserted = BASE.replace("# Guide\n\n", "# Guide\n\nInserted.\n\n");
  expect(mergeBlocks(BASE, inserted, theirs)).toEqual({ markdown: inserted.replace("Second paragraph.\n\n", ""), conflicts: 0 });
  // An insertion right beside a removal touches the same place: both are kept, and it is counted.
  const beside = BASE.replace("First paragraph.\n\n", "First paragraph.\n\nInserted.\n\n");
  expect(mergeBlocks(BASE, beside, theirs)).toEqual({ markdown: beside, conflicts: 1 });
});

it("keeps both versions of a block both sides changed, theirs first, and counts the place", () => {
  const theirs = BASE.replace("Second paragraph.", "Second, theirs.");
  const mine = BASE.replace("Second paragraph.", "Second, mine.").replace("# Guide", "# Handbook");
  const merged = mergeBlocks(BASE, theirs, mine);
  expect(merged.conflicts).toBe(1);
  expect(merged.markdown).toBe(BASE.replace("# Guide", "# Handbook").replace("Second paragraph.", "Second, theirs.\n\nSecond, mine."));
});

it("needs no merge when one side did not change, or both made the same change", () => {
  const changed = BASE.replace("First", "1st");
  expect(mergeBlocks(BASE, BASE, changed)).toEqual({ markdown: changed, conflicts: 0 });
  expect(mergeBlocks(BASE, changed, BASE)).toEqual({ markdown: changed, conflicts: 0 });
  expect(mergeBlocks(BASE, changed, changed)).toEqual({ markdown: changed, conflicts: 0 });
});
