import { describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { cookieOf, TEST_PASSWORD, thrownStatus } from "~/auth/test-support";
import { countChannel } from "~/channels/channel-counts.server";
import { importCosts } from "~/channels/ad-costs.server";
import { getDb } from "~/db/db.server";
import { engines, useTestDb } from "~/db/test-support";
import { addDays, kstDate } from "~/lib/korean-time";
import { loader as csvLoader } from "./channels.csv";
import { loader as deskLoader } from "./channels";

/** A GET of an administrator page on the complex `siteId`, on its host `<id>.localhost`. */
function get(siteId: string, path: string, cookie: string) {
  const request = new Request(`http://${siteId}.localhost${path}`, { headers: { cookie } });
  return { request, context: { ip: "203.0.113.5" }, params: {} };
}

async function desk(siteId: string, query: string, cookie: string) {
  const answer = await deskLoader(
    get(siteId, `/admin/channels${query}`, cookie) as unknown as Parameters<typeof deskLoader>[0],
  );
  return (answer as unknown as { data: Awaited<ReturnType<typeof deskLoader>>["data"] }).data;
}

async function csv(siteId: string, query: string, cookie: string, path = "/admin/channels.csv") {
  const response = await csvLoader(
    get(siteId, `${path}${query}`, cookie) as unknown as Parameters<typeof csvLoader>[0],
  );
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("cache-control")).toBe("no-store");
  // text() reads the UTF-8 BOM as the encoding mark, not as a character.
  return (await response.text()).trimEnd().split("\r\n");
}

