import { openMarkdown, saveMarkdown } from "../src/index";
import { fixturePages } from "./fixtures";

describe("opening and saving an unchanged page", () => {
  const pages = fixturePages();
  it("finds the GitBook fixtures", () => {
    expect(pages.length).toBeGreaterThanOrEqual(15);
  });
  it.each(pages)("%s is written back byte for byte", (_file, markdown) => {
    const opened = openMarkdown(markdown);
    expect(saveMarkdown(opened.doc, opened)).toBe(markdown);
  });
});
