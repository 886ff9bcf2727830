import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CHANNEL_PATH } from "~/channels/channels";
import { kstDate } from "~/lib/korean-time";
import { telHref } from "~/lib/phone";
import { siteById } from "~/sites/registry.server";
import { ADMIN_ENV, adminFetch, PERSON_UA, poll, signInCookie } from "./support/admin";
import { delayScripts, hydrated, launchBrowser, openPage } from "./support/browser";
import { exportLeads, fields, parseCsv, popup } from "./support/leads";
import { startServer, type RunningServer } from "./support/server";

/*
 * The first seconds of a page (docs/before-the-script.md): with the page's script files held back
 * 3 s, as on a slow phone network, whatever loses data or money must already work — where a visit
 * from an ad came from and its number, its landing and phone taps, the menus, the popup's triggers.
 * The second sample (suwon.localhost) maps utm_source=naver to its own number.
 */

const suwon = siteById("suwon")!;
const mapped = suwon.phoneBySource!.naver!.phone;

let server: RunningServer;
let browser: Browser;
let suwonOrigin: string;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ...ADMIN_ENV, LEADS_RATE_LIMIT: "1000", LEADS_DUPLICATE_WINDOW_SECONDS: "0" }),
    launchBrowser(),
  ]);
  suwonOrigin = `http://suwon.localhost:${server.port}`;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A person's browser (headless Chromium's own agent is a crawler's, whose counts are dropped). */
async function slowVisitor(viewport: "phone" | "desktop") {
  const opened = await openPage(browser, viewport, { userAgent: PERSON_UA });
  await delayScripts(opened.page);
  return opened;
}

/** How many channel beacons (a landing, a phone tap) the page has sent so far. */
function beaconsSent(page: Page): () => number {
  let sent = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === CHANNEL_PATH) sent++;
  });
  return () => sent;
}

/** What a visitor sees at once: within half a second, long before the page's script arrives. */
const soon = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 500 });

/** Opens `url` and answers as soon as the page is there (its script files still on their way). */
async function land(page: Page, url: string) {
  await page.goto(url, { waitUntil: "domcontentloaded" });
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
}

