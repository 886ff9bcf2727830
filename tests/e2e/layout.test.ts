import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { content, describeOnce, menuEntry, pageTitle } from "./support/sites";
import { constructorCredit } from "~/components/layout/site-footer";
import { backTo, hydrated, launchBrowser, openPage, useCachingBrowser } from "./support/browser";
import { seriousA11yViolations } from "./support/a11y";
import { startServer, type RunningServer } from "./support/server";
import { popupEntryGone } from "./support/leads";

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh page at a viewport, opened at a path and hydrated; closes with its context. */
async function visit(
  viewport: "phone" | "desktop" | { width: number; height: number },
  path: string,
) {
  const opened = await openPage(browser, viewport);
  await opened.page.goto(server.url + path);
  await hydrated(opened.page);
  return opened;
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const telLink = `tel:${content.identity.phone.replace(/[^0-9+]/g, "")}`;
/** The first two floor plans: pages every complex has, whatever its unit types are called. */
const [firstPlan, secondPlan] = content.unitTypes.map((u) => u.path) as [string, string];

/** Fade-ins finished, so colour contrast is measured on the final colours. */
async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect.poll(() => scrollY(page)).toBeGreaterThanOrEqual(Math.min(y, 1));
}

describe("every content page in a real browser", () => {
  test("shows its banner title and slogans, and a screen-reader h1 with the page title", async () => {
    const { context, page, errors } = await openPage(browser, "desktop");
    try {
      for (const entry of content.pages) {
        await page.goto(server.url + entry.path);
        const banner = page.locator('[aria-labelledby="page-heading"]');
        const shown = (text: string) =>
          banner.getByText(text, { exact: true }).and(page.locator(":not(.sr-only)"));
        expect(await shown(entry.banner.title).isVisible(), entry.path).toBe(true);
        for (const line of entry.banner.slogans) {
          expect(await shown(line).isVisible(), `${entry.path}: ${line}`).toBe(true);
        }
        const h1 = page.locator("h1");
        expect(await h1.count(), entry.path).toBe(1);
        expect((await h1.textContent())?.trim(), entry.path).toBe(entry.title);
        const box = await h1.boundingBox();
        expect(
          box && box.width <= 1 && box.height <= 1,
          `${entry.path}: h1 is for screen readers only`,
        ).toBe(true);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  test("nothing overflows horizontally at 360 px", async () => {
    const { context, page } = await openPage(browser, { width: 360, height: 740 });
    try {
      const overflowing: string[] = [];
      for (const entry of content.pages) {
        await page.goto(server.url + entry.path);
        await hydrated(page);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 360) overflowing.push(`${entry.path}: ${width}px`);
      }
      expect(overflowing).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});

describeOnce("desktop header (1440 px)", () => {
  const group = content.menu.find((g) => g.items.length > 1)!;
  const longest = content.menu.reduce((a, b) => (b.items.length > a.items.length ? b : a));

  test("hovering a top menu item opens the dropdown of sub-pages; leaving the header closes it", async () => {
    const { context, page } = await visit("desktop", "/Brand/intro");
    try {
      const nav = page.getByRole("navigation", { name: "주 메뉴" });
      const subLink = nav.getByRole("link", { name: group.items[1]!.title, exact: true });
      expect(await subLink.isVisible()).toBe(false);

      await nav.getByRole("link", { name: group.title, exact: true }).first().hover();
      await subLink.waitFor({ state: "visible" });
      expect(await subLink.getAttribute("href")).toBe(group.items[1]!.url);

      // Every sub-link of the longest column sits on the white panel, not below it.
      const panel = await page.locator(".gnb-backdrop").boundingBox();
      const lastOfLongest = nav
        .getByRole("link", { name: longest.items.at(-1)!.title, exact: true })
        .last();
      const last = await lastOfLongest.boundingBox();
      expect(panel && last && last.y + last.height <= panel.y + panel.height).toBe(true);

      await page.mouse.move(720, 880);
      await subLink.waitFor({ state: "hidden" });
    } finally {
      await context.close();
    }
  });

  test("keyboard: Tab into the menu shows the sub-links, Escape closes them", async () => {
    const { context, page } = await visit("desktop", "/");
    try {
      const nav = page.getByRole("navigation", { name: "주 메뉴" });
      const subLink = nav.getByRole("link", {
        name: content.menu[0]!.items[1]!.title,
        exact: true,
      });
      for (let i = 0; i < 10; i++) {
        await page.keyboard.press("Tab");
        if (await page.evaluate(() => !!document.activeElement?.closest("nav.gnb"))) break;
      }
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        content.menu[0]!.title,
      );
      expect(await subLink.isVisible()).toBe(true);

      // The sub-links are the next stops of the Tab key.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        content.menu[0]!.items[0]!.title,
      );

      // Escape hides the sub-links and keeps focus on the top item they belong to.
      await page.keyboard.press("Escape");
      await subLink.waitFor({ state: "hidden" });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        content.menu[0]!.title,
      );

      // Tabbing on reopens it at the next top item.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        content.menu[1]!.title,
      );
      await subLink.waitFor({ state: "visible" });
    } finally {
      await context.close();
    }
  });

  test("tabbing out of the menu closes the dropdown", async () => {
    const { context, page } = await visit("desktop", "/");
    try {
      const nav = page.getByRole("navigation", { name: "주 메뉴" });
      const lastGroup = content.menu.at(-1)!;
      await nav.getByRole("link", { name: lastGroup.title, exact: true }).first().focus();
      const lastSub = nav.getByRole("link", { name: lastGroup.items.at(-1)!.title, exact: true });
      for (const item of lastGroup.items) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(item.title);
      }
      expect(await lastSub.isVisible()).toBe(true);
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("nav.gnb"))).toBe(false);
      await lastSub.waitFor({ state: "hidden" });
    } finally {
      await context.close();
    }
  });

  test("the header turns solid once scrolled, and the to-top button appears past 200 px", async () => {
    const { context, page } = await visit("desktop", firstPlan);
    try {
      const header = page.locator(".site-header");
      const toTop = page.getByRole("link", { name: "맨 위로" });
      expect(await header.getAttribute("data-scrolled")).toBe("false");
      expect(await toTop.count()).toBe(0);

      await scrollTo(page, 120);
      await expect.poll(() => header.getAttribute("data-scrolled")).toBe("true");
      expect(await toTop.count()).toBe(0);

      await scrollTo(page, 400);
      await expect.poll(() => toTop.count()).toBe(1);
      expect(await toTop.isVisible()).toBe(true);

      await toTop.click();
      await expect.poll(() => scrollY(page)).toBe(0);
      await expect.poll(() => header.getAttribute("data-scrolled")).toBe("false");
    } finally {
      await context.close();
    }
  });

  test("shows the phone button in the header and hides the mobile bottom bar", async () => {
    const { context, page } = await visit("desktop", "/");
    try {
      const phone = page
        .locator(".site-header")
        .getByRole("button", { name: content.identity.phone });
      expect(await phone.isVisible()).toBe(true);
      expect(await phone.textContent()).toContain(content.identity.phone);
      expect(await page.getByRole("region", { name: "빠른 상담" }).isVisible()).toBe(false);
      expect(await page.getByRole("button", { name: "메뉴 열기" }).isVisible()).toBe(false);
      expect(
        await page
          .locator(".site-header")
          .getByRole("link", { name: "모바일 상담" })
          .getAttribute("href"),
      ).toBe("/Promotion/Customer");
    } finally {
      await context.close();
    }
  });
});

