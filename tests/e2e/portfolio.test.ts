import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Db } from "~/db/db.server";
import { costRollupStatements } from "~/channels/ad-costs.server";
import { kstDate } from "~/lib/korean-time";
import { siteById } from "~/sites/registry.server";
import { seriousA11yViolations } from "./support/a11y";
import { ADMIN_ENV, signInVia } from "./support/admin";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";
import { withServerDb } from "./support/server-db";

/*
 * The agency's portfolio on /admin (issue 41, item 7), on the built server: two complexes with known
 * leads, cards and costs of this week; the 에이전시 관리자's home shows each complex's figures in
 * attention order, names no person, and a figure's link opens the desk or 채널 성과 that shows it.
 * At 390 and 1440 px: axe, the table a focusable region that scrolls with the complex in view.
 */

const OTHER = "suwon";
const FIRST = "anyang";
const name = (id: string) => siteById(id)!.identity.name;

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(ADMIN_ENV), launchBrowser()]);
  await withServerDb(server, seed);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const NAMES = ["포트폴리오가", "포트폴리오나", "포트폴리오다"];
const PHONES = ["010-7300-0001", "010-7300-0002", "010-7300-0003"];

/** A card with one lead made a minute ago (the forms make these; the test sets them up directly). */
async function card(
  db: Db,
  siteId: string,
  i: number,
  card: { status: string; nextContactAt: string | null },
) {
  const at = new Date(Date.now() - 60_000).toISOString();
  const id = randomUUID();
  await db.run(
    `INSERT INTO customers (id, site_id, phone, name, status, source, next_contact_at, first_at,
       last_at, created_at)
     VALUES ($1, $2, $3, $4, $5, 'utm:naver', $6, $7, $7, $7)`,
    [id, siteId, PHONES[i], NAMES[i], card.status, card.nextContactAt, at],
  );
  await db.run(
    `INSERT INTO leads (id, kind, name, phone, privacy_consent_at, privacy_consent_version, source,
       ip, created_at, site_id, utm_source, customer_id)
     VALUES ($1, 'inquiry', $2, $3, $4, 'v1', '/', '198.51.100.4', $4, $5, 'naver', $6)`,
    [randomUUID(), NAMES[i], PHONES[i], at, siteId, id],
  );
}

/**
 * anyang: two new cards nobody has, today, and 90,000 won of naver ads today. suwon: one card whose
 * call was due an hour ago, so suwon comes first.
 */
async function seed(db: Db) {
  await card(db, FIRST, 0, { status: "new", nextContactAt: null });
  await card(db, FIRST, 1, { status: "new", nextContactAt: null });
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  await card(db, OTHER, 2, { status: "counseling", nextContactAt: hourAgo });
  const importId = randomUUID();
  const now = new Date().toISOString();
  const today = kstDate();
  await db.run(
    `INSERT INTO ad_cost_imports (id, site_id, source, platform, file_name, file_sha256, row_count,
       total_won, first_day, last_day, imported_by, imported_at)
     VALUES ($1, $2, 'naver', 'naver-search', '네이버.csv', $3, 1, 90000, $4, $4, 'e2e', $5)`,
    [importId, FIRST, "a".repeat(64), today, now],
  );
  await db.run(
    `INSERT INTO ad_costs (id, site_id, day, source, campaign, ad_group, impressions, clicks,
       cost_won, import_id, file_row, created_at)
     VALUES ($1, $2, $3, 'naver', '분양', '', 1000, 50, 90000, $4, 2, $5)`,
    [randomUUID(), FIRST, today, importId, now],
  );
  // The sums the portfolio reads, as an import makes them.
  for (const [sql, params] of costRollupStatements(FIRST, "naver", today, today))
    await db.run(sql, params);
}

const portfolio = (page: Page) => page.getByRole("region", { name: "단지 현황" });
const row = (page: Page, site: string) =>
  portfolio(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: name(site), exact: true }) });

