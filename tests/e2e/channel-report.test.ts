import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addDays } from "~/channels/channels";
import { costRollupStatements } from "~/channels/ad-costs.server";
import { formatKoreanDay, kstDate } from "~/lib/korean-time";
import { RESULT_MESSAGES } from "~/leads/lead-form";
import { ADMIN_ENV, PERSON_UA, poll, signInVia } from "./support/admin";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { wireRequest } from "./support/http";
import { exportLeads, fields, humanPause, parseCsv, popup } from "./support/leads";
import { startServer, type RunningServer } from "./support/server";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { seriousA11yViolations } from "./support/a11y";

/*
 * 채널 성과 as it is made: visitors land from a naver campaign, tap the phone number and register
 * from the popup; the report on the desk and its CSV show exactly those landings, taps and leads.
 * Its 전환 퍼널: a visitor of another campaign is called, visits and signs on the customer card, and
 * the funnel's line and CSV show each step once. 비용과 단가: a campaign's imported cost and a
 * bought-DB price entered on 직접 입력 비용 give exactly its CPL, 유효 DB 단가, 방문 단가 and 계약 단가.
 */

const LANDINGS = 3;
const TAPS = 2;
const LEADS = 2;

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ...ADMIN_ENV, LEADS_RATE_LIMIT: "1000", LEADS_DUPLICATE_WINDOW_SECONDS: "0" }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A visitor on a phone (a person's browser: headless Chromium's own agent is a crawler's). */
async function visitor() {
  const opened = await openPage(browser, "phone", { userAgent: PERSON_UA });
  const beacons: string[] = [];
  // Counted once answered: a page closed while its beacon is on the way would drop it.
  opened.page.on("requestfinished", (r) => {
    if (new URL(r.url()).pathname === "/api/channel") beacons.push(r.postData() ?? "");
  });
  // Headless Chromium has no phone app: the tap is counted, the call goes nowhere.
  await opened.page.addInitScript(() =>
    window.addEventListener("click", (e) => {
      if (e.target instanceof Element && e.target.closest('a[href^="tel:"]')) e.preventDefault();
    }),
  );
  return { ...opened, beacons };
}

/** A visitor lands on `path` and registers once from the popup as `name`, `phone`. */
async function register(path: string, name: string, phone: string) {
  const v = await visitor();
  await open(v.page, path);
  await v.page.locator(".bottom-bar-reserve").click();
  const f = fields(popup(v.page));
  await f.name.fill(name);
  await f.phone.fill(phone);
  await f.consent.check();
  await humanPause(v.page);
  await f.submit.click();
  await poll(() => f.status.textContent()).toContain(RESULT_MESSAGES.popup.success);
  expect(v.errors).toEqual([]);
  return v;
}

/** The customer card of `name` moved through `statuses` on its own page. */
async function moveCard(page: Page, name: string, statuses: string[]) {
  await page.goto(`${server.url}/admin/leads?view=all`);
  await page.getByRole("link", { name, exact: true }).click();
  await page.waitForURL(/\/admin\/leads\/[0-9a-f-]{36}/);
  for (const status of statuses) {
    await page.getByLabel("상태", { exact: true }).selectOption({ label: status });
    await page.getByRole("button", { name: "상태 변경" }).click();
    await poll(() => page.locator("h1 .state-badge").textContent()).toBe(status);
  }
}

/** An imported cost row (the import page is its own part: here, straight into the server's table). */
async function storeCost(source: string, campaign: string, day: string, costWon: number) {
  const importId = randomUUID();
  const at = new Date().toISOString();
  const statements: [string, unknown[]][] = [
    [
      `INSERT INTO ad_cost_imports (id, site_id, source, platform, file_name, file_sha256, row_count,
         total_won, first_day, last_day, imported_by, imported_at)
       VALUES ($1, 'anyang', $2, 'naver-search', 'e2e.csv', $3, 1, $4, $5, $5, 'e2e', $6)`,
      [importId, source, importId.replace(/-/g, "").padEnd(64, "0"), costWon, day, at],
    ],
    [
      `INSERT INTO ad_costs (id, site_id, day, source, campaign, impressions, clicks, cost_won,
         import_id, file_row, created_at)
       VALUES ($1, 'anyang', $2, $3, $4, 2000, 80, $5, $6, 2, $7)`,
      [randomUUID(), day, source, campaign, costWon, importId, at],
    ],
    // The sums 채널 성과 reads, as an import makes them.
    ...costRollupStatements("anyang", source, day, day),
  ];
  if (server.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await client.connect();
    for (const [sql, values] of statements) await client.query(sql, values);
    await client.end();
  } else {
    const db = new BetterSqlite3(join(server.dataDir, "site.db"));
    for (const [sql, values] of statements)
      db.prepare(sql.replace(/\$[0-9]+/g, "?")).run(
        ...(sql.match(/\$[0-9]+/g) ?? []).map((p) => values[Number(p.slice(1)) - 1]),
      );
    db.close();
  }
}

async function open(page: Page, path: string) {
  await page.goto(server.url + path);
  await hydrated(page);
}

describe("채널 성과", () => {
  test("shows the landings, phone taps and leads a naver campaign produced, on the page and in the CSV", async () => {
    const visitors = await Promise.all(Array.from({ length: LANDINGS }, visitor));
    for (const v of visitors) await open(v.page, "/Brand/intro?utm_source=naver");

    // The first visitor reloads, reads on and taps the phone number: one landing, two taps.
    const [first, second] = visitors;
    await first!.page.reload();
    await hydrated(first!.page);
    await open(first!.page, "/BusinessGuide/intro");
    for (let i = 0; i < TAPS; i++) await first!.page.locator(".bottom-bar-call").click();
    await poll(() => first!.beacons.length).toBe(1 + TAPS);
    expect(first!.beacons.map((b) => JSON.parse(b) as unknown)).toEqual([
      { kind: "landing", source: "naver" },
      ...Array.from({ length: TAPS }, () => ({ kind: "tel", source: "naver" })),
    ]);

    // The second registers twice from the popup.
    for (let i = 0; i < LEADS; i++) {
      const { page } = second!;
      await page.locator(".bottom-bar-reserve").click();
      const f = fields(popup(page));
      await f.name.fill(["채널하나", "채널둘", "채널셋"][i]!);
      await f.phone.fill(`010-7${String(process.pid % 1000).padStart(3, "0")}-${5000 + i}`);
      await f.consent.check();
      await humanPause(page);
      await f.submit.click();
      await poll(() => f.status.textContent()).toContain(RESULT_MESSAGES.popup.success);
      await popup(page).getByRole("button", { name: "확인" }).click();
    }

    // A visit without a campaign: its tap counts under "utm_source 없음", and it is no landing.
    const direct = await visitor();
    await open(direct.page, "/Brand/intro");
    await direct.page.locator(".bottom-bar-call").click();
    await poll(() => direct.beacons.length).toBe(1);

    for (const v of [...visitors, direct]) {
      expect(v.errors).toEqual([]);
      await v.context.close();
    }

    const leads = (await exportLeads(server)).filter((l) => l.utm_source === "naver");
    expect(leads).toHaveLength(LEADS);
    const visits = leads.filter((l) => l["방문예약일시 (KST)"] && !l["예약취소일시 (KST)"]).length;
    const today = kstDate();
    const rate = ((LEADS * 100) / LANDINGS).toFixed(1);

    const { context, page, errors } = await openPage(browser, "desktop");
    try {
      await signInVia(page, server, "/admin/channels");
      // Today's group of the daily table, a row per source.
      const todays = page
        .getByRole("region", { name: "일별 성과" })
        .locator("tbody")
        .filter({ hasText: formatKoreanDay(today) });
      const figures = (source: string) =>
        todays
          .getByRole("row")
          .filter({ has: page.getByRole("rowheader", { name: source, exact: true }) })
          .locator("td")
          .allTextContents();
      expect(await figures("naver")).toEqual([
        String(LANDINGS),
        String(TAPS),
        String(LEADS),
        String(visits),
        rate,
      ]);
      expect(await figures("utm_source 없음")).toEqual(["0", "1", "0", "0", "–"]);
      expect(await page.locator(".admin-summary").textContent()).toContain(
        `유입 ${LANDINGS} · 전화 탭 ${TAPS + 1} · 상담 접수 ${LEADS}`,
      );

      // The CSV link, as the browser downloads it.
      const href = await page
        .getByRole("link", { name: "CSV 내려받기", exact: true })
        .getAttribute("href");
      const csv = await page.request.get(server.url + href!);
      expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      const bytes = await csv.body();
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = parseCsv(bytes.toString("utf8").slice(1));
      expect(lines[0]).toEqual([
        "날짜",
        "유입 경로",
        "유입",
        "전화 탭",
        "상담 접수",
        "방문 예약",
        "100명당 접수",
      ]);
      expect(lines).toContainEqual([
        today,
        "naver",
        String(LANDINGS),
        String(TAPS),
        String(LEADS),
        String(visits),
        rate,
      ]);
      expect(lines).toContainEqual([today, "utm_source 없음", "0", "1", "0", "0", ""]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("the funnel row of a campaign shows its landing, tap, lead, person, call, visit and contract, on the page and in its CSV", async () => {
    // A visitor lands from the campaign, taps the phone number and registers from the popup.
    const source = `funnel${process.pid % 1000}`;
    const name = "퍼널고객";
    const v = await visitor();
    await open(v.page, `/Brand/intro?utm_source=${source}`);
    await v.page.locator(".bottom-bar-call").click();
    await poll(() => v.beacons.length).toBe(2);
    await v.page.locator(".bottom-bar-reserve").click();
    const f = fields(popup(v.page));
    await f.name.fill(name);
    await f.phone.fill(`010-6${String(process.pid % 1000).padStart(3, "0")}-7000`);
    await f.consent.check();
    await humanPause(v.page);
    await f.submit.click();
    await poll(() => f.status.textContent()).toContain(RESULT_MESSAGES.popup.success);
    expect(v.errors).toEqual([]);
    await v.context.close();

    const { context, page, errors } = await openPage(browser, "desktop");
    try {
      // The administrator calls the person, who then visits and signs, on the card's forms.
      await signInVia(page, server, "/admin/leads?view=all");
      await page.getByRole("link", { name, exact: true }).click();
      await page.waitForURL(/\/admin\/leads\/[0-9a-f-]{36}/);
      const badge = () => page.locator("h1 .state-badge").textContent();
      await page.getByLabel("통화 완료").check();
      await page.getByLabel("다음 연락 날짜").fill(addDays(kstDate(), 1));
      await page.getByRole("button", { name: "통화 기록 저장" }).click();
      await poll(badge).toBe("상담 중");
      for (const status of ["방문 완료", "계약"]) {
        await page.getByLabel("상태", { exact: true }).selectOption({ label: status });
        await page.getByRole("button", { name: "상태 변경" }).click();
        await poll(badge).toBe(status);
      }

      await page.goto(`${server.url}/admin/channels`);
      await hydrated(page);
      const region = page.getByRole("region", { name: "전환 퍼널" });
      const headers = await region.locator("thead th").allTextContents();
      const line = await region
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: source, exact: true }) })
        .locator("td")
        .allTextContents();
      const shown = Object.fromEntries(headers.slice(1).map((h, i) => [h, line[i]]));
      const expected = {
        유입: "1",
        "전화 탭": "1",
        // The tap's call was not written down on the desk (전화 접수): the lead is the form's.
        "전화 접수": "0",
        접수: "1",
        "유입→접수": "100.0%",
        고객: "1",
        통화: "1",
        "고객→통화": "100.0%",
        "방문 예약": "1",
        "통화→방문 예약": "100.0%",
        "방문 완료": "1",
        "방문 예약→방문 완료": "100.0%",
        계약: "1",
        "방문 완료→계약": "100.0%",
      };
      expect(shown).toEqual(expected);
      expect(await region.locator("tfoot th").textContent()).toBe("합계");
      expect(await page.locator(".funnel-note").textContent()).toContain(
        "두 경로로 접수한 고객은 경로마다 한 명으로 세고, 합계에서는 한 번만 셉니다",
      );

      // The funnel's CSV, as the browser downloads it: BOM, Korean header, the same figures.
      const href = await page.getByRole("link", { name: "퍼널 CSV 내려받기" }).getAttribute("href");
      const csv = await page.request.get(server.url + href!);
      expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      const bytes = await csv.body();
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...lines] = parseCsv(bytes.toString("utf8").slice(1));
      expect(header).toEqual(["기간", "유입 경로", ...Object.keys(expected)]);
      const today = kstDate();
      const from = new URL(server.url + href!).searchParams.get("from");
      expect(lines).toContainEqual([`${from}~${today}`, source, ...Object.values(expected)]);
      expect(lines.at(-1)?.[1]).toBe("합계");

      // On a phone the funnel is a card per source, nothing wider than the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      const card = region
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: source, exact: true }) });
      expect(await card.locator("td").first().isVisible()).toBe(true);
      expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("비용과 단가 shows a campaign's exact CPL, 유효 DB 단가, 방문 단가 and 계약 단가 from its imported cost and bought DB, on the page, in its CSV and in its chart, at 390 and 1440", async () => {
    const source = `cost${process.pid % 1000}`;
    const campaign = "spring";
    const pid = String(process.pid % 1000).padStart(3, "0");
    // Two people of the campaign: one signs (방문 완료, 계약), one is 무효.
    for (const [name, n] of [
      ["비용고객", 1],
      ["무효고객", 2],
    ] as const) {
      const v = await register(
        `/Brand/intro?utm_source=${source}&utm_campaign=${campaign}`,
        name,
        `010-4${pid}-80${n}0`,
      );
      await v.context.close();
    }
    const today = kstDate();
    // 100,000원 of ads and 50,000원 per bought lead: 200,000원 for 2 leads.
    await storeCost(source, campaign, today, 100_000);

    const { context, page, errors } = await openPage(browser, "desktop");
    try {
      await signInVia(page, server, "/admin/leads?view=all");
      await moveCard(page, "비용고객", ["방문 완료", "계약"]);
      await moveCard(page, "무효고객", ["무효"]);

      // 직접 입력 비용: a refused form keeps what was typed and says why beside the field.
      await page.goto(`${server.url}/admin/channels`);
      await page.getByRole("link", { name: "직접 입력 비용" }).click();
      await page.waitForURL(/\/admin\/channels\/manual-costs$/);
      await hydrated(page);
      await page.getByLabel("매체").selectOption({ label: "분양 DB 구매" });
      await page.getByLabel("유입 경로 (utm_source)").fill(source);
      await page.getByLabel("시작일").fill(addDays(today, -1));
      await page.getByLabel("종료일").fill(addDays(today, -2));
      await page.getByLabel("금액 (원, VAT 포함)").fill("오만원");
      await page.getByRole("button", { name: "비용 추가" }).click();
      await poll(() => page.locator("#mc-amount-error").textContent()).toBe(
        "금액을 원 단위 숫자로 적으세요. 예: 1,500,000",
      );
      expect(await page.locator("#mc-last-error").textContent()).toBe(
        "종료일은 시작일과 같거나 그 뒤여야 합니다.",
      );
      expect(await page.getByLabel("유입 경로 (utm_source)").inputValue()).toBe(source);
      await page.getByLabel("종료일").fill(addDays(today, 1));
      await page.getByLabel("금액 (원, VAT 포함)").fill("40,000");
      await page.getByRole("button", { name: "비용 추가" }).click();
      await poll(() => page.locator(".form-message.is-ok").textContent()).toBe(
        "비용을 추가했습니다.",
      );
      // Corrected to 50,000: the history says who changed what.
      await page.getByRole("link", { name: /^수정/ }).click();
      await page.getByRole("button", { name: "고친 내용 저장" }).waitFor();
      expect(await page.getByLabel("금액 (원, VAT 포함)").inputValue()).toBe("40,000");
      await page.getByLabel("금액 (원, VAT 포함)").fill("50000");
      await page.getByRole("button", { name: "고친 내용 저장" }).click();
      await poll(() => page.locator(".form-message.is-ok").textContent()).toBe(
        "비용을 고쳤습니다.",
      );
      const history = page.getByRole("table", { name: /추가, 수정, 삭제 기록/ });
      expect(await history.locator("tbody tr").first().textContent()).toContain(
        "DB 한 건 40,000원 → 분양 DB 구매",
      );

      for (const viewport of ["desktop", "phone"] as const) {
        await page.setViewportSize(
          viewport === "phone" ? { width: 390, height: 844 } : { width: 1440, height: 900 },
        );
        await page.goto(`${server.url}/admin/channels?by=campaign`);
        await hydrated(page);
        const region = page.getByRole("region", { name: "비용과 단가" });
        const headers = (await region.locator("thead th").allTextContents()).map((h) =>
          h.replace(/ (큰|작은) 값부터 정렬$/, ""),
        );
        const line = await region
          .getByRole("row")
          .filter({ has: page.getByRole("rowheader", { name: source, exact: true }) })
          .locator("td")
          .allTextContents();
        const shown = Object.fromEntries(headers.slice(1).map((h, i) => [h, line[i]]));
        expect(shown).toEqual({
          캠페인: campaign,
          비용: "200,000원",
          노출: "2,000",
          클릭: "80",
          유입: "—",
          "전화 탭": "—",
          "접수 (DB)": "2",
          "유효 DB": "1",
          "방문 예약": "1",
          "방문 완료": "1",
          계약: "1",
          CPL: "100,000원",
          "유효 DB 단가": "200,000원",
          "방문 단가": "200,000원",
          "계약 단가": "200,000원",
        });
        expect(await page.locator(".cost-note").textContent()).toContain(
          "유효 DB는 기간에 접수한 고객(고객 카드) 중 무효(결번·허위·중복)로 바꾸지 않은 고객 수입니다.",
        );
        // The chart: an image per source, named and described, and its table.
        const chart = page.getByRole("img", { name: `${source} 일별 비용과 접수` });
        expect(await chart.getAttribute("aria-labelledby")).toMatch(/-title$/);
        expect(await chart.getAttribute("aria-describedby")).toMatch(/-desc$/);
        await page.getByText("표로 보기").click();
        const chartTable = page.getByRole("table", { name: "날짜와 유입 경로별 비용과 접수" });
        expect(
          await chartTable
            .getByRole("row")
            .filter({ has: page.getByRole("rowheader", { name: formatKoreanDay(today) }) })
            .textContent(),
        ).toContain("200,000원");
        expect(await seriousA11yViolations(page, `채널 성과 ${viewport}`)).toEqual([]);
        if (viewport === "phone")
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
          ).toBeLessThanOrEqual(390);
        await page.goto(`${server.url}/admin/channels/manual-costs`);
        expect(await seriousA11yViolations(page, `직접 입력 비용 ${viewport}`)).toEqual([]);
      }

      // The cost CSV, as the browser downloads it from the page: the same figures.
      await page.goto(`${server.url}/admin/channels?by=campaign`);
      const href = await page.getByRole("link", { name: "비용 CSV 내려받기" }).getAttribute("href");
      const csv = await page.request.get(server.url + href!);
      const bytes = await csv.body();
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...rows] = parseCsv(bytes.toString("utf8").slice(1));
      expect(header!.slice(0, 3)).toEqual(["기간", "유입 경로", "캠페인"]);
      const row = rows.find((r) => r[1] === source)!;
      expect(Object.fromEntries(header!.map((h, i) => [h, row[i]]))).toMatchObject({
        캠페인: campaign,
        "비용 (원)": "200000",
        "접수 (DB)": "2",
        "유효 DB": "1",
        "CPL (원)": "100000",
        "유효 DB 단가 (원)": "200000",
        "방문 단가 (원)": "200000",
        "계약 단가 (원)": "200000",
      });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a GET to the beacons' address is answered 405 with Allow: POST, its body read whole", async () => {
    const answer = await wireRequest(server, {
      method: "GET",
      path: "/api/channel",
      body: "kind=tel&source=naver",
    });
    expect(answer).toMatchObject({ status: 405, allow: "POST", complete: true });
    expect(answer.error).toBeUndefined();
  });
});
