import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { wcagViolations } from "./support/a11y";
import { ADMIN_ENV, signInVia } from "./support/admin";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";
import { content } from "./support/sites";

/*
 * The console's generated form (/admin/content) by keyboard alone: from the table of contents to a
 * list, an entry moved down and back up, the focus staying on the entry moved and the change
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
      await signInVia(page, server, "/admin/content");
      await hydrated(page);
      const [first, second] = content.unitTypes;
      const legends = () =>
        page.locator('[id="f-unitTypes"] > .cf-entries > li > details > summary').allTextContents();
      expect((await legends()).slice(0, 2)).toEqual([`1. ${first!.label}`, `2. ${second!.label}`]);

      // The table of contents' link to 주택형, then Tab: the first entry (folded), then its first
      // button that works.
      await page
        .getByRole("navigation", { name: "콘텐츠 목차" })
        .getByRole("link", { name: "주택형", exact: true })
        .first()
        .focus();
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
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
      expect(await wcagViolations(page, `${viewport} /admin/content`)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  },
  240_000,
);
