import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { content, menuEntry, pressPath } from "./support/sites";
import { unbreakablePattern } from "~/lib/keep-together";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";

/*
 * Details seen at 390 px and 1440 px (issue 11, item 5): the current menu item on pages outside the
 * menu, the phone floor-plan tab strip, the floor-plan banner, video tab labels, the plan legend.
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

async function visit<T>(
  viewport: "phone" | "desktop",
  path: string,
  check: (page: Page) => Promise<T>,
) {
  const { context, page, errors } = await openPage(browser, viewport);
  try {
    await page.goto(server.url + path);
    await hydrated(page);
    const result = await check(page);
    expect(errors).toEqual([]);
    return result;
  } finally {
    await context.close();
  }
}

const texts = (page: Page, selector: string) =>
  page.$$eval(selector, (els) => els.map((e) => (e.textContent ?? "").trim()));

describe("current menu item", () => {
  // The registration form and the press list are outside the menu; they mark its customer items.
  test.each([
    ["/register", "/Promotion/Customer"],
    [pressPath, "/Promotion/Press"],
  ])(
    "%s marks the customer section's %s item in the header and the section tabs",
    async (path, url) => {
      const { group, item: entry } = menuEntry(url);
      const item = entry.title;
      await visit("desktop", path, async (page) => {
        expect(await texts(page, '.gnb-link[aria-current="true"]')).toEqual([group.title]);
        expect(await texts(page, '.gnb-sub-link[aria-current="page"]')).toEqual([item]);
        expect(await texts(page, '.sub-menu a[aria-current="page"]')).toEqual([item]);
      });
    },
  );
});

describe("floor-plan pages", () => {
  test("on a phone the tab strip shows the current type and fades the edges that hide more tabs", async () => {
    const first = content.unitTypes[0]!;
    const last = content.unitTypes[content.unitTypes.length - 1]!;
    expect(
      await visit("phone", first.path, (page) => page.getAttribute(".sub-menu ul", "data-more")),
    ).toBe("end");
    await visit("phone", last.path, async (page) => {
      expect(await page.getAttribute(".sub-menu ul", "data-more")).toMatch(/^(start|both)$/);
      const { tab, strip } = await page.evaluate(() => ({
        tab: document
          .querySelector('.sub-menu a[aria-current="page"]')!
          .getBoundingClientRect()
          .toJSON(),
        strip: document.querySelector(".sub-menu ul")!.getBoundingClientRect().toJSON(),
      }));
      expect(tab.left).toBeGreaterThanOrEqual(strip.left);
      expect(tab.right).toBeLessThanOrEqual(strip.right);
    });
  });

  test("without JavaScript the strip's edges fade the same way, from its scroll position; a strip that fits does not fade", async () => {
    const { context, page } = await openPage(browser, "phone", { javaScriptEnabled: false });
    try {
      const mask = () => page.$eval(".sub-menu ul", (ul) => getComputedStyle(ul).maskImage);
      await page.goto(server.url + content.unitTypes[0]!.path);
      expect(await mask()).toMatch(/^linear-gradient\(to right, .*\)$/);
      expect(await mask()).not.toContain("48px, rgb");
      await page.$eval(".sub-menu ul", (ul) => ul.scrollTo({ left: ul.scrollWidth }));
      await expect.poll(mask).toMatch(/^linear-gradient\(to left, .*\)$/);
      await page.$eval(".sub-menu ul", (ul) =>
        ul.scrollTo({ left: (ul.scrollWidth - ul.clientWidth) / 2 }),
      );
      // Both edges hide tabs: transparent, opaque from 48 px, transparent again.
      await expect
        .poll(mask)
        .toMatch(/^linear-gradient\(to right, rgba\(0, 0, 0, 0\), rgb\(0, 0, 0\) 48px/);

      await page.goto(server.url + "/LocationEnvironment/primium");
      expect(await page.$$eval(".sub-menu li", (items) => items.length)).toBe(2);
      expect(await mask()).toBe("none");
    } finally {
      await context.close();
    }
  });

  test("the banner slogan is the floor plans' own, not the video page's", async () => {
    const plan = await visit("desktop", content.unitTypes[0]!.path, (page) =>
      texts(page, ".page-banner-slogan"),
    );
    const videos = await visit("desktop", "/FloorPlan/videos", (page) =>
      texts(page, ".page-banner-slogan"),
    );
    expect(plan.length).toBeGreaterThan(0);
    for (const line of plan) expect(videos).not.toContain(line);
  });

  test("the video tabs name unit types by the labels every other page uses", async () => {
    const labels = await visit("desktop", "/FloorPlan/videos", (page) =>
      texts(page, '[role="tab"]'),
    );
    const unitTabs = content.videoTabs.filter((t) => t.unitKey);
    expect(unitTabs.length).toBeGreaterThan(0);
    for (const tab of unitTabs) {
      const unit = content.unitTypes.find((u) => u.key === tab.unitKey)!;
      expect(labels.some((l) => l.includes(unit.label))).toBe(true);
    }
    for (const label of labels) expect(label).not.toMatch(/\d+타입/);
  });
});

test("at 1440 px the unit-position legend leaves no entry alone on its last row", async () => {
  const rows = await visit("desktop", "/ComplexGuide/detailintro", (page) =>
    page.$$eval(".plan-legend li", (items) => {
      const count = new Map<number, number>();
      for (const li of items) {
        const top = Math.round(li.getBoundingClientRect().top);
        count.set(top, (count.get(top) ?? 0) + 1);
      }
      return [...count.values()];
    }),
  );
  // Every unit type has its entry; one row may hold them all, else the last row holds two or more.
  const entries = content.infoPages.unitPositions.typeColors.length;
  expect(entries).toBeGreaterThan(1);
  expect(rows.reduce((sum, n) => sum + n, 0)).toBe(entries);
  expect(rows.at(-1)).toBeGreaterThan(1);
});

describe("text that must stay whole", () => {
  const pressSite = content.press.defaultSite;
  const publicPaths = [
    ...content.pages.map((p) => p.path),
    `/${pressSite}/press`,
    `/${pressSite}/customer`,
  ];

  test("every area, phone number and unit label stays on one line on every public page at 320 px", async () => {
    const pattern = unbreakablePattern(content.unitTypes.map((u) => u.label)).source;
    const { context, page, errors } = await openPage(browser, { width: 320, height: 720 });
    try {
      const found: string[] = [];
      for (const path of publicPaths) {
        await page.goto(server.url + path);
        await hydrated(page);
        const bad = await page.evaluate((source) => {
          const out: string[] = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const parent = node.parentElement!;
            if (parent.closest("script, style, .sr-only, [hidden], noscript")) continue;
            if (!parent.checkVisibility()) continue;
            for (const m of node.textContent!.matchAll(new RegExp(source, "g"))) {
              let kept = false;
              for (let el: Element | null = parent; el && !kept; el = el.parentElement)
                kept = getComputedStyle(el).textWrapMode === "nowrap";
              const range = document.createRange();
              range.setStart(node, m.index);
              range.setEnd(node, m.index + m[0].length);
              const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.bottom)));
              if (!kept || lines.size > 1)
                out.push(
                  `${parent.tagName.toLowerCase()} "${m[0]}"${lines.size > 1 ? " (broken)" : ""}`,
                );
            }
          }
          return out;
        }, pattern);
        found.push(...bad.map((b) => `${path}: ${b}`));
      }
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  test("no element is both hidden and aria-hidden (the validator's warning), before and after the scripts run", async () => {
    const { context, page, errors } = await openPage(browser, "phone");
    try {
      for (const path of ["/", "/Brand/intro", `/${pressSite}/press`]) {
        const html = await (await fetch(server.url + path)).text();
        expect(html, path).not.toMatch(
          /<[^>]*\shidden=""[^>]*aria-hidden="true"|<[^>]*aria-hidden="true"[^>]*\shidden=""/,
        );
        await page.goto(server.url + path);
        await hydrated(page);
        // The drawer open and closed again.
        await page.getByRole("button", { name: "메뉴 열기" }).click();
        await page.getByRole("button", { name: "메뉴 닫기" }).first().click();
        const both = await page.$$eval("[hidden][aria-hidden='true']", (els) =>
          els.map((e) => e.outerHTML.slice(0, 80)),
        );
        expect(both, path).toEqual([]);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
