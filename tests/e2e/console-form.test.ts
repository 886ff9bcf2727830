import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { wcagViolations } from "./support/a11y";
import { ADMIN_ENV, poll, signInVia } from "./support/admin";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";
import { content } from "./support/sites";

/*
 * The console's generated form (/admin/content/<section>) by keyboard alone: from the section list
 * to a list, an entry moved down and back up, the focus staying on the entry moved and the change
 * announced; axe finds nothing on the page, at phone and desktop width.
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

test.each(["phone", "desktop"] as const)(
  "at %s width, a unit type moves down and back up by keyboard, and axe finds no violation",
  async (viewport) => {
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      await signInVia(page, server, "/admin/content/identity");
      await hydrated(page);
      const [first, second] = content.unitTypes;
      // The section list's 주택형 (one Tab stop: the arrow keys move along it), then its page.
      const sections = page.getByRole("navigation", { name: "콘텐츠 섹션" });
      await sections.locator('[aria-current="page"]').focus();
      for (let i = 0; i < 20; i++) {
        const name = await page.evaluate(() => document.activeElement?.textContent ?? "");
        if (name.startsWith("주택형")) break;
        await page.keyboard.press("ArrowDown");
      }
      await page.keyboard.press("Enter");
      await page.waitForURL((u) => u.pathname === "/admin/content/units");
      await sections.locator('[aria-current="page"]').filter({ hasText: "주택형" }).waitFor();
      const legends = () =>
        page.locator('[id="f-unitTypes"] > .cf-entries > li > details > summary').allTextContents();
      expect((await legends()).slice(0, 2)).toEqual([`1. ${first!.label}`, `2. ${second!.label}`]);

      // From 저장, Tab: the first entry (folded), then its first button that works.
      await page.getByRole("button", { name: "저장", exact: true }).focus();
      for (let i = 0; i < 6; i++) {
        const at = await page.evaluate(() => document.activeElement?.textContent);
        if (at === `1. ${first!.label}`) break;
        await page.keyboard.press("Tab");
      }
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        `1. ${first!.label}`,
      );
      await page.keyboard.press("Tab");
      const focused = () =>
        page.evaluate(() => ({
          id: document.activeElement?.id,
          name: document.activeElement?.getAttribute("aria-label"),
        }));
      expect(await focused()).toEqual({
        id: "f-unitTypes.0-down",
        name: `아래로 옮기기: 1. ${first!.label}`,
      });

      await page.keyboard.press("Enter");
      await expect
        .poll(legends)
        .toEqual(expect.arrayContaining([`1. ${second!.label}`, `2. ${first!.label}`]));
      expect((await legends()).slice(0, 2)).toEqual([`1. ${second!.label}`, `2. ${first!.label}`]);
      // The focus went with the entry; the change is announced.
      expect(await focused()).toEqual({
        id: "f-unitTypes.1-down",
        name: `아래로 옮기기: 2. ${first!.label}`,
      });
      await expect
        .poll(() => page.locator(".cf-announce").textContent())
        .toBe("주택형: 1번째 항목을 2번째로 옮겼습니다.");
      // Its fields went with it: the key typed in the second place is the first unit's.
      expect(await page.locator('[id="f-unitTypes.1.key"]').inputValue()).toBe(first!.key);

      // Back up: Shift+Tab to its 위로, Space. At the top, 위로 no longer works: focus on 아래로.
      await page.keyboard.press("Shift+Tab");
      expect((await focused()).id).toBe("f-unitTypes.1-up");
      await page.keyboard.press("Space");
      await expect
        .poll(async () => (await legends()).slice(0, 2))
        .toEqual([`1. ${first!.label}`, `2. ${second!.label}`]);
      expect((await focused()).id).toBe("f-unitTypes.0-down");
      await expect
        .poll(() => page.locator(".cf-announce").textContent())
        .toBe("주택형: 2번째 항목을 1번째로 옮겼습니다.");

      await page.emulateMedia({ reducedMotion: "reduce" });
      expect(await wcagViolations(page, `${viewport} /admin/content/units`)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  },
  240_000,
);

/** The status line beside 저장 (aria-live): how the last save went. */
const saveStatus = (page: Page) => page.locator(".cf-actions-note").textContent();

/**
 * The draft as the server holds it now: a section's page's HTML (기본 정보's unless named), fetched
 * with the page's sign-in.
 */
const draftHtml = async (page: Page, group = "identity") =>
  (await page.request.get(`${server.url}/admin/content/${group}`, { maxRedirects: 0 })).text();

