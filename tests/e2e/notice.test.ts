import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fileUrl } from "~/lib/media-files";
import { hydrated, launchBrowser, openPage, VIEWPORTS } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";
import { content } from "./support/sites";

/*
 * The recruitment notice on /SalesInfo/announcement, by mouse and keyboard alone: the loading state
 * while the first page is on its way, then the pages, readable (800 px pictures, 1600 px in the
 * zoom viewer, opened by Enter and closed by Escape), and the PDF downloadable.
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

const notice = content.announcement;
const document = notice.document!;

describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])(
  "the notice's pages (%s)",
  (viewport) => {
    test("show the loading state, then pages that zoom and a PDF that downloads", async () => {
      const { context, page, errors } = await openPage(browser, viewport);
      // The first page held back until the loading state has been seen.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/-p1-800\.webp$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${server.url}/SalesInfo/announcement`, { waitUntil: "domcontentloaded" });
      await hydrated(page);
      const loading = page.getByRole("status").filter({ hasText: "파일을 불러오는 중입니다" });
      await expect.poll(() => loading.isVisible()).toBe(true);
      release();
      await loading.waitFor({ state: "detached" });

      // Every page, in order, named, as wide as its picture says.
      const pictures = page.locator(".doc-page img");
      expect(await pictures.count()).toBe(document.pages.length);
      const first = page.getByRole("img", { name: `${notice.title} 1쪽`, exact: true });
      await first.scrollIntoViewIfNeeded();
      expect(
        await first.evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThanOrEqual(800);
      await expect
        .poll(() => page.getByText(`1 / ${document.pages.length}쪽`).isVisible())
        .toBe(true);
      if (viewport === "phone") await page.screenshot({ path: "test-results/notice-390.png" });
      else await page.screenshot({ path: "test-results/notice-1440.png" });

      // Enter on the first page opens it at 1600 px; Escape closes it.
      await page.locator(".doc-page-link").first().focus();
      await page.keyboard.press("Enter");
      const zoomed = page.locator(".pswp img").first();
      await zoomed.waitFor();
      await expect
        .poll(() => zoomed.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(1600);
      await page.keyboard.press("Escape");
      await page.locator(".pswp").waitFor({ state: "detached" });

      // The download link names the size and gives the PDF.
      const download = page.getByRole("link", { name: /^PDF 내려받기 \(\d+KB\)$/ });
      expect(await download.getAttribute("href")).toBe(fileUrl(document.src));
      const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
      const res = await fetch(server.url + fileUrl(document.src));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect((await res.arrayBuffer()).byteLength).toBe(document.bytes);
      expect(file.suggestedFilename()).toMatch(/\.pdf$/);
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