describe("the agency's portfolio", () => {
  test("shows each complex's figures, overdue calls first, and no person; a figure opens its list", async () => {
    const { page, context, errors } = await openPage(browser, "desktop");
    try {
      await signInVia(page, server, "/admin");
      await hydrated(page);
      const headers = await portfolio(page).getByRole("columnheader").allTextContents();
      expect(headers).toEqual([
        "단지",
        "오늘 DB",
        "이번 주 DB",
        "이번 주 비용",
        "이번 주 CPL",
        "방문 완료",
        "계약",
        "미배정 신규",
        "기한 지난 통화",
      ]);
      expect(await portfolio(page).getByRole("rowheader").allTextContents()).toEqual(
        expect.arrayContaining([name(OTHER), name(FIRST)]),
      );
      const order = await portfolio(page).getByRole("rowheader").allTextContents();
      expect(order.indexOf(name(OTHER))).toBe(0);
      expect(await row(page, FIRST).locator("td").allTextContents()).toEqual([
        "2",
        "2",
        "90,000원",
        "45,000원",
        "0",
        "0",
        "2",
        "0",
      ]);
      expect(await row(page, OTHER).locator("td").allTextContents()).toEqual([
        "1",
        "1",
        "비용 없음",
        "비용 없음",
        "0",
        "0",
        "0",
        "1",
      ]);
      expect(await page.locator(".portfolio").textContent()).toContain(
        "기한 지난 통화가 많은 단지부터",
      );
      const text = (await page.locator("main").textContent()) ?? "";
      for (const person of [...NAMES, ...PHONES]) expect(text).not.toContain(person);

      // suwon's overdue call opens the desk of suwon, filtered on 연락 지연: that one card.
      await row(page, OTHER)
        .getByRole("link", { name: `${name(OTHER)} 기한 지난 통화 1` })
        .click();
      await page.waitForURL((u) => u.pathname === "/admin/leads");
      const url = new URL(page.url());
      expect([url.searchParams.get("site"), url.searchParams.get("due")]).toEqual([
        OTHER,
        "overdue",
      ]);
      await expect
        .poll(() => page.locator(".admin-summary").textContent())
        .toContain("연락 예정=연락 지연 · 1명");
      expect(await page.locator("main").textContent()).toContain(NAMES[2]);

      // anyang's cost opens 채널 성과 of anyang for this week.
      await page.goBack();
      await row(page, FIRST)
        .getByRole("link", { name: `${name(FIRST)} 이번 주 비용 90,000원` })
        .click();
      await page.waitForURL((u) => u.pathname === "/admin/channels");
      const channels = new URL(page.url());
      expect(channels.searchParams.get("site")).toBe(FIRST);
      expect(channels.searchParams.get("to")! >= kstDate()).toBe(true);
      expect(channels.searchParams.get("from")! <= kstDate()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const viewport of ["phone", "desktop"] as const) {
    test(`passes axe at ${viewport === "phone" ? 390 : 1440} px; the table is a region a keyboard reaches and scrolls, the complex in view`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      try {
        await signInVia(page, server, "/admin");
        await hydrated(page);
        expect(await seriousA11yViolations(page, `/admin ${viewport}`)).toEqual([]);
        await page.screenshot({ path: `/tmp/portfolio-${viewport}.png`, fullPage: true });

        // Tab from the top reaches the table's region, then its first figure.
        await page.locator("body").focus();
        let reached = false;
        for (let i = 0; i < 60 && !reached; i++) {
          await page.keyboard.press("Tab");
          reached = await portfolio(page).evaluate((el) => el === document.activeElement);
        }
        expect(reached).toBe(true);
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
          `${name(OTHER)} 오늘 DB 1`,
        );

        const region = portfolio(page);
        const sticky = await region
          .getByRole("rowheader")
          .first()
          .evaluate((el) => getComputedStyle(el).position);
        expect(sticky).toBe("sticky");
        // On a phone the figures scroll sideways inside the region (at 1440 they fit); the page
        // itself never does.
        const [scroll, client] = await region.evaluate((el) => [el.scrollWidth, el.clientWidth]);
        expect(scroll > client).toBe(viewport === "phone");
        // Scrolled to its end, the complex's name stays at the region's left edge.
        await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
        const [head, box] = await Promise.all([
          region.getByRole("rowheader").first().boundingBox(),
          region.boundingBox(),
        ]);
        expect(Math.round(head!.x)).toBe(Math.round(box!.x));
        await region.screenshot({ path: `/tmp/portfolio-${viewport}-scrolled.png` });
        const width = viewport === "phone" ? 390 : 1440;
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
