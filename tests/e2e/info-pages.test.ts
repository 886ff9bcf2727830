import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { content } from "./support/sites";
import { getPage } from "~/content/pages";
import { milestoneWhen } from "~/lib/schedule";
import { hydrated, launchBrowser, openPage, useSharedPage } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";

/*
 * Information pages (brand, business overview, schedule, documents, location, premium, site plan,
 * unit positions, community, interiors) in a real browser: what a visitor must see at phone and
 * desktop width, with and without JavaScript.
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

const info = content.infoPages;
const unitLabel = (key: string) => content.unitTypes.find((u) => u.key === key)!.label;

/** For each page: the texts that must be visible in its body, and the images it must show (by alt). */
const PAGES: Record<string, { texts: string[]; images: string[] }> = {
  "/Brand/intro": {
    texts: [
      info.brandStory.heading,
      ...info.brandStory.paragraphs,
      info.brandStory.pillarsHeading,
      ...info.brandStory.pillars.flatMap((p) => [p.title, p.text]),
      "준비중입니다",
      info.brandStory.comingSoon,
    ],
    images: [info.brandStory.image.alt, ...info.brandStory.pillars.map((p) => p.image.alt)],
  },
  "/BusinessGuide/intro": {
    texts: [
      ...Object.values(info.overviewPage.highlightLabels),
      `${content.project.households!.toLocaleString("ko-KR")}세대`,
      ...content.overviewRows.flatMap((r) => [r.label, r.value]),
      info.overviewPage.note,
    ],
    images: [],
  },
  "/BusinessGuide/plan": {
    texts: [
      info.schedule.heading,
      ...info.schedule.milestones.flatMap((m) => [
        m.step,
        m.place,
        milestoneWhen(m),
        ...(m.detail ? [m.detail] : []),
      ]),
      "캘린더에 추가",
    ],
    images: [],
  },
  "/BusinessGuide/documents": {
    texts: [
      info.documents.heading,
      ...info.documents.groups.flatMap((g) => [g.title, ...g.items]),
      "준비중입니다",
      info.documents.comingSoon,
    ],
    images: [],
  },
  "/ComplexGuide/community": {
    texts: [
      info.community.heading,
      ...info.community.facilities.flatMap((f) => [f.name, f.text]),
      info.community.note,
      "준비중입니다",
      info.community.comingSoon,
    ],
    images: [],
  },
  "/LocationEnvironment/intro": {
    texts: [
      info.locationPage.heading,
      info.locationPage.highlightsHeading,
      ...content.locationHighlights.flatMap((h) => [h.titleText, h.contentText]),
      ...info.locationPage.disclaimers,
    ],
    images: [info.locationPage.map.alt, ...content.locationHighlights.map((h) => h.image.alt)],
  },
  "/LocationEnvironment/primium": {
    texts: [
      info.premiumPage.heading,
      ...content.premiumCards.flatMap((c) => [c.title, c.text1, c.text2]),
      ...content.premiumCards.map((_, i) => `PREMIUM ${String(i + 1).padStart(2, "0")}`),
    ],
    images: content.premiumCards.map((c) => c.image.alt),
  },
  "/ComplexGuide/intro": {
    texts: [
      info.sitePlan.heading,
      info.sitePlan.legendHeading,
      ...info.sitePlan.legend.map((l) => l.label),
      ...info.sitePlan.disclaimers,
    ],
    images: [info.sitePlan.image.alt],
  },
  "/ComplexGuide/detailintro": {
    texts: [
      info.unitPositions.heading,
      info.unitPositions.tableHeading,
      ...info.unitPositions.buildings.map((b) => b.name),
      ...content.unitTypes.map((u) => `${u.households}세대`),
      ...info.unitPositions.disclaimers,
    ],
    images: [info.unitPositions.image.alt],
  },
  ...Object.fromEntries(
    content.interiors.map((interior) => [
      interior.path,
      {
        texts: [
          info.interiorPage.galleryHeading,
          ...interior.images.map((i) => i.caption ?? i.alt),
          info.interiorPage.noticeHeading,
          ...info.interiorPage.notices,
        ],
        images: interior.images.map((i) => i.alt),
      },
    ]),
  ),
};
const PATHS = Object.keys(PAGES);

/** Everything a visitor should see on one page: banner, tab menu with the page marked, body texts and images. */
async function expectFullContent(page: Page, path: string) {
  const meta = getPage(content, path);
  expect(await page.locator(".page-banner-slogan").first().isVisible(), `${path}: banner`).toBe(
    true,
  );
  expect(await page.locator("main h1").textContent(), path).toBe(meta.title);
  const current = page.locator('.sub-menu a[aria-current="page"]');
  expect(await current.getAttribute("href"), `${path}: tab menu`).toBe(path);
  const body = page.locator(".page-body");
  for (const text of PAGES[path]!.texts) {
    expect(
      await body.getByText(text, { exact: false }).first().isVisible(),
      `${path}: "${text}"`,
    ).toBe(true);
  }
  for (const alt of PAGES[path]!.images) {
    const img = body.getByAltText(alt, { exact: true }).first();
    expect(await img.count(), `${path}: image "${alt}"`).toBe(1);
    // Bring it into view so a lazy image loads (no stability wait: fonts may still be swapping in).
    await img.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), {
        message: `${path}: "${alt}" loads`,
      })
      .toBe(true);
  }
}

describe.each(["phone", "desktop"] as const)("information pages at %s width", (viewport) => {
  const shared = useSharedPage(() => browser, viewport);
  test.each(PATHS)("%s shows its banner, tab menu, full content and notices", async (path) => {
    const { page, errors } = shared();
    await page.goto(server.url + path);
    await hydrated(page);
    await expectFullContent(page, path);
    expect(errors).toEqual([]);
  });
});

