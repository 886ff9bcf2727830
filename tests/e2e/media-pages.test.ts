import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { content } from "./support/sites";
import { E_MODEL_TAB_LIMIT } from "~/lib/media";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";

/*
 * Floor plans, videos, E-model (VR) and sales information pages in a real browser.
 * Outside requests are cut off by openPage (as on a machine without internet), and every VR source
 * of the sample content is empty, so the "not published yet" notices are what users see. Films:
 * tests/e2e/video.test.ts.
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

const FLOOR_PLAN_PAGES = content.unitTypes.map((u) => u.path);
const MY_PAGES = [
  ...FLOOR_PLAN_PAGES,
  "/FloorPlan/videos",
  "/FloorPlan/Emodel",
  "/Brand/video",
  "/SalesInfo/SubscriptionGuide",
  "/SalesInfo/guide",
  "/SalesInfo/announcement",
  "/SalesInfo/stampTax",
];

async function visit(viewport: "phone" | "desktop", path: string) {
  const opened = await openPage(browser, viewport);
  await opened.page.goto(server.url + path);
  await hydrated(opened.page);
  return opened;
}

const selectedTab = (page: Page) => page.locator('[role="tab"][aria-selected="true"]');
const panel = (page: Page) => page.getByRole("tabpanel");

describe("video page (/FloorPlan/videos)", () => {
  test("starts on the first video tab and switches to the tab a visitor clicks", async () => {
    const { context, page, errors } = await visit("desktop", "/FloorPlan/videos");
    try {
      const [first, second, third] = content.videoTabs;
      expect(await page.getByRole("tab").allTextContents()).toEqual(
        content.videoTabs.map((t) => t.title),
      );
      expect(await selectedTab(page).textContent()).toBe(first!.title);
      expect(await panel(page).getByRole("heading", { level: 3 }).textContent()).toBe(first!.title);

      await page.getByRole("tab", { name: second!.title }).click();
      await selectedTab(page).filter({ hasText: second!.title }).waitFor();
      expect(
        await page.getByRole("tab", { name: first!.title }).getAttribute("aria-selected"),
      ).toBe("false");
      expect(await panel(page).getByRole("heading", { level: 3 }).textContent()).toBe(
        second!.title,
      );
      // The sample's second film is kept here: the browser's own player.
      expect(await panel(page).locator("video").isVisible()).toBe(true);
      expect(new URL(page.url()).searchParams.get("tab")).toBe("2");

      // Keyboard: the arrow key moves to (and selects) the next tab.
      await page.keyboard.press("ArrowRight");
      await selectedTab(page).filter({ hasText: third!.title }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(third!.title);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a shared link with ?tab=3 opens on the third video", async () => {
    const { context, page } = await visit("phone", "/FloorPlan/videos?tab=3");
    try {
      await selectedTab(page).filter({ hasText: content.videoTabs[2]!.title }).waitFor();
      expect(await panel(page).getByRole("heading", { level: 3 }).textContent()).toBe(
        content.videoTabs[2]!.title,
      );
    } finally {
      await context.close();
    }
  });

  test("shows the video menu as links", async () => {
    const { context, page } = await visit("phone", "/FloorPlan/videos");
    try {
      const nav = page.getByRole("navigation", { name: "함께 보면 좋은 안내" });
      for (const item of content.videoMenu) {
        expect(await nav.getByRole("link", { name: item.title }).getAttribute("href")).toBe(
          item.url,
        );
      }
    } finally {
      await context.close();
    }
  });
});

describe("E-model page (/FloorPlan/Emodel)", () => {
  test("shows only the first five of the six tours as tabs, 59A (47A) selected", async () => {
    const { context, page, errors } = await visit("desktop", "/FloorPlan/Emodel");
    try {
      expect(content.vr.tabs.length).toBe(6);
      const expected = content.vr.tabs.slice(0, E_MODEL_TAB_LIMIT).map((t) => t.title);
      expect(await page.getByRole("tab").allTextContents()).toEqual(expected);
      expect(await page.getByRole("tab", { name: content.vr.tabs[5]!.title }).count()).toBe(0);
      const defaultTitle = content.vr.tabs.find((t) => t.key === content.vr.defaultKey)!.title;
      expect(await selectedTab(page).textContent()).toBe(defaultTitle);
      expect(
        await panel(page)
          .getByRole("button", { name: /360° 투어 보기/ })
          .isVisible(),
      ).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("switching the type shows its own tour's first room", async () => {
    const { context, page } = await visit("phone", "/FloorPlan/Emodel");
    try {
      const tour = content.vr.tabs[2]!;
      await page.getByRole("tab", { name: tour.title }).click();
      await selectedTab(page).filter({ hasText: tour.title }).waitFor();
      expect(await panel(page).getByRole("heading", { level: 3 }).textContent()).toBe(
        `${tour.title} 타입 VR 모델하우스`,
      );
      const still = panel(page).getByRole("img", {
        name: `${tour.title} 타입 VR 모델하우스 ${tour.tour!.rooms[0]!.title} 360° 사진`,
      });
      expect(await still.isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe("published sources (the sample's tours have none: the test gives a frame one)", () => {
  // Films: tests/e2e/video.test.ts (the samples publish one on YouTube and films kept here).
  test("a tour starts when its frame is clicked", async () => {
    const { context, page, errors } = await visit("desktop", "/FloorPlan/Emodel");
    try {
      // A tour: the link that opens it in a new tab becomes the tour itself on click.
      const tour = server.url + "/robots.txt?tour";
      await page.evaluate((src) => {
        const frame = document.querySelector<HTMLElement>(
          "[role=tabpanel]:not([hidden]) .media-frame",
        )!;
        Object.assign(frame.dataset, { media: "vr", state: "ready", src, title: "VR" });
        frame.innerHTML = `<a class="vr-start" href="${src}" target="_blank">화면을 클릭하시면 VR을 보실 수 있습니다</a>`;
      }, tour);
      await panel(page).getByText("화면을 클릭하시면 VR을 보실 수 있습니다").click();
      await panel(page).locator(`iframe[title="VR"]`).waitFor();
      expect(context.pages()).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("the film frame's size", () => {
  test("the brand film poster fits a phone (at most 400 px wide, 4:3) and 1300x500 on desktop", async () => {
    for (const [viewport, width, height] of [
      ["phone", 358, 268.5],
      ["desktop", 1300, 500],
    ] as const) {
      const { context, page } = await visit(viewport, "/Brand/video");
      try {
        const box = (await page.locator(".media-frame").boundingBox())!;
        expect(Math.round(box.width)).toBe(width);
        expect(Math.abs(box.height - height)).toBeLessThan(1);
      } finally {
        await context.close();
      }
    }
  });
});

describe("stamp tax calculator (/SalesInfo/stampTax)", () => {
  test("computes the tax and the buyer's half as the price is typed", async () => {
    const { context, page, errors } = await visit("phone", "/SalesInfo/stampTax");
    try {
      const input = page.getByLabel("분양 계약금액 (공급가격, 원)");
      await input.fill("150,000,000");
      await page.getByTestId("stamp-tax").waitFor();
      expect(await page.getByTestId("stamp-tax").textContent()).toBe("150,000원");
      expect(await page.getByTestId("stamp-share").textContent()).toBe("75,000원");
      expect(await page.locator("tr.is-active th").textContent()).toBe("1억원 초과 ~ 10억원 이하");

      await input.fill("1,000,000,001");
      await page.getByTestId("stamp-tax").filter({ hasText: "350,000원" }).waitFor();
      expect(await page.getByTestId("stamp-share").textContent()).toBe("175,000원");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("explains bad input in Korean", async () => {
    const { context, page } = await visit("desktop", "/SalesInfo/stampTax");
    try {
      const input = page.getByLabel("분양 계약금액 (공급가격, 원)");
      await page.getByRole("button", { name: "계산하기" }).click();
      expect(await page.getByRole("alert").textContent()).toBe("계약금액을 입력해 주세요.");
      expect(await input.getAttribute("aria-invalid")).toBe("true");

      await input.fill("-5,000,000");
      await page.getByRole("alert").filter({ hasText: "0원 이상" }).waitFor();
      await input.fill("1억");
      await page.getByRole("alert").filter({ hasText: "숫자로만" }).waitFor();
      expect(await page.getByTestId("stamp-tax").count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test("a price sent before the script loaded (?price=) is computed once the page is ready", async () => {
    const { context, page } = await visit("desktop", "/SalesInfo/stampTax?price=45000000");
    try {
      await page.getByTestId("stamp-tax").filter({ hasText: "40,000원" }).waitFor();
      expect(await page.getByLabel("분양 계약금액 (공급가격, 원)").inputValue()).toBe("45000000");
    } finally {
      await context.close();
    }
  });
});

describe("without JavaScript", () => {
  async function staticPage(path: string) {
    const opened = await openPage(browser, "phone", { javaScriptEnabled: false });
    await opened.page.goto(server.url + path);
    return opened;
  }

  test.each(content.unitTypes.map((u) => [u.path, u] as const))(
    "%s shows its plan, areas and notice",
    async (path, unit) => {
      const { context, page } = await staticPage(path);
      try {
        expect(
          await page
            .getByRole("heading", { level: 2, name: content.floorPlanPage.headline })
            .isVisible(),
        ).toBe(true);
        expect(
          await page
            .getByRole("link", { name: content.floorPlanPage.videoLinkText })
            .getAttribute("href"),
        ).toBe("/FloorPlan/videos");
        const plan = page.getByRole("img", { name: `${unit.label} 타입 평면도` });
        await plan.scrollIntoViewIfNeeded();
        expect(
          await plan.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        ).toBe(960);
        const spec = page.locator("table.fp-spec");
        expect(await spec.getByRole("row", { name: /전용면적/ }).textContent()).toContain(
          `${unit.exclusiveArea!.toFixed(2)}㎡`,
        );
        expect(await spec.getByRole("row", { name: /공급면적/ }).textContent()).toContain(
          `${unit.supplyArea!.toFixed(2)}㎡`,
        );
        expect(await spec.getByRole("row", { name: /세대수/ }).textContent()).toContain(
          `${unit.households}세대`,
        );
        expect(await spec.getByRole("row", { name: /방\/욕실/ }).textContent()).toContain(
          `방 ${unit.rooms}개 / 욕실 ${unit.bathrooms}개`,
        );
        for (const notice of content.floorPlanPage.notices)
          expect(await page.getByText(notice).isVisible()).toBe(true);
      } finally {
        await context.close();
      }
    },
  );

  test("the video, E-model and brand film pages show their tabs and notices", async () => {
    const { context, page } = await staticPage("/FloorPlan/videos");
    try {
      expect(await page.getByRole("tab").allTextContents()).toEqual(
        content.videoTabs.map((t) => t.title),
      );
      // Without the script, YouTube's film is a link to its page (and nothing of YouTube loads).
      expect(
        await page
          .getByRole("link", { name: `${content.videoTabs[0]!.title} 재생` })
          .getAttribute("href"),
      ).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
      // Without JavaScript a tour is its first room's picture and a link to the panorama.
      await page.goto(server.url + "/FloorPlan/Emodel");
      expect(await page.getByRole("tab").count()).toBe(E_MODEL_TAB_LIMIT);
      const tour = panel(page).filter({ visible: true });
      expect(await tour.getByRole("img", { name: /360° 사진$/ }).isVisible()).toBe(true);
      expect(await tour.getByRole("link", { name: /파노라마 사진 크게 보기$/ }).isVisible()).toBe(
        true,
      );
      expect(await tour.getByRole("button", { name: /360° 투어 보기/ }).isVisible()).toBe(false);
      // The brand film is kept here: the browser's player works without the script.
      await page.goto(server.url + "/Brand/video");
      expect(await page.locator("video[controls]").isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  test("the subscription guide shows every step and the official site opens in a new tab", async () => {
    const { context, page } = await staticPage("/SalesInfo/SubscriptionGuide");
    try {
      expect(
        await page.getByRole("heading", { level: 2, name: "인터넷 청약 방법" }).isVisible(),
      ).toBe(true);
      const steps = page.locator(".sales-steps h3");
      expect(await steps.count()).toBe(content.subscriptionGuide.steps.length);
      const link = page.getByRole("link", { name: /청약홈 바로가기/ });
      expect(await link.getAttribute("href")).toBe(content.subscriptionGuide.officialUrl);
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toContain("noopener");
    } finally {
      await context.close();
    }
  });

  test("the subscription notice lists every checkpoint with the caveat", async () => {
    const { context, page } = await staticPage("/SalesInfo/guide");
    try {
      for (const point of content.salesGuide.checkpoints) {
        expect(await page.getByRole("heading", { level: 3, name: point.title }).isVisible()).toBe(
          true,
        );
      }
      expect(await page.getByText(content.salesGuide.caveat).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  test("the recruitment notice page is not stuck on a spinner and shows the notice's pages", async () => {
    const { context, page } = await staticPage("/SalesInfo/announcement");
    try {
      expect(
        await page.getByRole("heading", { level: 2, name: content.announcement.title }).isVisible(),
      ).toBe(true);
      expect(await page.getByText(content.legal.adDisclaimer).first().isVisible()).toBe(true);
      expect(
        await page
          .getByRole("img", { name: `${content.announcement.title} 1쪽`, exact: true })
          .isVisible(),
      ).toBe(true);
      expect(await page.getByRole("link", { name: /^PDF 내려받기/ }).isVisible()).toBe(true);
      expect(await page.getByText("파일을 불러오는 중입니다").count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test("the stamp tax page shows the amount table, which answers without the calculator", async () => {
    const { context, page } = await staticPage("/SalesInfo/stampTax");
    try {
      const rows = page.locator("table.stamp-table tbody tr");
      expect(await rows.allTextContents()).toEqual([
        "1천만원 이하비과세-",
        "1천만원 초과 ~ 3천만원 이하20,000원10,000원",
        "3천만원 초과 ~ 5천만원 이하40,000원20,000원",
        "5천만원 초과 ~ 1억원 이하70,000원35,000원",
        "1억원 초과 ~ 10억원 이하150,000원75,000원",
        "10억원 초과350,000원175,000원",
      ]);
      expect(await page.getByText("아래 금액표에서", { exact: false }).isVisible()).toBe(true);
      expect(await page.getByLabel("분양 계약금액 (공급가격, 원)").getAttribute("name")).toBe(
        "price",
      );
    } finally {
      await context.close();
    }
  });
});

describe("layout and accessibility of these pages", () => {
  test("nothing overflows sideways at 360 px and headings go h1 → h2 → h3 without skipping", async () => {
    const { context, page, errors } = await openPage(browser, { width: 360, height: 740 });
    try {
      for (const path of MY_PAGES) {
        await page.goto(server.url + path);
        await hydrated(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, path).toBeLessThanOrEqual(0);
        const levels = await page
          .locator("main")
          .evaluate((main) =>
            [...main.querySelectorAll("h1, h2, h3, h4")].map((h) => Number(h.tagName[1])),
          );
        expect(levels[0], path).toBe(1);
        for (let i = 1; i < levels.length; i++)
          expect(levels[i]! - levels[i - 1]!, `${path}: ${levels}`).toBeLessThanOrEqual(1);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