test("by keyboard alone, 저장 keeps the draft: a reload shows the value, the public page does not change", async () => {
  const { context, page, errors } = await openPage(browser, "desktop");
  try {
    const publicBefore = await (await fetch(`${server.url}/`)).text();
    expect(publicBefore).toContain(content.identity.phone);
    await signInVia(page, server, "/admin/content/identity");
    await hydrated(page);

    const phone = page.locator('[id="f-identity.phone"]');
    await phone.focus();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("1577-1234");
    // Tab on from the search over labels until 저장 (before the fields); bounded.
    await page.getByRole("searchbox").first().focus();
    for (let i = 0; i < 400; i++) {
      if (await page.evaluate(() => document.activeElement?.textContent === "저장")) break;
      await page.keyboard.press("Tab");
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("저장");
    await page.keyboard.press("Enter");
    await poll(() => saveStatus(page)).toMatch(/^초안 저장됨 · (오전|오후) \d{1,2}:\d{2}/);

    await page.reload();
    await hydrated(page);
    expect(await page.locator('[id="f-identity.phone"]').inputValue()).toBe("1577-1234");
    const publicAfter = await (await fetch(`${server.url}/`)).text();
    expect(publicAfter).toContain(content.identity.phone);
    expect(publicAfter).not.toContain("1577-1234");
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);

test("typing is saved to the draft by itself once it pauses, without 저장; after the sign-in ends it asks to sign in again and keeps the page", async () => {
  const { context, page, errors } = await openPage(browser, "desktop");
  try {
    await signInVia(page, server, "/admin/content/promotion");
    await hydrated(page);
    const name = page.locator('[id="f-modelHouse.name"]');
    await name.fill("자동 저장 견본주택");
    // Until the autosave, the section list marks this section unsaved.
    await poll(() => page.locator('[aria-current="page"] .cf-section-unsaved').textContent()).toBe(
      "저장 안 됨",
    );
    await poll(async () =>
      (await draftHtml(page, "promotion")).includes("자동 저장 견본주택"),
    ).toBe(true);
    await poll(() => page.locator(".cf-section-unsaved").count()).toBe(0);
    await poll(() => saveStatus(page)).toMatch(/^초안 저장됨 · /);

    // The sign-in ends (signed out in another tab): the next autosave says so, the page and what
    // was typed stay.
    await context.clearCookies();
    await name.fill("로그인 끝난 뒤 입력");
    await poll(() => saveStatus(page)).toContain("다시 로그인해 주세요");
    expect(new URL(page.url()).pathname).toBe("/admin/content/promotion");
    expect(await name.inputValue()).toBe("로그인 끝난 뒤 입력");
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);

test("a save based on an older draft is refused naming the field the other editor changed in its section; the typed value stays, 내 내용으로 저장 saves it; a save in another section goes through", async () => {
  const first = await openPage(browser, "desktop");
  const second = await openPage(browser, "phone");
  const third = await openPage(browser, "desktop");
  try {
    // Both open the same draft.
    await signInVia(first.page, server, "/admin/content/identity");
    await signInVia(second.page, server, "/admin/content/identity");
    await signInVia(third.page, server, "/admin/content/promotion");
    await Promise.all([hydrated(first.page), hydrated(second.page), hydrated(third.page)]);

    // The first editor changes the phone and saves.
    await first.page.locator('[id="f-identity.phone"]').fill("1588-7777");
    await first.page.getByRole("button", { name: "저장", exact: true }).click();
    await poll(() => saveStatus(first.page)).toMatch(/^초안 저장됨 · /);

    // The second, on the older draft, types the name in the same section and saves: refused,
    // the name still typed.
    const name = second.page.locator('[id="f-identity.name"]');
    await name.fill("두 번째 편집자의 단지");
    await second.page.getByRole("button", { name: "저장", exact: true }).click();
    const notice = second.page.getByRole("alert").filter({ hasText: "먼저 초안을 저장해서" });
    await poll(() => notice.textContent()).toContain(
      "다른 편집자가 바꾼 항목: 단지 기본 정보 › 대표 전화.",
    );
    expect(await name.inputValue()).toBe("두 번째 편집자의 단지");
    expect(await saveStatus(second.page)).toContain("저장하지 못했습니다");
    expect(await draftHtml(second.page)).not.toContain("두 번째 편집자의 단지");
    await expect
      .poll(() => second.page.getByRole("link", { name: "최신 초안 불러오기" }).count())
      .toBe(1);

    // 내 내용으로 저장: the second editor's form becomes the section's draft.
    await second.page.getByRole("button", { name: "내 내용으로 저장" }).click();
    await poll(() => saveStatus(second.page)).toMatch(/^초안 저장됨 · /);
    expect(await draftHtml(second.page)).toContain("두 번째 편집자의 단지");

    // Two editors on two sections lose nothing: the third page, opened on 홍보센터 before every
    // save above, saves on its older revision; both sections' changes stay.
    await third.page.locator('[id="f-modelHouse.name"]').fill("세 번째 편집자의 견본주택");
    await third.page.getByRole("button", { name: "저장", exact: true }).click();
    await poll(() => saveStatus(third.page)).toMatch(/^초안 저장됨 · /);
    expect(await draftHtml(third.page, "promotion")).toContain("세 번째 편집자의 견본주택");
    expect(await draftHtml(third.page)).toContain("두 번째 편집자의 단지");
    expect([...first.errors, ...second.errors, ...third.errors]).toEqual([]);
  } finally {
    await first.context.close();
    await second.context.close();
    await third.context.close();
  }
}, 180_000);
