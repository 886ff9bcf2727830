import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { content, testOnce } from "./support/sites";
import { startServer, type RunningServer } from "./support/server";

/*
 * A prerendered page paints from the rules it carries inline (server/critical-css.js): its
 * stylesheets wait in <noscript> and the page's script brings them in after the first frame. So
 * the first screen must look the same before they arrive as after, a browser without scripts must
 * get them, and the page's policy must allow its inline rules.
 */

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const firstUnit = content.unitTypes[0]!;
const PAGES = ["/", "/Brand/intro", firstUnit.path];

/** What the first screen shows: its landmarks' boxes (animations off, so boxes are still). */
const FIRST_SCREEN = [
  "header.site-header",
  ".site-header a",
  ".menu-toggle",
  // A page's banner, or the home page's first screen.
  ".page-banner",
  ".page-banner p",
  ".page-banner img",
  "section[data-page-section]:first-child",
  "section[data-page-section]:first-child p",
  "section[data-page-section]:first-child img",
  "section[data-page-section]:first-child dl",
  ".sub-menu",
  ".page-head",
  ".bottom-bar",
  ".bottom-bar a",
];

async function boxes(page: Page) {
  return page.evaluate((selectors) => {
    const out: string[] = [];
    for (const selector of selectors)
      document.querySelectorAll(selector).forEach((el, i) => {
        const r = el.getBoundingClientRect();
        if (r.top >= innerHeight || r.width === 0) return;
        const box = [r.x, r.y, r.width, r.height].map(Math.round).join(",");
        out.push(`${selector}[${i}] ${box} ${getComputedStyle(el).backgroundColor}`);
      });
    return out;
  }, FIRST_SCREEN);
}

describe("the first paint", () => {
  for (const viewport of ["phone", "desktop"] as const)
    test(`at ${viewport} width the first screen is laid out before the stylesheets arrive as after`, async () => {
      for (const path of PAGES) {
        const held = await openPage(browser, viewport);
        await held.page.emulateMedia({ reducedMotion: "reduce" });
        // The stylesheets never arrive: what shows is the page's inline rules alone.
        await held.page.route(/\/assets\/[^/]+\.css$/, () => {});
        await held.page.goto(server.url + path, { waitUntil: "commit" });
        await held.page.locator(".bottom-bar").waitFor({ state: "attached" });
        await held.page.waitForTimeout(300);
        const before = await boxes(held.page);
        await held.context.close();

        const loaded = await openPage(browser, viewport);
        await loaded.page.emulateMedia({ reducedMotion: "reduce" });
        await loaded.page.goto(server.url + path);
        await hydrated(loaded.page);
        const after = await boxes(loaded.page);
        expect(loaded.errors).toEqual([]);
        await loaded.context.close();

        expect(before.length, path).toBeGreaterThan(4);
        expect(before, path).toEqual(after);
      }
    });

  testOnce(
    "the page's script brings its stylesheets in; its policy allows its inline rules",
    async () => {
      const { context, page, errors } = await openPage(browser, "phone");
      const refused: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") refused.push(m.text());
      });
      const response = await page.goto(server.url + "/Brand/intro");
      const html = await response!.text();
      // The stylesheets are not in the markup a browser with scripts reads before the first paint.
      expect(html.slice(0, html.indexOf("<noscript data-stylesheets>"))).not.toContain(
        'rel="stylesheet"',
      );
      expect(response!.headers()["content-security-policy"]).toMatch(/style-src 'self' 'sha256-/);
      await hydrated(page);
      const sheets = await page.evaluate(() =>
        [...document.styleSheets].map((s) => (s.href ? new URL(s.href).pathname : "inline")),
      );
      expect(sheets[0]).toBe("inline");
      expect(sheets.filter((s) => s.startsWith("/assets/")).length).toBeGreaterThan(0);
      expect(refused).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  testOnce.each(["tap", "keyboard"])(
    "a button pressed (%s) before the page's script has attached does its work once it has, once",
    async (how) => {
      const { context, page, errors } = await openPage(browser, "phone");
      // The page's module is held until the visitor has pressed the menu button.
      let release!: () => void;
      const pressed = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/enhance-[\w-]+\.js$/, async (route) => {
        await pressed;
        await route.continue();
      });
      // Not until `load`: a module the page asks for before its load event holds that event.
      await page.goto(server.url + "/Brand/intro", { waitUntil: "domcontentloaded" });
      const toggle = page.locator("[data-menu-toggle]");
      if (how === "tap") await toggle.tap();
      else {
        await toggle.focus();
        await page.keyboard.press("Enter");
      }
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      release();
      await hydrated(page);
      await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
      await expect.poll(() => page.locator(".drawer").isVisible()).toBe(true);
      // Pressed once: it stays open, and the focus is in the menu, as when the script was there.
      await page.waitForTimeout(300);
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      expect(await page.evaluate(() => document.activeElement?.closest(".drawer") !== null)).toBe(
        true,
      );
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  testOnce(
    "without JavaScript the page gets its stylesheets, every screen of the home page styled",
    async () => {
      const style = async (javaScriptEnabled: boolean) => {
        const { context, page } = await openPage(browser, "phone", { javaScriptEnabled });
        await page.goto(server.url + "/");
        if (javaScriptEnabled) await hydrated(page);
        // The home page's last screen, whose rules are not inline.
        const last = page.locator("main > div > section[data-page-section]").last();
        const css = await last.evaluate((el) => {
          const s = getComputedStyle(el);
          return [s.paddingTop, s.backgroundColor, s.display].join(" ");
        });
        await context.close();
        return css;
      };
      expect(await style(false)).toBe(await style(true));
    },
  );
});
