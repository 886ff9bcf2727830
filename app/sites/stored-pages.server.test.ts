import { describe, expect, it } from "vitest";
import { engines, useTestDb } from "~/db/test-support";
import { storedPages } from "./stored-pages.server";

/*
 * Rendered pages stored once per content and build (issue 29, item 9): what one instance stored,
 * another (or a restart, on a new connection) reads back whole instead of rendering; the first of
 * two instances that rendered the same key keeps its pages; only the newest renders are kept.
 */

const rendered = (title: string) =>
  JSON.stringify({
    origin: "http://anyang.localhost:3000",
    key: "k",
    pages: { "/": { html: `<!doctype html><title>${title}</title>`, type: "text/html" } },
  });

describe.each(engines())("stored pages ($name)", (engine) => {
  const t = useTestDb(engine);

  it("a render stored by one instance is read back whole by a restarted one", async () => {
    expect(await storedPages.get("anyang", "k1:v1")).toBeUndefined();
    expect(await storedPages.has("anyang", "k1:v1")).toBe(false);
    await storedPages.put("anyang", "k1:v1", rendered("평촌 센트럴"));
    expect(await storedPages.has("anyang", "k1:v1")).toBe(true);
    expect(await storedPages.has("anyang", "k2:v1")).toBe(false);
    const other = await t.reopen();
    const row = await other.get<{ n: number | string }>(
      "SELECT COUNT(*) AS n FROM site_pages WHERE site_id = $1",
      ["anyang"],
    );
    expect(Number(row?.n)).toBe(1);
    expect(await storedPages.get("anyang", "k1:v1")).toBe(rendered("평촌 센트럴"));
    expect(await storedPages.get("suwon", "k1:v1")).toBeUndefined();
  });

  it("the first of two instances storing the same key keeps its pages", async () => {
    await storedPages.put("anyang", "k1:v1", rendered("먼저"));
    await storedPages.put("anyang", "k1:v1", rendered("나중"));
    expect(await storedPages.get("anyang", "k1:v1")).toBe(rendered("먼저"));
  });

  it("keeps the newest renders of a complex, and none once it is deleted", async () => {
    for (let i = 1; i <= 6; i++) {
      await storedPages.put("anyang", `k${i}`, rendered(`${i}`), new Date(Date.UTC(2026, 0, i)));
    }
    await storedPages.put("suwon", "k1", rendered("수원"));
    expect(await storedPages.get("anyang", "k1")).toBeUndefined();
    expect(await storedPages.get("anyang", "k2")).toBeUndefined();
    expect(await storedPages.get("anyang", "k6")).toBe(rendered("6"));
    expect(await storedPages.get("anyang", "k3")).toBe(rendered("3"));
    await storedPages.drop("anyang");
    expect(await storedPages.get("anyang", "k6")).toBeUndefined();
    expect(await storedPages.get("suwon", "k1")).toBe(rendered("수원"));
  });
});
