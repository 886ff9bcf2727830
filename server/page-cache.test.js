// @ts-check
import { describe, expect, test } from "vitest";
import { createPageCache } from "./page-cache.js";

/** A cache of `max` bytes whose loads are counted and held back until `release(id)`. */
function cacheOf(max = 100) {
  /** @type {Map<string, () => void>} */
  const waiting = new Map();
  /** @type {string[]} */
  const loads = [];
  /** @type {string[]} */
  const lines = [];
  /** @type {string[]} */
  const letGone = [];
  const cache = createPageCache({
    maxBytes: max,
    load: (id) => {
      loads.push(id);
      /** @type {Promise<{ value: string, bytes: number }>} */
      const loaded = new Promise((resolve) =>
        waiting.set(id, () => resolve({ value: `pages of ${id} #${loads.length}`, bytes: 40 })),
      );
      return loaded;
    },
    letGo: (value) => letGone.push(value),
    log: (line) => lines.push(line),
  });
  const release = async (/** @type {string} */ id) => {
    waiting.get(id)?.();
    waiting.delete(id);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { cache, loads, lines, letGone, release };
}

describe("the pages held in memory", () => {
  test("a complex nobody asked for holds nothing; its first request loads it once, however many ask", async () => {
    const { cache, loads, release } = cacheOf();
    expect(cache.get("suwon")).toBeUndefined();
    expect(cache.stats()).toEqual({ ids: [], bytes: 0 });
    const asked = [cache.load("suwon"), cache.load("suwon"), cache.load("suwon")];
    await release("suwon");
    expect(await Promise.all(asked)).toEqual(Array(3).fill("pages of suwon #1"));
    expect(loads).toEqual(["suwon"]);
    expect(cache.get("suwon")).toBe("pages of suwon #1");
    await cache.load("suwon");
    expect(loads).toEqual(["suwon"]);
  });

  test("beyond its bytes the least recently asked for is let go, and loaded again when asked", async () => {
    const { cache, loads, lines, release } = cacheOf(100);
    for (const id of ["a", "b"]) {
      const loading = cache.load(id);
      await release(id);
      await loading;
    }
    // a asked for again: b is now the least recent.
    cache.get("a");
    const c = cache.load("c");
    await release("c");
    await c;
    expect(cache.stats()).toEqual({ ids: ["a", "c"], bytes: 80 });
    expect(lines.filter((l) => l.includes("let go"))).toEqual(["pages: b let go (0 KB; held 2)"]);
    expect(lines.filter((l) => l.includes("held ("))).toHaveLength(3);
    const b = cache.load("b");
    await release("b");
    expect(await b).toBe("pages of b #4");
    expect(loads).toEqual(["a", "b", "c", "b"]);
    expect(cache.stats().ids).toEqual(["c", "b"]);
  });

  test("what leaves, let go to fit, replaced by a publish or dropped, is handed to letGo once", async () => {
    const { cache, letGone, release } = cacheOf(100);
    for (const id of ["a", "b", "c"]) {
      const loading = cache.load(id);
      await release(id);
      await loading;
    }
    expect(letGone).toEqual(["pages of a #1"]);
    cache.set("b", "pages of b, published", 40);
    cache.set("b", "pages of b, published", 40);
    cache.drop("c");
    cache.drop("c");
    expect(letGone).toEqual(["pages of a #1", "pages of b #2", "pages of c #3"]);
    expect(cache.stats()).toEqual({ ids: ["b"], bytes: 40 });
  });

  test("a complex larger than the bound alone is still held", async () => {
    const { cache, release } = cacheOf(10);
    const a = cache.load("a");
    await release("a");
    expect(await a).toBe("pages of a #1");
    expect(cache.stats()).toEqual({ ids: ["a"], bytes: 40 });
  });

  test("pages published while a load was under way stand; a dropped complex's load puts nothing back", async () => {
    const { cache, release } = cacheOf();
    const loading = cache.load("a");
    cache.set("a", "published", 30);
    await release("a");
    expect(await loading).toBe("published");
    expect(cache.get("a")).toBe("published");

    const again = cache.load("b");
    cache.drop("b");
    await release("b");
    await again;
    expect(cache.has("b")).toBe(false);
    expect(cache.stats()).toEqual({ ids: ["a"], bytes: 30 });
  });

  test("a load that fails holds nothing, and the next request tries again", async () => {
    let tries = 0;
    const cache = createPageCache({
      maxBytes: 100,
      load: async () => {
        tries += 1;
        if (tries === 1) throw new Error("저장된 페이지를 읽지 못했습니다");
        return { value: "pages", bytes: 1 };
      },
    });
    await expect(cache.load("a")).rejects.toThrow("저장된 페이지를 읽지 못했습니다");
    expect(cache.has("a")).toBe(false);
    expect(await cache.load("a")).toBe("pages");
  });
});
