import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { content } from "./support/sites";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";

/*
 * VR tours on the E-model page, at 390 and 1440 px, by keyboard: the sample's own 360° tour
 * (rooms of panoramas drawn from the floor plans, app/enhance/tour.ts) and a vendor's tour link
 * (the test gives a frame one: no sample points visitors at a vendor), which loads nothing from
 * the vendor's host before the visitor chooses it.
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

const tab = content.vr.tabs.find((t) => t.key === content.vr.defaultKey)!;
const [first, second] = tab.tour!.rooms;

describe.each(["phone", "desktop"] as const)("E-model page at %s size", (viewport) => {
  test("the 360° tour opens by keyboard, turns with the arrows and follows a hotspot by Enter", async () => {
    const { context, page, errors } = await openPage(browser, viewport);
    const viewerFiles: string[] = [];
    page.on("request", (r) => {
      if (/pannellum|\/pano\/.*-2048\.jpg/.test(r.url())) viewerFiles.push(r.url());
    });
    try {
      await page.goto(server.url + "/FloorPlan/Emodel");
      await hydrated(page);
      const frame = page.locator("[role=tabpanel]:not([hidden]) [data-media='tour']");
      const start = frame.getByRole("button", { name: /360° 투어 보기/ });
      await start.waitFor();
      expect(await frame.getByRole("img", { name: new RegExp(first!.title) }).isVisible()).toBe(
        true,
      );
      expect(
        await frame.getByRole("link", { name: `${first!.title} 파노라마 사진 크게 보기` }).count(),
      ).toBe(1);
      // Nothing of the viewer before the choice (the still picture is the 2048 one, lazily).
      expect(viewerFiles.filter((u) => u.includes("pannellum"))).toEqual([]);

      await start.focus();
      await page.keyboard.press("Enter");
      const stage = frame.locator(".tour-stage");
      await frame.locator(`.tour-stage[data-room='${first!.key}'] canvas`).waitFor();
      await expect.poll(() => stage.evaluate((el) => el === document.activeElement)).toBe(true);
      const hotspot = frame.getByRole("button", { name: first!.hotspots[0]!.label });
      await hotspot.waitFor();
      const x = async () => (await hotspot.boundingBox())!.x;
      const before = await x();
      // Held, the arrow turns right: what is ahead moves to the left.
      await page.keyboard.down("ArrowRight");
      await expect.poll(x).toBeLessThan(before - 20);
      await page.keyboard.up("ArrowRight");

      await hotspot.focus();
      await page.keyboard.press("Enter");
      await frame.locator(`.tour-stage[data-room='${second!.key}']`).waitFor();
      expect(
        await frame.getByRole("button", { name: second!.title }).getAttribute("aria-pressed"),
      ).toBe("true");

      await page.keyboard.press("Escape");
      await start.waitFor();
      await expect.poll(() => start.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a vendor's tour shows its start link and embeds the tour only when chosen", async () => {
    const { context, page, errors } = await openPage(browser, viewport);
    const vendor: string[] = [];
    await context.route("https://vr.vendor.test/**", (route) => {
      vendor.push(route.request().url());
      return route.fulfill({ contentType: "text/html", body: "<title>VR</title>" });
    });
    try {
      await page.goto(server.url + "/FloorPlan/Emodel");
      await hydrated(page);
      // What VrViewer renders for a tab with a vendor's link.
      await page.evaluate(() => {
        const frame = document.querySelector<HTMLElement>(
          "[role=tabpanel]:not([hidden]) .media-frame",
        )!;
        const src = "https://vr.vendor.test/tour.html";
        Object.assign(frame.dataset, { media: "vr", state: "ready", src, title: "VR" });
        frame.innerHTML = `<a class="vr-start" href="${src}" target="_blank" rel="noopener noreferrer">화면을 클릭하시면 VR을 보실 수 있습니다</a>`;
      });
      const link = page.getByRole("link", { name: "화면을 클릭하시면 VR을 보실 수 있습니다" });
      await link.focus();
      expect(await page.locator("iframe").count()).toBe(0);
      await page.keyboard.press("Enter");
      const iframe = page.locator("iframe[title='VR']");
      await iframe.waitFor();
      expect(await iframe.getAttribute("src")).toBe("https://vr.vendor.test/tour.html");
      // Nothing was asked of the vendor before (this frame's host is not in the test complex's
      // policy, so the browser does not load it after either).
      expect(vendor).toEqual([]);
      // 닫기, after the tour in Tab order, puts the start link back and the focus on it.
      await page.getByRole("button", { name: "닫기" }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.locator("iframe").count()).toBe(0);
      expect(context.pages()).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
