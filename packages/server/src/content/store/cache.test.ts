import { ContentCache } from "./cache";

describe("content cache", () => {
  it("keeps what fits in its bytes, dropping the least recently used first", () => {
    const cache = new ContentCache(1000);
    cache.set("document", "a", "A", 400);
    cache.set("document", "b", "B", 400);
    expect(cache.get("document", "a")).toBe("A"); // now the most recently used
    cache.set("document", "c", "C", 400);
    expect(cache.get("document", "b")).toBeUndefined();
    expect(cache.get("document", "a")).toBe("A");
    expect(cache.get("document", "c")).toBe("C");
    expect(cache.size).toBe(800);
  });

  it("tells kinds apart, and reports what is missing", () => {
    const cache = new ContentCache(1000);
    cache.set("chunk", "h1", [1], 10);
    expect(cache.get("document", "h1")).toBeUndefined();
    const { found, missing } = cache.getMany<number[]>("chunk", ["h1", "h2", "h2"]);
    expect([...found]).toEqual([["h1", [1]]]);
    expect(missing).toEqual(["h2"]);
  });

  it("does not cache an entry larger than the whole cache, nor anything when its size is 0", () => {
    const small = new ContentCache(100);
    expect(small.set("document", "big", "X", 101)).toBe("X");
    expect(small.get("document", "big")).toBeUndefined();
    const off = new ContentCache(0);
    off.set("document", "a", "A", 1);
    expect(off.get("document", "a")).toBeUndefined();
    expect(off.size).toBe(0);
  });
});
