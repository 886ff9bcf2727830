import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { CONSOLE_GROUPS } from "~/console/content-sections";
import { ADMIN_ENV, poll, signInVia } from "./support/admin";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";
import { content, describeOnce, testOnce } from "./support/sites";

/*
 * The content editor in sections (issue 39, item 5): each section a page of its own address, a
 * few Tab presses from the skip link to its first field at phone and desktop width, each page under
 * 150 KB; 항목 찾기 finds fields of every section by keyboard (other words, values) and goes to the
 * field on its page; typing in it changes nothing in the draft. Mechanics the same for every
 * complex: run once.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(ADMIN_ENV), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The draft's revision as the page's form has it (what the next save is based on). */
const revisionOf = (page: Page) => page.locator('input[name="$revision"]').inputValue();
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

describeOnce("the content editor in sections", () => {
  testOnce(
    "a section opens by its address; /admin/content opens the first; an unknown one is a 404",
    async () => {
      const { context, page, errors } = await openPage(browser, "desktop");
      try {
        await signInVia(page, server, "/admin/content/units");
        await page.goto(`${server.url}/admin/content?site=${content.id}`);
        const at = new URL(page.url());
        expect(at.pathname + at.search).toBe(`/admin/content/identity?site=${content.id}`);
        await page.goto(`${server.url}/admin/content/home`);
        await hydrated(page);
        expect(await page.title()).toContain("콘텐츠 편집 · 홈 화면");
        const list = page.getByRole("navigation", { name: "콘텐츠 섹션" });
        expect(await list.locator('[aria-current="page"]').textContent()).toContain("홈 화면");
        expect(await list.getByRole("link").count()).toBe(CONSOLE_GROUPS.length);
        expect(await page.locator(".cf-menu-title").allTextContents()).toEqual(["홈 화면"]);
        // This section's fields only.
        expect(await page.locator('[id="f-home.hero.ctaLabel"]').count()).toBe(1);
        expect(await page.locator('[id="f-identity.name"]').count()).toBe(0);
        const missing = await page.request.get(`${server.url}/admin/content/nowhere`);
        expect(missing.status()).toBe(404);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    120_000,
  );

  testOnce.each(["phone", "desktop"] as const)(
    "at %s width, Tab reaches the section's first field within 10 presses after the skip link",
    async (viewport) => {
      const { context, page, errors } = await openPage(browser, viewport);
      try {
        await signInVia(page, server, "/admin/content/identity");
        await hydrated(page);
        await page.locator("a.skip-link").focus();
        await page.keyboard.press("Enter");
        let presses = 0;
        while (presses < 10 && (await focusedId(page)) !== "f-identity.name") {
          await page.keyboard.press("Tab");
          presses++;
        }
        expect(await focusedId(page)).toBe("f-identity.name");
        expect(presses).toBeLessThanOrEqual(10);
        await page.screenshot({ path: `test-results/console-sections-${viewport}.png` });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    120_000,
  );

  testOnce(
    "each section's page is under 150 KB of HTML",
    async () => {
      const { context, page } = await openPage(browser, "desktop");
      try {
        await signInVia(page, server, "/admin/content/identity");
        const sizes: Record<string, number> = {};
        for (const g of CONSOLE_GROUPS) {
          const res = await page.request.get(`${server.url}/admin/content/${g.id}`);
          expect(res.status(), g.id).toBe(200);
          sizes[g.id] = (await res.body()).length;
        }
        console.log(JSON.stringify(sizes));
        for (const [id, bytes] of Object.entries(sizes)) expect(bytes, id).toBeLessThan(150 * 1024);
      } finally {
        await context.close();
      }
    },
    120_000,
  );

  testOnce(
    "by keyboard, 항목 찾기 finds “대표 색” and “라움하임” in other sections and goes to the field there; typing in it saves nothing",
    async () => {
      const { context, page, errors } = await openPage(browser, "desktop");
      try {
        await signInVia(page, server, "/admin/content/home");
        await hydrated(page);
        const revision = await revisionOf(page);
        const search = page.getByRole("searchbox", { name: "항목 찾기" });
        const results = page.locator("#cf-search-results a");

        // Another word for 대표 색, from 홈 화면: its first result, then Enter, opens 기본 정보 at it.
        await search.focus();
        await page.keyboard.type("대표 색");
        await poll(() => results.first().textContent()).toContain("대표 색");
        // Typing here is no change: nothing marked unsaved, no autosave (it would have run by now).
        await page.waitForTimeout(3500);
        expect(await page.locator(".cf-section-unsaved").count()).toBe(0);
        expect(await page.locator(".cf-actions-note").textContent()).not.toMatch(
          /저장하지 않은|저장하는 중|초안 저장됨/,
        );
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("Enter");
        await page.waitForURL((u) => u.pathname === "/admin/content/identity");
        await poll(() => focusedId(page)).toBe("f-identity.color");
        expect(await page.locator('[id="f-identity.color"]').isVisible()).toBe(true);
        // The draft's revision is as it was: the search saved nothing.
        expect(await revisionOf(page)).toBe(revision);

        // A value: every field holding the complex's brand, from several sections.
        await page.goto(`${server.url}/admin/content/home`);
        await hydrated(page);
        await search.focus();
        await page.keyboard.type("라움하임");
        await poll(() => results.count()).toBeGreaterThan(3);
        const hrefs = await results.evaluateAll((links) =>
          links.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
        );
        expect(new Set(hrefs).size).toBeGreaterThan(1);
        const target = await results.first().getAttribute("href");
        const id = decodeURIComponent(target!.split("#")[1]!);
        expect(new URL(target!, server.url).pathname).not.toBe("/admin/content/home");
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("Enter");
        await page.waitForURL((u) => u.pathname === new URL(target!, server.url).pathname);
        await poll(() => focusedId(page)).toBe(id);
        expect(await page.locator(`[id="${id}"]`).inputValue()).toContain("라움하임");
        await page.reload();
        await hydrated(page);
        expect(await revisionOf(page)).toBe(revision);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    120_000,
  );

  testOnce(
    "without the script, 항목 찾기 is a form: the page again with the results",
    async () => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      try {
        await signInVia(page, server, "/admin/content/home");
        await page.getByRole("searchbox", { name: "항목 찾기" }).fill("대표 색");
        await page.getByRole("button", { name: "찾기" }).click();
        await page.waitForURL((u) => u.searchParams.get("q") === "대표 색");
        const first = page.locator("#cf-search-results a").first();
        expect(await first.getAttribute("href")).toMatch(
          /^\/admin\/content\/identity\?site=[a-z0-9-]+#f-identity\.color$/,
        );
        expect(await page.locator("#cf-search-count").textContent()).toMatch(/^\d+개 항목/);
      } finally {
        await context.close();
      }
    },
    120_000,
  );
});
