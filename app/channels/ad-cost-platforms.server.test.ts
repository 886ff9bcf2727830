import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { xlsxOf } from "~/tables/xlsx.test-support";
import { engines, useTestDb } from "~/db/test-support";
import {
  keepPending,
  planImport,
  rememberCampaignNames,
  rememberMapping,
  saveImport,
  type ImportPlan,
} from "./ad-cost-import.server";

/*
 * Each platform's report, made here as its file's bytes, goes the console's way (kept, previewed,
 * saved) and is checked in ad_costs row by row and to the won. Costs without VAT get 10 %, rounded
 * half up to the won (12,345 × 1.1 = 13,579.5 → 13,580); the sums below are worked by hand.
 */

const SITE = "anyang";
const BY = "agency@example.com";
const utf8 = (text: string) => new TextEncoder().encode(text);
const lines = (...rows: string[]) => rows.join("\r\n") + "\r\n";

function preview(plan: ImportPlan) {
  if (plan.step !== "preview") throw new Error(`no preview: ${JSON.stringify(plan)}`);
  return plan;
}

/** A file uploaded by the agency: its pending id. */
const keep = (fileName: string, bytes: Uint8Array) =>
  keepPending({ siteId: SITE, fileName, bytes, by: BY });

type SaveFields = { source: string; previewed: string; excludeRefused: boolean };
const save = (pendingId: string, fields: SaveFields) =>
  saveImport({ siteId: SITE, pendingId, by: BY, ...fields });

/** Uploads a file, previews it and saves it as previewed, with the source the preview proposed. */
async function importFile(fileName: string, bytes: Uint8Array) {
  const pendingId = await keep(fileName, bytes);
  const plan = preview(await planImport(SITE, pendingId));
  expect(plan.refused).toEqual([]);
  const saved = await save(pendingId, {
    source: plan.source,
    previewed: plan.fingerprint,
    excludeRefused: false,
  });
  expect(saved).toMatchObject({ ok: true });
  return plan;
}

// Naver 검색광고's screen download: a title line, `2026.01.22.` dates, thousands separators, a totals row.
const NAVER_SCREEN = lines(
  "캠페인 보고서(2026.01.22.~2026.01.23.)",
  '캠페인,광고그룹,일별,노출수,클릭수,"총비용(VAT포함,원)"',
  '분양_브랜드,브랜드_메인,2026.01.22.,"12,345",321,"1,353,100"',
  '분양_브랜드,브랜드_메인,2026.01.23.,"10,000",300,"300,000"',
  '분양_똠방,지역_키워드,2026.01.22.,"5,000",50,"110,000"',
  '합계,,,"27,345",671,"1,763,100"',
);

const NAVER_SCREEN_ROWS = [
  ["2026-01-22", "naver", "분양_브랜드", "브랜드_메인", 12_345, 321, 1_353_100, 3],
  ["2026-01-22", "naver", "분양_똠방", "지역_키워드", 5_000, 50, 110_000, 5],
  ["2026-01-23", "naver", "분양_브랜드", "브랜드_메인", 10_000, 300, 300_000, 4],
];

// Naver's API stat report (AD): TSV without a header. Date, CUSTOMER ID, Campaign ID, AD Group ID,
// AD keyword ID, AD ID, Business Channel ID, Media code, PC Mobile Type, Impression, Click, Cost,
// Sum of AD rank, View count.
const BRAND = "cmp-a001-01-000000001234567";
const AREA = "cmp-a001-01-000000007654321";
const apiRow = (day: string, campaign: string, group: string, keyword: string, cost: number) =>
  [day, "1234567", campaign, group, keyword, "nad-1", "bsn-1", "27758", "M", 100, 3, cost, 250, 0]
    .map(String)
    .join("\t");

