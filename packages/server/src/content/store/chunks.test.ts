import { useHarness } from "../../../test/support/harness";
import { newId } from "../../db/ids";
import { chunkBy, putChunks } from "./chunks";

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

describe("chunks of stored items", () => {
  const h = useHarness();
  const store = () => ({ db: h.services.prisma, cache: h.services.contentCache });
  const items = (n: number) => ids(n).map((id) => ({ id }));
  // The same items as new objects: chunked from scratch, without the known chunks.
  const fresh = (list: { id: string }[]) =>
    signature(
      chunkBy(
        list.map((item) => ({ ...item })),
        (item) => item.id,
      ).map((chunk) => chunk.map((item) => item.id)),
    );
  const reused = (list: { id: string }[]) => chunkBy(list, (item) => item.id);

  it("are reused as they are where the items are the same, and split as from scratch elsewhere", async () => {
    const stored = items(2000);
    const chunks = chunkBy(stored, (item) => item.id);
    await putChunks(store(), chunks, new Set());
    const edits = [
      [...stored.slice(0, 700), ...items(30), ...stored.slice(700)],
      [...stored.slice(0, 10), ...stored.slice(400)],
      [...items(5), ...stored, ...items(3)],
      stored.slice(0, 1990),
    ];
    for (const edited of edits) {
      const again = reused(edited);
      expect(signature(again.map((chunk) => chunk.map((item) => item.id)))).toEqual(fresh(edited));
      // Most chunks are the stored ones, the same arrays.
      expect(again.filter((chunk) => chunks.includes(chunk)).length).toBeGreaterThan(chunks.length / 2);
    }
  });
});