describe("without JavaScript", () => {
  const shared = useSharedPage(() => browser, "phone", { javaScriptEnabled: false });
  test.each(PATHS)("%s shows its full content from the prerendered HTML", async (path) => {
    const { page } = shared();
    await page.goto(server.url + path);
    await expectFullContent(page, path);
    // Fade-ins are CSS only: once they have run to their end (each taken there at once, not
    // waited for), no text is left transparent. One that never ends cannot be finished: it throws.
    const hidden = await page.$$eval(".page-body .reveal", async (els) => {
      const fades = els.flatMap((el) => el.getAnimations());
      for (const fade of fades) fade.finish();
      await Promise.all(fades.map((a) => a.finished));
      return els.filter((el) => getComputedStyle(el).opacity !== "1").length;
    });
    expect(hidden).toBe(0);
  });
});

describe("page details", () => {
  test("the overview table pairs each label with its value in a row header and cell", async () => {
    const { context, page } = await openPage(browser, "desktop");
    try {
      await page.goto(server.url + "/BusinessGuide/intro");
      const rows = await page.$$eval(".overview-table tr", (trs) =>
        trs.map((tr) => [
          tr.querySelector('th[scope="row"]')?.textContent,
          tr.querySelector("td")?.textContent,
        ]),
      );
      expect(rows).toEqual(content.overviewRows.map((r) => [r.label, r.value]));
    } finally {
      await context.close();
    }
  });

  test("the unit-position table lists each building's lines with their unit type and floors", async () => {
    const { context, page } = await openPage(browser, "phone");
    try {
      await page.goto(server.url + "/ComplexGuide/detailintro");
      const table = page.getByRole("table", { name: info.unitPositions.tableCaption });
      for (const b of info.unitPositions.buildings) {
        const row = table
          .getByRole("row")
          .filter({ has: page.getByRole("rowheader", { name: b.name }) });
        const cells = await row.getByRole("cell").allTextContents();
        expect(cells, b.name).toEqual(
          b.lines.map((l) => `${unitLabel(l.type)}${l.from}~${l.to}층${l.to - l.from + 1}세대`),
        );
      }
    } finally {
      await context.close();
    }
  });

  test("each interior page shows its own type's pictures", async () => {
    const { context, page } = await openPage(browser, "desktop");
    try {
      for (const interior of content.interiors) {
        await page.goto(server.url + interior.path);
        const srcs = await page.$$eval(".interior-gallery img", (imgs) =>
          imgs.map((i) => i.getAttribute("src")),
        );
        expect(srcs).toEqual(
          interior.images.map((i) => `/img/${i.src.replace(/\.svg$/, "")}-${i.width}.webp`),
        );
        expect(await page.locator(".interior-figure-type").first().textContent()).toBe(
          interior.label,
        );
      }
    } finally {
      await context.close();
    }
  });

  test("every premium card links to another page, never back to the premium page itself", async () => {
    const { context, page } = await openPage(browser, "desktop");
    try {
      await page.goto(server.url + "/LocationEnvironment/primium");
      const hrefs = await page.$$eval(".premium-row-link", (links) =>
        links.map((a) => a.getAttribute("href")),
      );
      // Links go where the complex's other spellings lead; a card that leads here has none.
      const final = (link: string) => content.redirects.find((r) => r.from === link)?.to ?? link;
      const elsewhere = content.premiumCards
        .map((c) => final(c.link))
        .filter((link) => link !== "/LocationEnvironment/primium");
      expect(hrefs).toEqual(elsewhere);
      await page.locator(".premium-row-link").first().click();
      await page.waitForURL(server.url + elsewhere[0]!);
    } finally {
      await context.close();
    }
  });

  test("the plan drawings open full size from their zoom links", async () => {
    for (const [path, image] of [
      ["/ComplexGuide/intro", info.sitePlan.image],
      ["/ComplexGuide/detailintro", info.unitPositions.image],
      ["/LocationEnvironment/intro", info.locationPage.map],
    ] as const) {
      const html = await (await fetch(server.url + path)).text();
      expect(html, path).toContain(`href="/img/${image.src}"`);
      const res = await fetch(`${server.url}/img/${image.src}`);
      expect(res.status, image.src).toBe(200);
      expect(res.headers.get("content-type")).toContain("image/svg+xml");
    }
  });

  test("with reduced motion the text appears without animation", async () => {
    const { context, page } = await openPage(browser, "phone");
    try {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(server.url + "/Brand/intro");
      const animated = await page.$$eval(
        ".reveal",
        (els) => els.filter((el) => getComputedStyle(el).animationName !== "none").length,
      );
      expect(animated).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe("layout and accessibility", () => {
  test("nothing overflows sideways at 360 px", async () => {
    const { context, page } = await openPage(browser, { width: 360, height: 740 });
    try {
      for (const path of PATHS) {
        await page.goto(server.url + path);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    } finally {
      await context.close();
    }
  }, 120_000);

  test("headings go down one level at a time from the page's h1", async () => {
    const { context, page } = await openPage(browser, "desktop");
    try {
      for (const path of PATHS) {
        await page.goto(server.url + path);
        const levels = await page.$$eval("main h1, main h2, main h3, main h4", (hs) =>
          hs.map((h) => Number(h.tagName[1])),
        );
        expect(levels[0], path).toBe(1);
        for (let i = 1; i < levels.length; i++)
          expect(levels[i]! - levels[i - 1]!, `${path}: ${levels}`).toBeLessThanOrEqual(1);
      }
    } finally {
      await context.close();
    }
  }, 120_000);
});
