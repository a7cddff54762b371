import { newId } from "../db/ids";
import { chunkBy } from "./chunks";

const ids = (n: number) => Array.from({ length: n }, () => newId());
const signature = (chunks: string[][]) => chunks.map((chunk) => chunk.join(","));

describe("content chunks", () => {
  it("split a thousand pages into chunks of about 16, none over 64", () => {
    const chunks = chunkBy(ids(1000), (id) => id);
    expect(chunks.flat()).toHaveLength(1000);
    expect(chunks.length).toBeGreaterThan(25);
    expect(chunks.length).toBeLessThan(200);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThanOrEqual(64);
  });

  it("change one chunk when a page is inserted or deleted, whatever its place", () => {
    const pages = ids(1000);
    const before = new Set(signature(chunkBy(pages, (id) => id)));
    const inserted = [...pages.slice(0, 500), newId(), ...pages.slice(500)];
    const changedByInsert = signature(chunkBy(inserted, (id) => id)).filter((chunk) => !before.has(chunk));
    expect(changedByInsert.length).toBeLessThanOrEqual(2);
    const deleted = [...pages.slice(0, 300), ...pages.slice(301)];
    const changedByDelete = signature(chunkBy(deleted, (id) => id)).filter((chunk) => !before.has(chunk));
    expect(changedByDelete.length).toBeLessThanOrEqual(2);
  });
});
