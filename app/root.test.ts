import { describe, expect, test, vi } from "vitest";
import { loader, shouldRevalidate } from "./root";
import type { ConsoleRootData, PublicRootData } from "~/lib/site";

// The font subset is made by the build (`npm run fonts`); a fresh clone's unit run has none yet.
vi.mock("~/styles/fonts/pretendard-subset.woff2?url", () => ({ default: "/assets/font.woff2" }));

/*
 * The root loader's data: a public page gets the whole complex (its header, footer and pages are
 * drawn from it); a console page (/admin…) the complex's id and name only, the rest of its ~60 KB
 * staying off every console page (docs/decisions/044-editor-sections.md).
 */

const load = (path: string) =>
  loader({
    request: new Request(`http://anyang.localhost${path}`),
    context: {},
    params: {},
  } as never);

describe("the root loader", () => {
  test("a public page gets the whole complex", async () => {
    const data = (await load("/Brand/intro")) as PublicRootData;
    expect(data.site.id).toBe("anyang");
    expect(data.site.pages.length).toBeGreaterThan(10);
    expect("console" in data).toBe(false);
  });

  test("a console page, the complex's id and name only", async () => {
    for (const path of ["/admin", "/admin/content/identity", "/admin/login"]) {
      const data = (await load(path)) as ConsoleRootData;
      expect("site" in data, path).toBe(false);
      expect(data.console, path).toEqual({ id: "anyang", name: "라움하임 평촌 센트럴" });
      expect(JSON.stringify(data).length, path).toBeLessThan(300);
    }
    // Not a path that only begins with the same letters.
    expect("site" in (await load("/administration"))).toBe(true);
  });

  test("is loaded again between the console and a public page", () => {
    const args = (from: string, to: string) =>
      ({
        currentUrl: new URL(`http://x${from}`),
        nextUrl: new URL(`http://x${to}`),
        defaultShouldRevalidate: false,
      }) as never;
    expect(shouldRevalidate(args("/admin/content/home", "/"))).toBe(true);
    expect(shouldRevalidate(args("/", "/admin"))).toBe(true);
    expect(shouldRevalidate(args("/admin/content/home", "/admin/content/menu"))).toBe(false);
  });
});