describe.each(engines())("채널 성과 per complex ($name)", (engine) => {
  useTestDb(engine);

  async function seed() {
    await upsertAdmin("all@example.com", TEST_PASSWORD);
    await upsertAdmin("suwon@example.com", TEST_PASSWORD, { sites: ["suwon"] });
    await countChannel("anyang", "landing", "naver");
    await countChannel("anyang", "tel", "naver");
    await countChannel("suwon", "landing", "daangn");
  }
  const day = kstDate();

  it("gives a complex administrator their complex's figures only, without a complex column or choice", async () => {
    await seed();
    const cookie = await cookieOf("suwon@example.com", "suwon");
    const page = await desk("suwon", "?site=*", cookie);
    expect(page.site).toBeNull();
    expect(page.report.rows.map((r) => [r.siteId, r.day, r.source, r.landings])).toEqual([
      ["suwon", day, "daangn", 1],
    ]);
    expect(await csv("suwon", "?site=*", cookie)).toEqual([
      "날짜,유입 경로,유입,전화 탭,상담 접수,방문 예약,100명당 접수",
      `${day},daangn,1,0,0,0,0.0`,
      `합계 ${page.range.from}~${page.range.to},daangn,1,0,0,0,0.0`,
    ]);
  });

  it("answers a complex administrator 404 on another complex's report and CSV", async () => {
    await seed();
    const cookie = await cookieOf("suwon@example.com", "suwon");
    expect(await thrownStatus(() => desk("anyang", "", cookie))).toBe(404);
    expect(await thrownStatus(() => desk("anyang", "?site=suwon", cookie))).toBe(404);
    expect(await thrownStatus(() => csv("anyang", "", cookie))).toBe(404);
  });

  it("sends a signed-out request to the sign-in page and back", async () => {
    const answer = await deskLoader(
      get("anyang", "/admin/channels?from=2026-03-01", "") as unknown as Parameters<
        typeof deskLoader
      >[0],
    ).catch((e: unknown) => e);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("location")).toBe(
      `/admin/login?redirectTo=${encodeURIComponent("/admin/channels?from=2026-03-01")}`,
    );
  });

  it("lets an administrator of every complex choose 모든 단지, with a 단지 column in the CSV", async () => {
    await seed();
    const cookie = await cookieOf("all@example.com", "anyang");
    const own = await desk("anyang", "", cookie);
    expect(own.report.rows.map((r) => [r.siteId, r.source, r.landings, r.telTaps])).toEqual([
      ["anyang", "naver", 1, 1],
    ]);
    expect(own.site).toEqual({
      scope: "anyang",
      current: "anyang",
      choices: [
        { id: "anyang", name: "라움하임 평촌 센트럴" },
        { id: "suwon", name: "아벨루스 광교 레이크파크" },
      ],
    });
    const all = await desk("anyang", "?site=*", cookie);
    expect(all.report.rows.map((r) => r.siteId)).toEqual(["anyang", "suwon"]);
    const rows = await csv("anyang", "?site=*", cookie);
    expect(rows[0]).toBe("단지,날짜,유입 경로,유입,전화 탭,상담 접수,방문 예약,100명당 접수");
    expect(rows.slice(1, 3)).toEqual([
      `anyang,${day},naver,1,1,0,0,0.0`,
      `suwon,${day},daangn,1,0,0,0,0.0`,
    ]);
  });

  it("shows the costs per source or campaign, sorted by a column, their change from the period before, and the cost CSV on the funnel's address", async () => {
    await seed();
    const cookie = await cookieOf("all@example.com", "anyang");
    const days = (from: string, to: string) => `?from=${from}&to=${to}`;
    const file = (name: string, rows: { day: string; campaign: string; costWon: number }[]) =>
      importCosts({
        siteId: "anyang",
        source: "naver",
        platform: "naver-search",
        fileName: name,
        fileSha256: name.repeat(64).slice(0, 64),
        rows: rows.map((r, i) => ({ ...r, impressions: 100, clicks: 10, row: i + 2 })),
        by: "agency@example.com",
      });
    await file("a", [
      { day: "2026-03-02", campaign: "brand", costWon: 120_000 },
      { day: "2026-03-03", campaign: "region", costWon: 30_000 },
    ]);
    await file("b", [{ day: "2026-02-24", campaign: "brand", costWon: 100_000 }]);

    const week = await desk("anyang", days("2026-03-02", "2026-03-08"), cookie);
    expect(week.costs.rows.map((r) => [r.source, r.costWon, r.leads])).toEqual([
      ["naver", 150_000, 0],
    ]);
    expect(week.before).toEqual({
      range: { from: "2026-02-23", to: "2026-03-01" },
      total: expect.objectContaining({ costWon: 100_000 }) as unknown,
    });
    const byCampaign = await desk(
      "anyang",
      `${days("2026-03-02", "2026-03-08")}&by=campaign&sort=costWon&dir=asc`,
      cookie,
    );
    expect(byCampaign.sort).toEqual({ key: "costWon", asc: true });
    expect(byCampaign.costs.rows.map((r) => [r.campaign, r.costWon, r.landings])).toEqual([
      ["region", 30_000, null],
      ["brand", 120_000, null],
    ]);
    expect(byCampaign.daily.series.map((s) => [s.source, s.costWon.slice(0, 2)])).toEqual([
      ["naver", [120_000, 30_000]],
    ]);

    const lines = await csv(
      "anyang",
      `${days("2026-03-02", "2026-03-08")}&by=campaign`,
      cookie,
      "/admin/channels/funnel.csv",
    );
    expect(lines[0]).toBe(
      "기간,유입 경로,캠페인,비용 (원),노출,클릭,유입,전화 탭,접수 (DB),유효 DB,방문 예약,방문 완료,계약,CPL (원),유효 DB 단가 (원),방문 단가 (원),계약 단가 (원)",
    );
    // A cost without leads: no unit cost (an empty cell, "—" on the page).
    expect(lines).toContain("2026-03-02~2026-03-08,naver,brand,120000,100,10,,,0,0,0,0,0,,,,");
    // Without ?by= the funnel's address still answers the funnel.
    const funnelLines = await csv(
      "anyang",
      days("2026-03-02", "2026-03-08"),
      cookie,
      "/admin/channels/funnel.csv",
    );
    expect(funnelLines[0]).toMatch(/^기간,유입 경로,유입,전화 탭,전화 접수,접수,유입→접수,/);
  });
  it("draws a long period in pages: 캠페인별 50 lines a page, 일별 성과 31 days a page, the chart a bar per week, and the cost CSV has every line", async () => {
    await seed();
    const cookie = await cookieOf("all@example.com", "anyang");
    // 60 campaigns with a cost each, and landings on 40 days, in a period of 120 days.
    const campaigns = Array.from({ length: 60 }, (_, i) => `c${String(i).padStart(2, "0")}`);
    await importCosts({
      siteId: "anyang",
      source: "naver",
      platform: "naver-search",
      fileName: "year",
      fileSha256: "f".repeat(64),
      rows: campaigns.map((campaign, i) => ({
        day: addDays("2026-01-05", i),
        campaign,
        costWon: 1_000,
        impressions: 100,
        clicks: 10,
        row: i + 2,
      })),
      by: "agency@example.com",
    });
    const db = await getDb();
    for (let i = 0; i < 40; i++)
      await db.run(
        `INSERT INTO channel_counts (site_id, day, source, landings, tel_taps) VALUES ('anyang', $1, 'naver', 1, 0)`,
        [addDays("2026-01-01", i)],
      );
    const period = "?from=2026-01-01&to=2026-04-30";

    const first = await desk("anyang", `${period}&by=campaign`, cookie);
    expect(first.costs.rows.map((r) => r.campaign)).toEqual(campaigns.slice(0, 50));
    expect(first.costPages).toEqual({ page: 1, pages: 2, lines: 60 });
    expect(first.costs.total.costWon).toBe(60_000);
    const second = await desk("anyang", `${period}&by=campaign&page=2`, cookie);
    expect(second.costs.rows.map((r) => r.campaign)).toEqual(campaigns.slice(50));

    // 일별 성과: the newest 31 days, then the 9 before them.
    expect(first.dayPages).toEqual({ page: 1, pages: 2 });
    expect(new Set(first.report.rows.map((r) => r.day)).size).toBe(31);
    expect(first.report.rows[0]!.day).toBe("2026-02-09");
    const older = await desk("anyang", `${period}&by=campaign&daypage=2`, cookie);
    expect([...new Set(older.report.rows.map((r) => r.day))]).toEqual(
      Array.from({ length: 9 }, (_, i) => addDays("2026-01-09", -i)),
    );
    // The totals per source stay the whole period's.
    expect(older.report.totals.map((r) => [r.source, r.landings])).toEqual([["naver", 40]]);

    // The chart: a bar per week (Monday to Sunday), the first from the period's first day (a Thursday).
    expect(first.daily.unit).toBe("week");
    expect(first.daily.days.slice(0, 3)).toEqual(["2026-01-01", "2026-01-05", "2026-01-12"]);
    expect(first.daily.days).toHaveLength(18);
    expect(first.daily.series[0]!.costWon.slice(0, 3)).toEqual([0, 7_000, 7_000]);

    const lines = await csv(
      "anyang",
      `${period}&by=campaign`,
      cookie,
      "/admin/channels/funnel.csv",
    );
    expect(lines).toHaveLength(1 + 60 + 1);
  });
});