describe("a visit from an ad, before the page's script has arrived", () => {
  test("a click 0.2 s after landing keeps the ad's source and number on the next page, and the registration records both", async () => {
    const { context, page, errors } = await slowVisitor("desktop");
    try {
      await land(page, `${suwonOrigin}/?utm_source=naver&utm_campaign=spring`);
      await page.waitForTimeout(200);
      const nav = page.getByRole("navigation", { name: "주 메뉴" });
      await nav.getByRole("link", { name: suwon.menu[0]!.title, exact: true }).click();
      await page.waitForURL((url) => url.pathname !== "/");
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      expect(await page.locator(".header-desktop .header-phone").textContent()).toContain(mapped);
      expect(await page.locator(".footer-phone a").getAttribute("href")).toBe(telHref(mapped));

      // The inquiry, sent before the page's script arrives (the form posts itself).
      await land(page, `${suwonOrigin}/Promotion/Customer`);
      const form = page.locator("form[data-lead-form]").first();
      const f = fields(form);
      await f.name.fill("첫순간");
      await f.phone.fill("010-4821-7730");
      await f.consent.check();
      await f.submit.click();
      await page.waitForURL((url) => url.pathname === "/Promotion/Customer");
      const [lead] = (await exportLeads(server, "suwon")).filter((l) => l.이름 === "첫순간");
      expect(lead).toMatchObject({
        utm_source: "naver",
        utm_campaign: "spring",
        "표시 번호": mapped,
      });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("landings left after 1 s and phone taps 0.3 s after landing are counted in 채널 성과", async () => {
    const source = `fast${process.pid}`;
    const count = async () => {
      const cookie = await signInCookie(server);
      const res = await adminFetch(server, cookie, `/admin/channels.csv?from=${kstDate()}`);
      expect(res.status).toBe(200);
      const rows = parseCsv((await res.text()).replace(/^\uFEFF/, ""));
      const row = rows.find((r) => r[1] === source);
      return row ? { landings: Number(row[2]), taps: Number(row[3]) } : { landings: 0, taps: 0 };
    };

    // Six visitors land from the campaign and leave after a second. The landing's beacon leaves
    // as the page goes; the browser is closed once it has (a closed test context cancels it, where
    // a phone's browser sends it after the tab is gone).
    for (let i = 0; i < 6; i++) {
      const { context, page } = await slowVisitor("desktop");
      const sent = beaconsSent(page);
      await land(page, `${server.url}/Brand/intro?utm_source=${source}`);
      await page.waitForTimeout(1000);
      await page.goto("about:blank");
      await poll(sent).toBe(1);
      await context.close();
    }
    // Two more, on a phone, tap 전화 상담 0.3 s after landing (the phone app is not there).
    for (let i = 0; i < 2; i++) {
      const { context, page } = await slowVisitor("phone");
      await page.addInitScript(() =>
        window.addEventListener("click", (e) => {
          if (e.target instanceof Element && e.target.closest('a[href^="tel:"]'))
            e.preventDefault();
        }),
      );
      const sent = beaconsSent(page);
      await land(page, `${server.url}/?utm_source=${source}`);
      await page.waitForTimeout(300);
      await page.locator(".bottom-bar-call").click();
      await page.waitForTimeout(300);
      await page.goto("about:blank");
      // The tap's beacon and the landing's.
      await poll(sent).toBe(2);
      await context.close();
    }
    await poll(count).toEqual({ landings: 8, taps: 2 });
  });
});

describe("the header, before the page's script has arrived", () => {
  test("hovering a top menu item, or reaching it by Tab, shows its sub-pages within 0.5 s", async () => {
    const { context, page } = await slowVisitor("desktop");
    try {
      await land(page, `${server.url}/`);
      const item = page.locator(".gnb-item").nth(1);
      const sub = item.locator(".gnb-sub");
      await item.locator(".gnb-link").hover();
      await soon(() => sub.isVisible()).toBe(true);
      expect(await sub.getByRole("link").count()).toBeGreaterThan(0);
      // The pointer leaves the header: closed.
      await page.mouse.move(700, 600);
      await soon(() => sub.isVisible()).toBe(false);

      // By keyboard: Tab to the first top item.
      const first = page.locator(".gnb-item").first();
      await page.locator(".header-desktop .header-logo").focus();
      await page.keyboard.press("Tab");
      await soon(() => page.evaluate(() => document.activeElement?.className)).toBe("gnb-link");
      await soon(() => first.locator(".gnb-sub").isVisible()).toBe(true);
      // Tab goes on into its sub-pages.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.className)).toBe("gnb-sub-link");
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    } finally {
      await context.close();
    }
  });

  test("a pointer already over the menu when the script arrives keeps it open; Escape then closes it", async () => {
    const { context, page } = await slowVisitor("desktop");
    try {
      await land(page, `${server.url}/Brand/intro`);
      const item = page.locator(".gnb-item").nth(2);
      await item.locator(".gnb-link").hover();
      await hydrated(page);
      expect(await item.locator(".gnb-sub").isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      await poll(() => item.locator(".gnb-sub").isVisible()).toBe(false);
      // Leaving and coming back opens it again.
      await page.mouse.move(700, 600);
      await item.locator(".gnb-link").hover();
      await poll(() => item.locator(".gnb-sub").isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  test("the header turns solid within 100 ms of the first scroll", async () => {
    const { context, page } = await slowVisitor("desktop");
    try {
      await land(page, `${server.url}/Brand/intro`);
      const header = page.locator(".site-header");
      const background = () => header.evaluate((el) => getComputedStyle(el).backgroundColor);
      const before = await background();
      await page.mouse.move(700, 500);
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(100);
      expect(await header.getAttribute("data-scrolled")).toBe("true");
      expect(await background()).not.toBe(before);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    } finally {
      await context.close();
    }
  });

  test("on a phone, the menu opens, shows a section and closes by keyboard", async () => {
    const { context, page } = await slowVisitor("phone");
    try {
      await land(page, `${server.url}/Brand/intro`);
      const toggle = page.locator(".header-mobile .menu-toggle");
      await toggle.click();
      const drawer = page.getByRole("navigation", { name: "모바일 메뉴" });
      await soon(() => drawer.isVisible()).toBe(true);
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      const head = drawer.locator(".accordion-head").nth(1);
      await head.click();
      const panel = page.locator(`#${await head.getAttribute("aria-controls")}`);
      await soon(() => panel.isVisible()).toBe(true);
      expect(await head.getAttribute("aria-expanded")).toBe("true");
      await page.keyboard.press("Escape");
      await soon(() => drawer.isVisible()).toBe(false);
      expect(
        await page.evaluate(() => document.activeElement?.classList.contains("menu-toggle")),
      ).toBe(true);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      // Once the script has arrived, the toggle opens the menu once per press (not twice).
      await hydrated(page);
      await toggle.click();
      await poll(() => drawer.isVisible()).toBe(true);
      await toggle.click();
      await poll(() => drawer.isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe("the registration popup, before the page's script has arrived", () => {
  test("방문예약 in the header, clicked right after load, opens the popup at once; its form is sent before the script arrives; Back closes it", async () => {
    const { context, page, errors } = await slowVisitor("desktop");
    try {
      await land(page, `${server.url}/Brand/intro`);
      await page.locator(".header-desktop [data-register-trigger]").click();
      // At once, or once the page's stylesheets are in (2.5 s at most), never after the script.
      await expect.poll(() => popup(page).isVisible(), { timeout: 2500 }).toBe(true);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      expect(new URL(page.url()).pathname).toBe("/Brand/intro");
      const f = fields(popup(page));
      expect(await f.name.evaluate((el) => el === document.activeElement)).toBe(true);
      // Styled: the page's stylesheets came in with it (the dialog's own rounded panel).
      expect(await popup(page).evaluate((el) => getComputedStyle(el).borderRadius)).toBe("16px");
      await page.goBack({ waitUntil: "commit" });
      await poll(() => popup(page).isVisible()).toBe(false);
      expect(new URL(page.url()).pathname).toBe("/Brand/intro");

      // Opened again and sent at once: the form posts itself, and the visit is stored.
      await page.getByRole("contentinfo").locator("[data-register-trigger]").first().click();
      await poll(() => popup(page).isVisible()).toBe(true);
      await f.name.fill("첫초방문");
      await f.phone.fill("010-4821-7731");
      await f.consent.check();
      await f.submit.click();
      await page.waitForURL((url) => url.pathname === "/register");
      await poll(async () =>
        (await exportLeads(server)).filter((l) => l.이름 === "첫초방문").map((l) => l.접수페이지),
      ).toEqual(["/Brand/intro"]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
