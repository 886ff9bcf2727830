import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { content } from "./support/sites";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";

/*
 * Drawings open in a full-screen zoom viewer (PhotoSwipe, loaded on the first tap) that Back closes,
 * as it closes the registration popup.
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

const unit = content.unitTypes[0]!;

/** True when a style sheet of the page has PhotoSwipe's rules. */
const viewerCssLoaded = (page: Page) =>
  page.evaluate(() =>
    [...document.styleSheets].some((sheet) => {
      try {
        return [...sheet.cssRules].some((rule) => rule.cssText.includes(".pswp"));
      } catch {
        return false;
      }
    }),
  );

/** Width on screen of the drawing inside the viewer. */
const shownWidth = (page: Page) =>
  page
    .locator(".pswp__item:not([aria-hidden='true']) img.pswp__img")
    .evaluate((img) => img.getBoundingClientRect().width);

describe("drawing zoom viewer", () => {
  test("at 390 px a tap opens the floor plan full screen, a double tap zooms in, Back closes it and stays on the page", async () => {
    const { context, page, errors } = await openPage(browser, "phone");
    try {
      await page.goto(server.url + unit.path);
      await hydrated(page);
      expect(await viewerCssLoaded(page)).toBe(false);
      const dataRequests: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes(".data")) dataRequests.push(r.url());
      });

      await page.locator(".fp-figure .zoomable-drawing").tap();
      const close = page.getByRole("button", { name: "닫기", exact: true });
      await close.waitFor();
      await page.locator(".pswp--open").waitFor();
      expect(await viewerCssLoaded(page)).toBe(true);
      const fitted = await shownWidth(page);
      expect(fitted).toBeLessThanOrEqual(390);

      const box = (await page
        .locator(".pswp__item:not([aria-hidden='true']) img.pswp__img")
        .boundingBox())!;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await page.touchscreen.tap(x, y);
      await page.touchscreen.tap(x, y);
      await expect.poll(() => shownWidth(page)).toBeGreaterThan(fitted * 2);

      await page.goBack();
      await page.locator(".pswp").waitFor({ state: "detached" });
      expect(page.url()).toBe(server.url + unit.path);
      await expect(page.locator("#page-heading").textContent()).resolves.toBe(
        content.pages.find((p) => p.path === unit.path)!.title,
      );
      expect(dataRequests).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("the close button closes the viewer and returns to the page's own history entry", async () => {
    const { context, page } = await openPage(browser, "desktop");
    try {
      await page.goto(server.url + "/ComplexGuide/intro");
      await hydrated(page);
      await page.locator(".plan-zoom").click();
      await page.getByRole("button", { name: "닫기", exact: true }).click();
      await page.locator(".pswp").waitFor({ state: "detached" });
      await expect.poll(() => page.evaluate(() => history.state?.drawingViewer ?? null)).toBe(null);
      expect(page.url()).toBe(server.url + "/ComplexGuide/intro");
    } finally {
      await context.close();
    }
  });

  test("without JavaScript a drawing is a link to its SVG file", async () => {
    const { context, page } = await openPage(browser, "phone", { javaScriptEnabled: false });
    try {
      await page.goto(server.url + unit.path);
      await expect(page.locator(".fp-figure .zoomable-drawing").getAttribute("href")).resolves.toBe(
        `/img/${unit.plan.src}`,
      );
    } finally {
      await context.close();
    }
  });
});