describe.each(engines())("광고비 가져오기, file by file ($name)", (engine) => {
  const t = useTestDb(engine);

  /** The stored cost rows: day, source, campaign, ad group, impressions, clicks, won, file line. */
  async function stored() {
    type Count = number | string | null;
    const rows = await t.db().all<{
      day: string;
      source: string;
      campaign: string;
      ad_group: string;
      impressions: Count;
      clicks: Count;
      cost_won: Count;
      file_row: Count;
    }>(
      `SELECT day, source, campaign, ad_group, impressions, clicks, cost_won, file_row
       FROM ad_costs WHERE site_id = $1 ORDER BY day, source, file_row`,
      [SITE],
    );
    const num = (n: Count) => (n === null ? null : Number(n));
    return rows.map((r) => [
      r.day,
      r.source,
      r.campaign,
      r.ad_group,
      num(r.impressions),
      num(r.clicks),
      num(r.cost_won),
      num(r.file_row),
    ]);
  }

  /** SUM(cost_won) of the complex's costs, as a number. */
  async function totalWon() {
    const sum = await t.db().get<{
      won: string | number | null;
    }>("SELECT SUM(cost_won) AS won FROM ad_costs WHERE site_id = $1", [SITE]);
    return Number(sum?.won ?? 0);
  }

  /** The complex's import records, by source and file name. */
  async function imports() {
    const rows = await t.db().all<Record<string, string | number>>(
      `SELECT source, platform, file_name, row_count, total_won, first_day, last_day, imported_by
       FROM ad_cost_imports WHERE site_id = $1 ORDER BY source, file_name`,
      [SITE],
    );
    return rows.map((r) => ({
      ...r,
      row_count: Number(r.row_count),
      total_won: Number(r.total_won),
    }));
  }

  const imported = (file_name: string, platform: string, source: string) =>
    ({ file_name, platform, source, imported_by: BY }) as const;

  it("stores Naver 검색광고's screen download below its title line, without its totals row", async () => {
    await importFile("네이버_1월.csv", utf8(`\uFEFF${NAVER_SCREEN}`));
    expect(await stored()).toEqual(NAVER_SCREEN_ROWS);
    expect(await totalWon()).toBe(1_763_100);
    expect(await imports()).toEqual([
      {
        ...imported("네이버_1월.csv", "naver-search", "naver"),
        row_count: 3,
        total_won: 1_763_100,
        first_day: "2026-01-22",
        last_day: "2026-01-23",
      },
    ]);
  });

  it("stores the same Naver download saved by Korean Excel in CP949, names intact", async () => {
    await importFile("네이버_엑셀.csv", iconv.encode(NAVER_SCREEN, "cp949"));
    expect(await stored()).toEqual(NAVER_SCREEN_ROWS);
    expect(await totalWon()).toBe(1_763_100);
    expect(await imports()).toMatchObject([{ platform: "naver-search", total_won: 1_763_100 }]);
  });

  it("stores Naver's API report by the names given its campaign IDs once, with VAT added before 2026-03-30 only", async () => {
    const report = lines(
      apiRow("20260328", BRAND, "grp-1", "kwd-1", 1_000),
      apiRow("20260329", BRAND, "grp-1", "kwd-1", 12_345),
      apiRow("20260329", BRAND, "grp-1", "kwd-2", 10_000),
      apiRow("20260329", AREA, "grp-2", "kwd-3", 5),
      apiRow("20260330", BRAND, "grp-1", "kwd-1", 22_345),
      apiRow("20260331", AREA, "grp-2", "kwd-3", 1_001),
    );
    const pendingId = await keep("stat_AD.tsv", utf8(report));
    const unnamed = preview(await planImport(SITE, pendingId));
    expect(unnamed).toMatchObject({ platform: "naver-api", unnamedCampaigns: [BRAND, AREA] });
    const fields = { source: "naver", excludeRefused: false };
    expect(await save(pendingId, { ...fields, previewed: unnamed.fingerprint })).toEqual({
      ok: false,
      field: "names",
      message: "캠페인 ID마다 이름(utm_campaign)을 적어 주세요.",
    });
    expect(await stored()).toEqual([]);

    await rememberCampaignNames(SITE, { [BRAND]: "분양_브랜드", [AREA]: "분양_지역" }, BY);
    const named = preview(await planImport(SITE, pendingId));
    expect(named).toMatchObject({ unnamedCampaigns: [], campaigns: ["분양_브랜드", "분양_지역"] });
    expect(await save(pendingId, { ...fields, previewed: named.fingerprint })).toMatchObject({
      ok: true,
    });
    // A day's keywords are summed, then VAT is added once: (12,345 + 10,000) × 1.1 = 24,579.5 → 24,580.
    expect(await stored()).toEqual([
      ["2026-03-28", "naver", "분양_브랜드", "grp-1", 100, 3, 1_100, 1],
      ["2026-03-29", "naver", "분양_브랜드", "grp-1", 200, 6, 24_580, 2],
      ["2026-03-29", "naver", "분양_지역", "grp-2", 100, 3, 6, 4], // 5 × 1.1 = 5.5 → 6
      ["2026-03-30", "naver", "분양_브랜드", "grp-1", 100, 3, 22_345, 5],
      ["2026-03-31", "naver", "분양_지역", "grp-2", 100, 3, 1_001, 6],
    ]);
    expect(await totalWon()).toBe(1_100 + 24_580 + 6 + 22_345 + 1_001);
    expect(await imports()).toEqual([
      {
        ...imported("stat_AD.tsv", "naver-api", "naver"),
        row_count: 5,
        total_won: 49_032,
        first_day: "2026-03-28",
        last_day: "2026-03-31",
      },
    ]);

    // The next report of those campaigns needs no names.
    const next = await keep(
      "stat_AD_4월.tsv",
      utf8(apiRow("20260401", AREA, "grp-2", "kwd-3", 700)),
    );
    expect(await planImport(SITE, next)).toMatchObject({
      unnamedCampaigns: [],
      campaigns: ["분양_지역"],
      totalWon: 700,
    });
  });

  it("stores Kakao Moment's report with yyyyMMdd and ISO days, VAT added", async () => {
    const report = lines(
      "일,캠페인 이름,광고그룹 이름,노출수,클릭수,비용",
      "20260301,분양_카카오,관심사,1000,10,100001",
      "2026-03-02,분양_카카오,관심사,500,5,12345",
      "2026-03-02,분양_카카오,지역,200,2,20000",
    );
    await importFile("카카오모먼트.csv", utf8(report));
    expect(await stored()).toEqual([
      ["2026-03-01", "kakao", "분양_카카오", "관심사", 1_000, 10, 110_001, 2], // 110,001.1
      ["2026-03-02", "kakao", "분양_카카오", "관심사", 500, 5, 13_580, 3], // 13,579.5
      ["2026-03-02", "kakao", "분양_카카오", "지역", 200, 2, 22_000, 4],
    ]);
    expect(await totalWon()).toBe(145_581);
    expect(await imports()).toMatchObject([
      { platform: "kakao-moment", row_count: 3, total_won: 145_581 },
    ]);
  });

  it("stores Meta's Korean export (one-day reporting periods) and its English one, VAT added", async () => {
    const korean = lines(
      "보고 시작,보고 종료,캠페인 이름,광고 세트 이름,노출,링크 클릭,지출 금액 (KRW)",
      '2026-03-01,2026-03-01,분양_메타,관심사_30대,12000,150,"45,455"',
      "2026-03-02,2026-03-02,분양_메타,관심사_30대,8000,,30000",
    );
    const english = lines(
      "Day,Campaign name,Ad set name,Impressions,Link clicks,Amount spent (KRW)",
      "2026-03-03,Lookalike,LAL_1,5000,40,9999",
      "2026-03-04,Lookalike,LAL_1,300,1,15",
    );
    await importFile("메타_한국어.csv", utf8(korean));
    await importFile("meta_english.csv", utf8(english));
    expect(await stored()).toEqual([
      ["2026-03-01", "meta", "분양_메타", "관심사_30대", 12_000, 150, 50_001, 2], // 50,000.5
      ["2026-03-02", "meta", "분양_메타", "관심사_30대", 8_000, null, 33_000, 3],
      ["2026-03-03", "meta", "Lookalike", "LAL_1", 5_000, 40, 10_999, 2], // 10,998.9
      ["2026-03-04", "meta", "Lookalike", "LAL_1", 300, 1, 17, 3], // 16.5
    ]);
    expect(await totalWon()).toBe(50_001 + 33_000 + 10_999 + 17);
    expect(await imports()).toMatchObject([
      { file_name: "meta_english.csv", platform: "meta", row_count: 2, total_won: 11_016 },
      { file_name: "메타_한국어.csv", platform: "meta", row_count: 2, total_won: 83_001 },
    ]);
  });

  it("stores Google Ads' report below its title and date-range lines, and the API's cost_micros", async () => {
    const report = lines(
      "Campaign report",
      '"March 1, 2026 - March 2, 2026"',
      "Day,Campaign,Currency code,Clicks,Impr.,Cost",
      '2026-03-01,Search_Brand,KRW,12,340,"12,345.00"',
      "2026-03-02,Search_Brand,KRW,10,300,10000",
      'Total: Account,--,KRW,22,640,"22,345.00"',
      'Total: Search,--,KRW,22,640,"22,345.00"',
    );
    const api = lines(
      "segments.date,campaign.name,metrics.impressions,metrics.clicks,metrics.cost_micros",
      "2026-03-03,PMax_분양,900,9,12345670000",
      "2026-03-04,PMax_분양,10,1,5000000",
    );
    await importFile("google_ads.csv", utf8(`\uFEFF${report}`));
    await importFile("google_api.csv", utf8(api));
    expect(await stored()).toEqual([
      ["2026-03-01", "google", "Search_Brand", "", 340, 12, 13_580, 4], // 13,579.5
      ["2026-03-02", "google", "Search_Brand", "", 300, 10, 11_000, 5],
      ["2026-03-03", "google", "PMax_분양", "", 900, 9, 13_580, 2], // 12,345.67 × 1.1 = 13,580.237
      ["2026-03-04", "google", "PMax_분양", "", 10, 1, 6, 3], // 5 × 1.1 = 5.5
    ]);
    expect(await totalWon()).toBe(13_580 + 11_000 + 13_580 + 6);
    expect(await imports()).toMatchObject([
      { file_name: "google_ads.csv", platform: "google-ads", row_count: 2, total_won: 24_580 },
      { file_name: "google_api.csv", platform: "google-ads", row_count: 2, total_won: 13_586 },
    ]);
  });

  it("stores 당근's report, whose 비용 (VAT 포함) is taken as it is", async () => {
    const report = lines(
      "날짜,캠페인 이름,광고 이름,노출수,클릭수,비용 (VAT 포함)",
      '2026-03-01,분양_당근,동네_광고,"3,000",30,"33,000"',
      '2026-03-02,분양_당근,동네_광고,"2,500",25,"27,501"',
    );
    await importFile("당근.csv", utf8(report));
    expect(await stored()).toEqual([
      ["2026-03-01", "daangn", "분양_당근", "동네_광고", 3_000, 30, 33_000, 2],
      ["2026-03-02", "daangn", "분양_당근", "동네_광고", 2_500, 25, 27_501, 3],
    ]);
    expect(await totalWon()).toBe(60_501);
    expect(await imports()).toMatchObject([{ platform: "daangn", total_won: 60_501 }]);
  });

  it("stores an agency's own sheet through the columns picked for it, one import per source column value", async () => {
    const header = ["날짜", "매체", "캠페인명", "광고비(원)", "클릭"];
    const sheet = lines(
      "3월 매체비 정산",
      header.join(","),
      '2026/03/01,banner,현수막_역앞,"300,000",',
      '2026/03/02,banner,현수막_역앞,"300,000",',
      '2026/03/01,SMS,문자_1차,"45,455",12',
    );
    const pendingId = await keep("정산.csv", utf8(sheet));
    expect(await planImport(SITE, pendingId)).toMatchObject({ step: "mapping", header });
    await rememberMapping(
      SITE,
      header,
      {
        day: "날짜",
        source: "매체",
        campaign: "캠페인명",
        cost: "광고비(원)",
        clicks: "클릭",
        costIncludesVat: false,
      },
      BY,
    );
    expect(await importFile("정산_다시.csv", utf8(sheet))).toMatchObject({
      platform: "mapped",
      mapped: true,
      needsSource: false,
    });
    expect(await stored()).toEqual([
      ["2026-03-01", "banner", "현수막_역앞", "", null, null, 330_000, 3],
      ["2026-03-01", "sms", "문자_1차", "", null, 12, 50_001, 5], // 50,000.5
      ["2026-03-02", "banner", "현수막_역앞", "", null, null, 330_000, 4],
    ]);
    expect(await totalWon()).toBe(710_001);
    expect(await imports()).toEqual([
      {
        ...imported("정산_다시.csv", "mapped", "banner"),
        row_count: 2,
        total_won: 660_000,
        first_day: "2026-03-01",
        last_day: "2026-03-02",
      },
      {
        ...imported("정산_다시.csv", "mapped", "sms"),
        row_count: 1,
        total_won: 50_001,
        first_day: "2026-03-01",
        last_day: "2026-03-01",
      },
    ]);
  });

  it("stores Kakao Moment's XLSX workbook, numbers as numbers", async () => {
    const workbook = await xlsxOf([
      ["일", "캠페인 이름", "광고그룹 이름", "노출수", "클릭수", "비용"],
      [20260301, "분양_카카오", "관심사", 1000, 10, 1234.5],
      ["2026-03-02", "분양_카카오", "관심사", 2000, 20, 100_000],
    ]);
    await importFile("카카오.xlsx", workbook);
    expect(await stored()).toEqual([
      ["2026-03-01", "kakao", "분양_카카오", "관심사", 1_000, 10, 1_358, 2], // 1,357.95
      ["2026-03-02", "kakao", "분양_카카오", "관심사", 2_000, 20, 110_000, 3],
    ]);
    expect(await totalWon()).toBe(111_358);
    expect(await imports()).toMatchObject([
      { file_name: "카카오.xlsx", platform: "kakao-moment", row_count: 2, total_won: 111_358 },
    ]);
  });

  it("refuses a Meta file in dollars with its Korean message, and stores nothing", async () => {
    const dollars = lines(
      "일,캠페인 이름,광고 세트 이름,노출,링크 클릭,지출 금액 (USD)",
      "2026-03-01,분양_메타,관심사_30대,12000,150,35.20",
    );
    const pendingId = await keep("usd.csv", utf8(dollars));
    expect(await planImport(SITE, pendingId)).toMatchObject({
      step: "refused",
      message: "통화가 USD인 보고서입니다. 광고 계정의 통화가 원화(KRW)인 보고서만 읽습니다.",
    });
    const saved = save(pendingId, { source: "meta", previewed: "", excludeRefused: true });
    expect(await saved).toEqual({
      ok: false,
      field: "file",
      message: "통화가 USD인 보고서입니다. 광고 계정의 통화가 원화(KRW)인 보고서만 읽습니다.",
    });
    expect(await stored()).toEqual([]);
    expect(await imports()).toEqual([]);
  });

  it("saves nothing of a file with a broken row until that row is left out", async () => {
    const report = lines(
      "일,캠페인 이름,광고그룹 이름,노출수,클릭수,비용",
      "20260301,분양_카카오,관심사,1000,10,100000",
      "20260302,분양_카카오,관심사,500,5,12a45",
    );
    const pendingId = await keep("깨진.csv", utf8(report));
    const plan = preview(await planImport(SITE, pendingId));
    expect(plan.refused).toEqual([{ row: 3, reason: "비용 «12a45»를 숫자로 읽지 못했습니다" }]);
    const fields = { source: "kakao", previewed: plan.fingerprint };
    expect(await save(pendingId, { ...fields, excludeRefused: false })).toEqual({
      ok: false,
      field: "excludeRefused",
      message:
        "거부된 행이 1개 있습니다. 그 행을 빼고 저장하려면 ‘거부된 1행을 빼고 저장’을 골라 주세요.",
    });
    expect(await stored()).toEqual([]);
    expect(await imports()).toEqual([]);

    expect(await save(pendingId, { ...fields, excludeRefused: true })).toMatchObject({ ok: true });
    expect(await stored()).toEqual([
      ["2026-03-01", "kakao", "분양_카카오", "관심사", 1_000, 10, 110_000, 2],
    ]);
    expect(await totalWon()).toBe(110_000);
  });

  it("refuses an 11 MB report when it is read, with its Korean message, and stores nothing", async () => {
    const row = "20260301,분양_카카오,관심사,1000,10,100000\n";
    const size = 11 * 1024 * 1024;
    const text =
      "일,캠페인 이름,광고그룹 이름,노출수,클릭수,비용\n" +
      row.repeat(Math.ceil(size / row.length));
    const bytes = utf8(text).slice(0, size);
    // The page refuses it before it is kept (its route test); kept anyway, it is still refused here.
    const pendingId = await keep("큰.csv", bytes);
    expect(await planImport(SITE, pendingId)).toMatchObject({
      step: "refused",
      message: "파일이 10MB를 넘습니다 (11.0MB). 기간을 나누어 내려받아 주세요.",
    });
    const saved = save(pendingId, { source: "kakao", previewed: "", excludeRefused: true });
    expect(await saved).toEqual({
      ok: false,
      field: "file",
      message: "파일이 10MB를 넘습니다 (11.0MB). 기간을 나누어 내려받아 주세요.",
    });
    expect(await stored()).toEqual([]);
    expect(await imports()).toEqual([]);
  });
});
