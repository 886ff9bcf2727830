import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RESULT_MESSAGES } from "~/leads/lead-form";
import { telHref } from "~/lib/phone";
import { siteById } from "~/sites/registry.server";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { exportLeads, fields, humanPause } from "./support/leads";
import { startServer, type RunningServer } from "./support/server";

/*
 * A number per ad source (content phoneBySource) as a visitor meets it, on the second sample
 * complex, which maps naver: chosen by its host (suwon.localhost), so this file runs in any
 * project. The number shown is swapped on every page of the visit and recorded with the lead;
 * without JavaScript the default number shows.
 */

const suwon = siteById("suwon")!;
const mapped = suwon.phoneBySource!.naver!.phone;
const standard = suwon.identity.phone;

let server: RunningServer;
let browser: Browser;
let origin: string;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ LEADS_RATE_LIMIT: "1000", LEADS_DUPLICATE_WINDOW_SECONDS: "0" }),
    launchBrowser(),
  ]);
  origin = `http://suwon.localhost:${server.port}`;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The numbers the page's phone displays show, and every tel: href on it. */
async function shown(page: Page) {
  return {
    header: await page.locator(".header-mobile .header-call").textContent(),
    headerHref: await page.locator(".header-mobile .header-call").getAttribute("href"),
    desktopHeader: await page.locator(".header-desktop .header-phone").textContent(),
    footer: await page.locator(".footer-phone a").textContent(),
    bottomBarHref: await page.locator(".bottom-bar-call").getAttribute("href"),
    telHrefs: [
      ...new Set(
        await page
          .locator('a[href^="tel:"]')
          .evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
      ),
    ],
  };
}

const expectNumber = (s: Awaited<ReturnType<typeof shown>>, phone: string) => {
  expect(s.header).toContain(phone);
  expect(s.headerHref).toBe(telHref(phone));
  expect(s.desktopHeader).toContain(phone);
  expect(s.footer).toBe(phone);
  expect(s.bottomBarHref).toBe(telHref(phone));
  expect(s.telHrefs).toEqual([telHref(phone)]);
};

describe("a number per ad source (suwon maps naver)", () => {
  test("a visit from naver sees naver's number on every page, and its inquiry records it", async () => {
    const { context, page, errors } = await openPage(browser, "phone");
    try {
      await page.goto(`${origin}/?utm_source=naver`);
      expect(await page.locator(".bottom-bar-call").isVisible()).toBe(true);
      expectNumber(await shown(page), mapped);
      // Structured data keeps the complex's own number.
      const jsonLd = (
        await page.locator('script[type="application/ld+json"]').allTextContents()
      ).join("\n");
      expect(jsonLd).not.toContain(mapped);
      await hydrated(page);

      // The next page, without utm_source: the visit's first touch decides.
      await page.goto(origin + suwon.unitTypes[0]!.path);
      expectNumber(await shown(page), mapped);

      // The press list is rendered per request (its inline scripts allowed by a nonce).
      await page.goto(`${origin}/${suwon.press.defaultSite}/press`);
      expectNumber(await shown(page), mapped);

      await page.goto(`${origin}/Promotion/Customer`);
      expectNumber(await shown(page), mapped);
      expect(await page.locator(".customer-phone a").textContent()).toContain(mapped);
      await hydrated(page);

      const f = fields(page.locator("main"));
      const phone = `010-8${String(process.pid % 1000).padStart(3, "0")}-2001`;
      await f.name.fill("네이버문의");
      await f.phone.fill(phone);
      await f.message.fill("가상번호로 보고 문의드립니다.");
      await f.consent.check();
      await humanPause(page);
      await f.submit.click();
      await expect.poll(() => f.status.textContent()).toBe(RESULT_MESSAGES.inquiry.success);

      const lead = (await exportLeads(server, "suwon")).find((l) => l.연락처 === phone);
      expect(lead).toMatchObject({ utm_source: "naver", "표시 번호": mapped });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("without JavaScript the default number shows, and the lead records it", async () => {
    const { context, page } = await openPage(browser, "phone", { javaScriptEnabled: false });
    try {
      await page.goto(`${origin}/?utm_source=naver`);
      expectNumber(await shown(page), standard);

      await page.goto(`${origin}/Promotion/Customer?utm_source=naver`);
      expectNumber(await shown(page), standard);
      const f = fields(page.locator("main"));
      const phone = `010-8${String(process.pid % 1000).padStart(3, "0")}-2002`;
      await f.name.fill("기본문의");
      await f.phone.fill(phone);
      await f.message.fill("대표번호로 보고 문의드립니다.");
      await f.consent.check();
      await humanPause(page);
      await Promise.all([page.waitForLoadState("load"), f.submit.click()]);
      await expect.poll(() => f.status.textContent()).toBe(RESULT_MESSAGES.inquiry.success);
      const lead = (await exportLeads(server, "suwon")).find((l) => l.연락처 === phone);
      expect(lead).toMatchObject({ "표시 번호": standard });
    } finally {
      await context.close();
    }
  });
});
