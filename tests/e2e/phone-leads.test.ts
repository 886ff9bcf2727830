import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ADMIN_ENV, PERSON_UA, poll, signInWithKeyboard } from "./support/admin";
import { wcagViolations } from "./support/a11y";
import { launchBrowser, openPage, VIEWPORTS } from "./support/browser";
import { tabTo } from "./support/keyboard";
import { startServer, type RunningServer } from "./support/server";

/*
 * 전화 접수 (issue 42, item 2) on suwon's desk (suwon.localhost), whose naver visitors see
 * 050-7123-4567: a naver visitor taps the number; the consultant who answers writes the call down
 * by keyboard alone, choosing that number; the card says naver, and 채널 성과's naver line shows
 * the tap and the call side by side. The new page passes axe at 390 and 1440 px.
 */

let server: RunningServer;
let browser: Browser;
let desk: string;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(ADMIN_ENV), launchBrowser()]);
  desk = server.url.replace("//localhost", "//suwon.localhost");
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A naver visitor on suwon taps the phone number (the call itself goes nowhere headless). */
async function naverTap() {
  const { page, context } = await openPage(browser, "phone", { userAgent: PERSON_UA });
  await page.addInitScript(() =>
    window.addEventListener("click", (e) => {
      if (e.target instanceof Element && e.target.closest('a[href^="tel:"]')) e.preventDefault();
    }),
  );
  const beacon = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/channel");
  await page.goto(`${desk}/?utm_source=naver`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  // The tap's answer, not its request: the page is closed next, and a beacon still on its way
  // would be dropped with it (CI saw 전화 탭 0).
  const tap = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === "/api/channel" &&
      (r.request().postData() ?? "").includes("tel"),
  );
  await beacon;
  await page.locator('a[href^="tel:"]:visible').first().click();
  expect((await tap).status()).toBe(204);
  await context.close();
}

/**
 * By keyboard alone on 전화 접수: the number dialled (Tab into the radio group, then `choose`: the
 * arrow key or Space that picks `number`), the caller, the consent given on the call, 저장; waits
 * for the card it opens.
 */
async function writeCallDown(
  page: Page,
  number: string,
  choose: "ArrowDown" | "Space",
  caller: { name: string; phone: string },
) {
  await tabTo(page, "1588-7420 · 대표번호");
  await page.keyboard.press(choose);
  await expect.poll(() => page.getByLabel(number).isChecked()).toBe(true);
  await tabTo(page, "이름");
  await page.keyboard.type(caller.name);
  await page.keyboard.press("Tab");
  await page.keyboard.type(caller.phone);
  await tabTo(page, "개인정보 수집·이용에 동의했습니다");
  await page.keyboard.press("Space");
  await tabTo(page, "전화 접수 저장");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/admin\/leads\/[0-9a-f-]{36}\?saved=phone$/);
  await poll(() => page.locator("main").textContent()).toContain("전화 접수를 저장했습니다.");
}

test("a call to suwon's naver number, written down by keyboard, is a naver card and stands beside naver's phone taps on 채널 성과; the page passes axe at 390 and 1440", async () => {
  await naverTap();
  const { page, errors } = await openPage(browser, "desktop");
  await signInWithKeyboard(page, server, "/admin/leads/phone", desk);

  // By keyboard: the number dialled (the arrow key in the radio group), then the caller.
  await writeCallDown(page, "050-7123-4567 · naver", "ArrowDown", {
    name: "김전화",
    phone: "010-4242-0001",
  });
  const facts = page.locator(".card-facts");
  await expect.poll(() => facts.textContent()).toContain("naver");
  await poll(() => page.locator(".card-timeline").textContent()).toContain("전화 접수 접수");

  // 채널 성과's funnel: the naver line, 전화 탭 1 and 전화 접수 1 side by side.
  await page.goto(`${desk}/admin/channels`);
  const funnel = page.getByRole("table", { name: /전환 퍼널/ });
  const headers = await funnel.locator("thead th").allTextContents();
  const naver = await funnel
    .locator("tbody tr", { hasText: "naver" })
    .first()
    .locator("th, td")
    .allTextContents();
  const cell = (name: string) => naver[headers.findIndex((h) => h.trim() === name)]?.trim();
  expect([cell("전화 탭"), cell("전화 접수")]).toEqual(["1", "1"]);
  expect(headers.indexOf("전화 접수")).toBe(headers.indexOf("전화 탭") + 1);

  // The new page, checked at both widths (an error beside a field included).
  for (const width of ["phone", "desktop"] as const) {
    await page.setViewportSize(VIEWPORTS[width]);
    await page.goto(`${desk}/admin/leads/phone`);
    await page.getByRole("button", { name: "전화 접수 저장" }).click();
    await poll(() => page.locator(".field-error").count()).toBeGreaterThan(0);
    expect(await wcagViolations(page, `전화 접수 ${width}`)).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test("at 390 px a call to the main number is written down by keyboard alone, and the card names the number dialled", async () => {
  const { context, page, errors } = await openPage(browser, "phone");
  try {
    await signInWithKeyboard(page, server, "/admin/leads/phone", desk);
    await writeCallDown(page, "1588-7420 · 대표번호", "Space", {
      name: "이대표",
      phone: "010-4242-0002",
    });
    await poll(() => page.locator(".card-timeline").textContent()).toContain(
      "걸려 온 번호 1588-7420",
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
