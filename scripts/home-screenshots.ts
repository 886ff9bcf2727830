/**
 * Screenshots of every home page section, for a person to look at: 1440 px (one screen per section,
 * paged with the keyboard, then the footer), 390 px, and 390 px at device scale 3 (each section
 * as an element shot; the phone-only accordions once opened, a PREMIUM card expanded).
 * Usage: npm run build && npm run screenshots:home   → screenshots/home-*.png (not committed)
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { CHROMIUM_ARGS } from "../tests/e2e/support/browser";
import { startServer } from "../tests/e2e/support/server";
import { chromium } from "playwright-core";

const settle = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((r) => setTimeout(r, 400));
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
    // Images on screen (lazy ones elsewhere never load), with a time limit.
    const onScreen = Array.from(document.images).filter((img) => {
      const box = img.getBoundingClientRect();
      return !img.complete && box.bottom > 0 && box.top < innerHeight && box.width > 0;
    });
    await Promise.race([
      Promise.all(
        onScreen.map((img) => new Promise((r) => img.addEventListener("load", r, { once: true }))),
      ),
      new Promise((r) => setTimeout(r, 3000)),
    ]);
  });

mkdirSync("screenshots", { recursive: true });
const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
});
try {
  // Desktop: page through the sections as a visitor would.
  {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: "ko-KR",
    });
    const page = await context.newPage();
    await page.goto(server.url + "/", { waitUntil: "networkidle" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    for (let i = 1; i <= 9; i++) {
      await settle(page);
      await page.screenshot({ path: `screenshots/home-1440-${String(i).padStart(2, "0")}.png` });
      await page.keyboard.press("PageDown");
      await page.waitForTimeout(900);
    }
    await context.close();
  }
  // Phones: each block of the stacked layout.
  for (const scale of [1, 3]) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: scale,
      isMobile: true,
      hasTouch: true,
      locale: "ko-KR",
    });
    const page = await context.newPage();
    await page.goto(server.url + "/", { waitUntil: "networkidle" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await settle(page);
    const tag = scale === 1 ? "390" : "390x3";
    await page.screenshot({ path: `screenshots/home-${tag}-00-first-screen.png` });
    const blocks = page.locator(".home > section");
    const count = await blocks.count();
    for (let i = 0; i < count; i++) {
      const block = blocks.nth(i);
      await block.scrollIntoViewIfNeeded();
      const first = block.locator("details.acc > summary").first();
      if (await first.count()) await first.click();
      const card = block.locator(".premium-card-toggle").first();
      if (await card.count()) await card.click();
      await settle(page);
      await block.screenshot({
        path: `screenshots/home-${tag}-${String(i + 1).padStart(2, "0")}.png`,
      });
      // Phone-only accordions: also each further item opened (one at a time).
      const heads = block.locator("details.acc > summary");
      for (let k = 1; k < (await heads.count()); k++) {
        await heads.nth(k).click();
        await settle(page);
        await block.screenshot({
          path: `screenshots/home-${tag}-${String(i + 1).padStart(2, "0")}-${k + 1}.png`,
        });
      }
    }
    await page.locator(".site-footer").scrollIntoViewIfNeeded();
    await settle(page);
    await page
      .locator(".site-footer")
      .screenshot({ path: `screenshots/home-${tag}-99-footer.png` });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log("home section screenshots written to screenshots/home-*.png");
