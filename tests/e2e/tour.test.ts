import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { content } from "./support/sites";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { JSDOM } from "jsdom";
import { adminFetch, ADMIN_ENV, poll, signInCookie } from "./support/admin";
import { rawRequest } from "./support/http";
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
  [server, browser] = await Promise.all([startServer(ADMIN_ENV), launchBrowser()]);
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
      // Full screen on a phone (as a vendor's tour), in the page on a desktop.
      await expect
        .poll(() => frame.evaluate((el) => document.fullscreenElement === el))
        .toBe(viewport === "phone");
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
      expect(await page.evaluate(() => document.fullscreenElement)).toBe(null);
      await expect.poll(() => start.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

test("by mouse on a phone: the 360° tour opens full screen, a tapped hotspot leads to the other room, 닫기 closes it", async () => {
  const { context, page, errors } = await openPage(browser, "phone");
  try {
    await page.goto(server.url + "/FloorPlan/Emodel");
    await hydrated(page);
    const frame = page.locator("[role=tabpanel]:not([hidden]) [data-media='tour']");
    const start = frame.getByRole("button", { name: /360° 투어 보기/ });
    await start.click();
    await frame.locator(`.tour-stage[data-room='${first!.key}'] canvas`).waitFor();
    // Full screen, as a vendor's tour on a phone: the whole 390×844 screen, the picture too.
    const fullScreen = () => page.evaluate(() => document.fullscreenElement?.className ?? null);
    await expect.poll(fullScreen).toContain("media-frame-tour");
    for (const part of [frame, frame.locator(".tour-stage canvas")])
      expect(await part.boundingBox()).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await page.screenshot({ path: "test-results/tour-phone-full-screen.png" });
    await frame.getByRole("button", { name: first!.hotspots[0]!.label }).click();
    await frame.locator(`.tour-stage[data-room='${second!.key}']`).waitFor();
    await frame.getByRole("button", { name: "닫기" }).click();
    await start.waitFor();
    expect(await fullScreen()).toBe(null);
    expect(await frame.locator("canvas").count()).toBe(0);
    // Leaving full screen (the phone's back, Escape) closes it as 닫기 does.
    await start.click();
    await frame.locator(".tour-stage canvas").waitFor();
    await expect.poll(fullScreen).toContain("media-frame-tour");
    await page.evaluate(() => document.exitFullscreen());
    await start.waitFor();
    expect(await frame.locator("canvas").count()).toBe(0);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

/*
 * A vendor's tour as an agency adds it: the link put in the console's form for one tab (its own
 * tour taken out) and published. Its host is then in this complex's frame-src and in no other's;
 * the page shows the tab's thumbnail (here the type's floor plan) and loads the vendor's page only
 * when the visitor chooses it.
 */
describe("a vendor's tour published from the console", () => {
  const VENDOR = "https://vr.vendor-a.test";
  const vendorTab = content.vr.tabs.find((t) => t.key !== content.vr.defaultKey)!;
  const index = content.vr.tabs.indexOf(vendorTab);

  beforeAll(async () => {
    const cookie = await signInCookie(server);
    const html = await (
      await adminFetch(server, cookie, `/admin/content/vr?site=${content.id}`)
    ).text();
    const { window } = new JSDOM(html);
    const form = window.document.querySelector<HTMLInputElement>("input[name='$revision']")!.form!;
    const fields = new URLSearchParams();
    for (const [name, value] of new window.FormData(form)) {
      // The tab's own tour goes: a tour kept here wins over a link.
      if (typeof value === "string" && !name.startsWith(`vr.tabs.${index}.tour`))
        fields.append(name, value);
    }
    fields.set(`vr.tabs.${index}.src`, `${VENDOR}/tour.html`);
    const post = (path: string, body: URLSearchParams) =>
      adminFetch(server, cookie, path, { method: "POST", body });
    // The tab's page (VR), its fields only.
    expect((await post(`/admin/content/vr?site=${content.id}`, fields)).status).toBe(200);
    const published = await post(
      `/admin/sites/${content.id}`,
      new URLSearchParams({ intent: "publish" }),
    );
    expect(published.headers.get("location")).toBe(`/admin/sites/${content.id}?done=published`);
  }, 60_000);

  const policy = async (host: string) =>
    String(
      (await rawRequest(server, { path: "/FloorPlan/Emodel", headers: { Host: host } })).headers[
        "content-security-policy"
      ],
    );

  test("its host is in this complex's policy and not in the other's", async () => {
    const other = content.id === "anyang" ? "suwon" : "anyang";
    await poll(() => policy(`${content.id}.localhost:${server.port}`)).toContain(VENDOR);
    expect(await policy(`${other}.localhost:${server.port}`)).not.toContain("vendor-a");
  });

  test.each(["phone", "desktop"] as const)(
    "at %s size its thumbnail shows and the tour loads only on choice (a tap, the keyboard)",
    async (viewport) => {
      const { context, page, errors } = await openPage(browser, viewport);
      const vendor: string[] = [];
      await context.route(`${VENDOR}/**`, (route) => {
        vendor.push(route.request().url());
        return route.fulfill({ contentType: "text/html", body: "<title>VR</title><p>tour</p>" });
      });
      try {
        await page.goto(`${server.url}/FloorPlan/Emodel`);
        await hydrated(page);
        const tab = page.getByRole("tab", { name: vendorTab.title });
        await tab.focus();
        await page.keyboard.press("Enter");
        const panel = page.locator("[role=tabpanel]:not([hidden])");
        const start = panel.getByRole("link", { name: /화면을 클릭하시면 VR을 보실 수 있습니다/ });
        await start.waitFor();
        expect(await panel.locator(".vr-thumb img, img.vr-thumb").first().isVisible()).toBe(true);
        expect(await panel.getByRole("link", { name: /새 창에서 보기/ }).getAttribute("href")).toBe(
          `${VENDOR}/tour.html`,
        );
        await page.screenshot({ path: `test-results/vendor-tour-${viewport}.png`, fullPage: true });
        expect(vendor).toEqual([]);
        expect(await page.locator("iframe").count()).toBe(0);

        // A tap on a phone, the keyboard on a desktop.
        if (viewport === "phone") await start.click();
        else {
          await start.focus();
          await page.keyboard.press("Enter");
        }
        const iframe = panel.locator("iframe");
        await iframe.waitFor();
        await poll(() => vendor.length).toBeGreaterThan(0);
        expect(vendor[0]).toBe(`${VENDOR}/tour.html`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