describe("desktop header between 901 and 1440 px", () => {
  test("the phone button and every menu item fit in the window, with no word broken", async () => {
    for (const width of [901, 1024, 1280, 1440]) {
      const { context, page } = await visit({ width, height: 800 }, "/Brand/intro");
      try {
        const phone = page
          .locator(".site-header")
          .getByRole("button", { name: content.identity.phone });
        const box = (await phone.boundingBox())!;
        expect(box.x + box.width, `phone button at ${width} px`).toBeLessThanOrEqual(width);
        // Each menu label on one line, left of the phone button.
        const labels = await page.locator(".gnb-link").evaluateAll((links) =>
          links.map((link) => {
            const range = document.createRange();
            range.selectNodeContents(link);
            return {
              lines: range.getClientRects().length,
              right: range.getBoundingClientRect().right,
            };
          }),
        );
        for (const label of labels) {
          expect(label.lines, `a menu label wraps at ${width} px`).toBe(1);
          expect(label.right).toBeLessThanOrEqual(box.x);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      } finally {
        await context.close();
      }
    }
  });
});

describeOnce("mobile header (390 px)", () => {
  test("the hamburger opens and closes the drawer, whose first entry is the visit reservation", async () => {
    const { context, page } = await visit("phone", "/Brand/intro");
    try {
      const toggle = page.getByRole("button", { name: "메뉴 열기" });
      const drawer = page.getByRole("navigation", { name: "모바일 메뉴" });
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await drawer.isVisible()).toBe(false);

      await toggle.click();
      const close = page.getByRole("button", { name: "메뉴 닫기" });
      expect(await close.getAttribute("aria-expanded")).toBe("true");
      await drawer.waitFor({ state: "visible" });
      expect(await drawer.getByRole("link").first().getAttribute("href")).toBe(
        "/Promotion/Customer",
      );

      await close.click();
      expect(
        await page.getByRole("button", { name: "메뉴 열기" }).getAttribute("aria-expanded"),
      ).toBe("false");
      await drawer.waitFor({ state: "hidden" });
    } finally {
      await context.close();
    }
  });

  test("accordion: one section open at a time; a link navigates and closes the drawer", async () => {
    const { context, page } = await visit("phone", "/Brand/intro");
    try {
      await page.getByRole("button", { name: "메뉴 열기" }).click();
      const drawer = page.getByRole("navigation", { name: "모바일 메뉴" });
      const [first, second] = [content.menu[1]!, content.menu[5]!];
      const head = (title: string) => drawer.getByRole("button", { name: title, exact: true });
      const expanded = () => drawer.locator('[aria-expanded="true"]').count();

      await head(first.title).click();
      expect(await head(first.title).getAttribute("aria-expanded")).toBe("true");
      expect(
        await drawer.getByRole("link", { name: first.items[1]!.title, exact: true }).isVisible(),
      ).toBe(true);

      await head(second.title).click();
      expect(await head(second.title).getAttribute("aria-expanded")).toBe("true");
      expect(await head(first.title).getAttribute("aria-expanded")).toBe("false");
      expect(await expanded()).toBe(1);
      expect(
        await drawer.getByRole("link", { name: first.items[1]!.title, exact: true }).isVisible(),
      ).toBe(false);

      await head(second.title).click();
      expect(await expanded()).toBe(0);
      await head(second.title).click();

      const target = second.items[2]!;
      await drawer.getByRole("link", { name: target.title, exact: true }).click();
      await page.waitForURL(server.url + target.url);
      await drawer.waitFor({ state: "hidden" });
      expect(
        await page.getByRole("button", { name: "메뉴 열기" }).getAttribute("aria-expanded"),
      ).toBe("false");
      const title = content.pages.find((p) => p.path === target.url)!.title;
      await page.locator("h1", { hasText: title }).waitFor();
      expect(await page.locator("h1").textContent()).toBe(title);
    } finally {
      await context.close();
    }
  });

  test("Escape closes the drawer and returns focus to the toggle", async () => {
    const { context, page } = await visit("phone", "/");
    try {
      await page.getByRole("button", { name: "메뉴 열기" }).click();
      const drawer = page.getByRole("navigation", { name: "모바일 메뉴" });
      await drawer.waitFor({ state: "visible" });
      expect(await page.evaluate(() => !!document.activeElement?.closest("nav"))).toBe(true);

      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "hidden" });
      const focused = await page.evaluate(() =>
        document.activeElement?.getAttribute("aria-controls"),
      );
      expect(focused).toBe(
        await page.getByRole("button", { name: "메뉴 열기" }).getAttribute("aria-controls"),
      );
    } finally {
      await context.close();
    }
  });

  test("the bottom bar offers visit reservation and a phone call; the header has a call link", async () => {
    const { context, page } = await visit("phone", "/BusinessGuide/intro");
    try {
      const bar = page.getByRole("region", { name: "빠른 상담" });
      expect(await bar.isVisible()).toBe(true);
      expect(await bar.getByRole("button", { name: "방문예약" }).isVisible()).toBe(true);
      const call = bar.getByRole("link", { name: "전화상담" });
      expect(await call.isVisible()).toBe(true);
      expect(await call.getAttribute("href")).toBe(telLink);
      const box = await bar.boundingBox();
      expect(box && Math.round(box.y + box.height)).toBe(844);

      const headerCall = page
        .locator(".site-header")
        .getByRole("link", { name: content.identity.phone });
      expect(await headerCall.isVisible()).toBe(true);
      expect(await headerCall.getAttribute("href")).toBe(telLink);
      expect(await page.getByRole("navigation", { name: "주 메뉴" }).isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  test("the section tabs scroll sideways so the current page's tab is in view", async () => {
    const { context, page } = await visit("phone", "/FloorPlan/videos");
    try {
      const current = page.locator('.sub-menu a[aria-current="page"]');
      expect(await current.textContent()).toBe(menuEntry("/FloorPlan/videos").item.title);
      const box = await current.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(391); // sub-pixel rounding at the end of the row
      expect(await scrollY(page)).toBe(0);
    } finally {
      await context.close();
    }
  });

  test("buttons and links of the header, drawer and bottom bar are at least 44 px tall", async () => {
    const { context, page } = await visit("phone", "/Brand/intro");
    try {
      await page.locator(".site-footer").getByRole("button", { name: "패밀리사이트" }).click();
      await page.getByRole("button", { name: "메뉴 열기" }).click();
      await page
        .getByRole("navigation", { name: "모바일 메뉴" })
        .getByRole("button")
        .first()
        .click();
      const small = await page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLElement>(
            ".header-mobile a, .header-mobile button, .bottom-bar a, .sub-menu a, .site-footer a, .site-footer button",
          ),
        ]
          .filter((el) => el.offsetParent !== null)
          .map((el) => ({
            text: el.textContent?.trim() || el.className,
            height: el.getBoundingClientRect().height,
          }))
          .filter((t) => t.height < 44),
      );
      expect(small).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describeOnce("navigation", () => {
  test("a navigation starts the new page at the top; Back shows the previous page", async () => {
    const { context, page } = await visit("desktop", firstPlan);
    try {
      // Footer link from the bottom of the page.
      await scrollTo(page, 100_000);
      expect(await scrollY(page)).toBeGreaterThan(200);
      await page.locator(".site-footer").getByRole("link", { name: "개인정보처리방침" }).click();
      await page.waitForURL(server.url + "/privacy");
      await expect.poll(() => scrollY(page)).toBe(0);

      // Back shows the floor plan again.
      await backTo(page, page.locator("h1").filter({ hasText: pageTitle(firstPlan) }));
      expect(page.url()).toBe(server.url + firstPlan);

      // A tab of the section's sub-menu, part-way down.
      await scrollTo(page, 300);
      const { group, item } = menuEntry(secondPlan);
      await page
        .getByRole("navigation", { name: `${group.title} 하위 메뉴` })
        .getByRole("link", { name: item.title })
        .click();
      await page.waitForURL(server.url + secondPlan);
      await expect.poll(() => scrollY(page)).toBe(0);
      expect(await page.locator("h1").textContent()).toBe(pageTitle(secondPlan));
    } finally {
      await context.close();
    }
  });
});

describeOnce("registration popup", () => {
  const popup = (page: Page) => page.getByRole("dialog", { name: "방문예약 · 관심고객 등록" });
  // A visitor's browser shows a page again on Back or Forward as it was left, its script's state
  // and all; playwright-core's does not, unless asked.
  const cachingBrowser = useCachingBrowser();
  const stayed = (page: Page) =>
    page.evaluate(() => (window as unknown as { stay?: boolean }).stay === true);

  /** A phone's page at /Brand/intro with /privacy before it, its script attached and a mark set. */
  async function introAfterPrivacy(from: Browser) {
    const opened = await openPage(from, "phone");
    await opened.page.goto(server.url + "/privacy");
    await opened.page.goto(server.url + "/Brand/intro");
    await hydrated(opened.page);
    await opened.page.evaluate(() => ((window as unknown as { stay: boolean }).stay = true));
    return opened;
  }

  test("a trigger opens the popup with an empty form; Back closes it and stays on the page", async () => {
    const { context, page, errors } = await introAfterPrivacy(browser);
    try {
      const dialog = popup(page);
      const name = dialog.getByRole("textbox", { name: /^이름/ });
      expect(await dialog.count()).toBe(0);

      await page.locator(".bottom-bar-reserve").click();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await name.inputValue()).toBe("");
      expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
      // The lead records the page it came from.
      expect(await dialog.locator('input[name="source"]').inputValue()).toBe("/Brand/intro");
      await name.fill("되돌아가기");

      await page.evaluate(() => history.back());
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(new URL(page.url()).pathname).toBe("/Brand/intro");
      expect(await stayed(page)).toBe(true);

      // Each opening starts afresh.
      await page.locator(".bottom-bar-reserve").click();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await name.inputValue()).toBe("");
      await dialog.getByRole("button", { name: "닫기" }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);

      // Closing tidied history up: one Back now leaves for the previous page.
      await popupEntryGone(page);
      await page.goBack();
      await page.waitForURL(server.url + "/privacy");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a page shown again from the browser's cache has its menu closed; the popup opens, Back closes it, and Back then leaves", async () => {
    const { context, page, errors } = await introAfterPrivacy(cachingBrowser());
    try {
      const drawer = page.getByRole("navigation", { name: "모바일 메뉴" });
      const dialog = popup(page);
      const title = (path: string) =>
        page.locator("h1").filter({ hasText: content.pages.find((p) => p.path === path)!.title });

      // Left with the menu open (Back leaves the page: the menu owns no history entry), then Forward.
      await page.getByRole("button", { name: "메뉴 열기" }).click();
      expect(await drawer.isVisible()).toBe(true);
      await backTo(page, title("/privacy"));
      await page.goForward({ waitUntil: "commit" });
      await title("/Brand/intro").waitFor();
      expect(await stayed(page)).toBe(true); // the page as it was left, not loaded anew
      expect(await drawer.isVisible()).toBe(false);
      expect(await page.getByRole("button", { name: "메뉴 열기" }).isVisible()).toBe(true);

      // The popup opens; Back closes it and stays on the page.
      await page.locator(".bottom-bar-reserve").click();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await page.goBack({ waitUntil: "commit" });
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(new URL(page.url()).pathname).toBe("/Brand/intro");
      expect(await stayed(page)).toBe(true);

      // Left with the popup open (another address typed), then Back: the popup is still open;
      // Back closes it, then leaves.
      await page.locator(".bottom-bar-reserve").click();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await page.goto(server.url + firstPlan);
      await backTo(page, dialog);
      expect(await stayed(page)).toBe(true);
      await page.goBack({ waitUntil: "commit" });
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(new URL(page.url()).pathname).toBe("/Brand/intro");
      await backTo(page, title("/privacy"));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("without JavaScript a trigger leads to the registration page", async () => {
    const { context, page } = await openPage(browser, "desktop", { javaScriptEnabled: false });
    try {
      await page.goto(server.url + "/Brand/intro");
      await page.locator(".header-phone").click();
      await page.waitForURL(server.url + "/register");
      expect(await page.getByRole("heading", { name: "등록 정보 입력" }).isVisible()).toBe(true);
      expect(await page.getByRole("textbox", { name: /^이름/ }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe("page tags", () => {
  test("the canonical address is on the server's SITE_URL, after a navigation too", async () => {
    // The server runs with its own SITE_URL (http://localhost:<port>), not the one the build was made with.
    const { context, page } = await visit("desktop", "/Brand/intro");
    try {
      const canonical = () => page.locator('link[rel="canonical"]').getAttribute("href");
      const ogUrl = () => page.locator('meta[property="og:url"]').getAttribute("content");
      expect(await page.locator('link[rel="canonical"]').count()).toBe(1);
      expect(await canonical()).toBe(server.url + "/Brand/intro");
      expect(await ogUrl()).toBe(server.url + "/Brand/intro");

      const { group, item } = menuEntry("/Brand/video");
      await page
        .getByRole("navigation", { name: `${group.title} 하위 메뉴` })
        .getByRole("link", { name: item.title })
        .click();
      await page.waitForURL(server.url + "/Brand/video");
      await expect.poll(canonical).toBe(server.url + "/Brand/video");
      expect(await ogUrl()).toBe(server.url + "/Brand/video");
    } finally {
      await context.close();
    }
  });
});

describe("footer", () => {
  test("shows the phone, disclaimers, constructor credit and a family-site toggle", async () => {
    const { context, page } = await visit("phone", "/LocationEnvironment/intro");
    try {
      const footer = page.locator("footer.site-footer");
      const phone = footer.getByRole("link", { name: content.identity.phone });
      expect(await phone.getAttribute("href")).toBe(telLink);
      expect(await footer.getByText(content.contact.hours).isVisible()).toBe(true);
      for (const line of content.legal.disclaimers)
        expect(await footer.getByText(line).isVisible()).toBe(true);
      expect(await footer.getByText(constructorCredit(content.identity)).isVisible()).toBe(true);
      expect(await footer.getByText(content.legal.smsNotice).isVisible()).toBe(true);
      expect(await footer.getByRole("button", { name: "방문예약" }).isVisible()).toBe(true);

      const toggle = footer.getByRole("button", { name: "패밀리사이트" });
      const family = footer.getByRole("link", { name: content.familySites[0]!.name });
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await family.isVisible()).toBe(false);
      await toggle.click();
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      expect(await family.isVisible()).toBe(true);
      expect(await family.getAttribute("href")).toBe(content.familySites[0]!.url);
      expect(await family.getAttribute("target")).toBe("_blank");
      await toggle.click();
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await family.isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe("accessibility (axe) of the open drawer", () => {
  // Every page whole at both widths: tests/e2e/a11y.test.ts. Here the state only this file opens.
  test("the mobile drawer has no serious or critical violations when open", async () => {
    const { context, page } = await visit("phone", "/Brand/intro");
    try {
      await page.getByRole("button", { name: "메뉴 열기" }).click();
      await page
        .getByRole("navigation", { name: "모바일 메뉴" })
        .getByRole("button")
        .first()
        .click();
      await animationsDone(page);
      expect(await seriousA11yViolations(page, "open drawer", ".site-header")).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
