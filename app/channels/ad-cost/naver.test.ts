import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { parseAdCostFile } from "./ad-cost";

const costOf = (rows: { costWon: number }[]) => rows.reduce((sum, r) => sum + r.costWon, 0);

async function read(bytes: Uint8Array, campaignNames?: Record<string, string>) {
  const result = await parseAdCostFile(bytes, { campaignNames });
  if (!result.ok) throw new Error(result.message);
  return result;
}

const SCREEN = [
  "캠페인 보고서(2026.01.22.~2026.01.23.)",
  '캠페인,광고그룹,일별,노출수,클릭수,클릭률(%),"평균클릭비용(VAT포함,원)","총비용(VAT포함,원)"',
  '분양_브랜드,브랜드_메인,2026.01.22.,"12,345",321,2.60%,"1,100","353,100"',
  '분양_브랜드,브랜드_메인,2026.01.23.,"10,000",300,3.00%,"1,000","300,000"',
  '분양_일반,지역_키워드,2026.01.22.,"5,000",50,1.00%,"2,200","110,000"',
  '분양_일반,지역_키워드,2026.01.32.,"5,000",50,1.00%,"2,200","110,000"',
  '합계,,,"32,345",721,,,"873,100"',
].join("\r\n");

describe("Naver 검색광고's screen download", () => {
  it("reads the rows below the title line, costs already with VAT, and skips the totals", async () => {
    const result = await read(new TextEncoder().encode(`\uFEFF${SCREEN}\r\n`));
    expect(result.platform).toBe("naver-search");
    expect(result.rows).toEqual([
      {
        day: "2026-01-22",
        campaign: "분양_브랜드",
        adGroup: "브랜드_메인",
        impressions: 12_345,
        clicks: 321,
        costWon: 353_100,
        row: 3,
      },
      expect.objectContaining({ day: "2026-01-23", costWon: 300_000, row: 4 }),
      expect.objectContaining({ campaign: "분양_일반", adGroup: "지역_키워드", costWon: 110_000 }),
    ]);
    expect(costOf(result.rows)).toBe(763_100);
    expect(result.refused).toEqual([{ row: 6, reason: "날짜 «2026.01.32.»를 읽지 못했습니다" }]);
  });

  it("reads the same file saved by Korean Excel in CP949", async () => {
    const result = await read(iconv.encode(SCREEN, "cp949"));
    expect(result.platform).toBe("naver-search");
    expect(result.rows.map((r) => r.campaign)).toEqual(["분양_브랜드", "분양_브랜드", "분양_일반"]);
    expect(costOf(result.rows)).toBe(763_100);
  });

  it("takes a period column when it covers one day, and refuses a row that covers more", async () => {
    const file = [
      '캠페인,기간,노출수,클릭수,"총비용(VAT포함,원)"',
      '분양_브랜드,2026.01.22. ~ 2026.01.22.,100,10,"11,000"',
      '분양_브랜드,2026.01.01. ~ 2026.01.31.,900,90,"99,000"',
    ].join("\n");
    const result = await read(new TextEncoder().encode(file));
    expect(result.rows).toEqual([
      {
        day: "2026-01-22",
        campaign: "분양_브랜드",
        impressions: 100,
        clicks: 10,
        costWon: 11_000,
        row: 2,
      },
    ]);
    expect(result.refused).toEqual([
      { row: 3, reason: "하루 단위가 아닙니다 (2026-01-01 ~ 2026-01-31)" },
    ]);
  });
});

// Date, CUSTOMER ID, Campaign ID, AD Group ID, AD keyword ID, AD ID, Business Channel ID,
// Media code, PC Mobile Type, Impression, Click, Cost, Sum of AD rank, View count.
const apiRow = (
  date: string,
  campaign: string,
  group: string,
  imp: number,
  clk: number,
  cost: string,
) =>
  [
    date,
    "1234567",
    campaign,
    group,
    "nkw-1",
    "nad-1",
    "bsn-1",
    "27758",
    "P",
    imp,
    clk,
    cost,
    "150",
    "0",
  ].join("\t");

const API_REPORT = [
  apiRow("20260328", "cmp-a001-01-000000000000001", "grp-a001-01-000000000000011", 100, 10, "1000"),
  apiRow("20260328", "cmp-a001-01-000000000000001", "grp-a001-01-000000000000011", 50, 5, "505"),
  apiRow("20260329", "cmp-a001-01-000000000000002", "grp-a001-01-000000000000022", 7, 1, "10"),
  apiRow("20260330", "cmp-a001-01-000000000000001", "grp-a001-01-000000000000011", 80, 8, "880"),
  apiRow("20260330", "cmp-a001-01-000000000000002", "grp-a001-01-000000000000022", 20, 1, "333"),
  apiRow("20260231", "cmp-a001-01-000000000000002", "grp-a001-01-000000000000022", 20, 1, "333"),
  apiRow("20260330", "cmp-a001-01-000000000000002", "grp-a001-01-000000000000022", 20, 1, "x"),
].join("\n");

describe("Naver 검색광고's API stat report (AD)", () => {
  it("sums rows per day, campaign and ad group, adding VAT to costs before 2026-03-30 only", async () => {
    const result = await read(new TextEncoder().encode(API_REPORT), {
      "cmp-a001-01-000000000000001": "분양_브랜드",
    });
    expect(result.platform).toBe("naver-api");
    expect(result.rows).toEqual([
      {
        day: "2026-03-28",
        campaign: "분양_브랜드",
        adGroup: "grp-a001-01-000000000000011",
        impressions: 150,
        clicks: 15,
        // (1,000 + 505) × 1.1 = 1,655.5
        costWon: 1_656,
        row: 1,
      },
      expect.objectContaining({
        day: "2026-03-29",
        campaign: "cmp-a001-01-000000000000002",
        costWon: 11,
        row: 3,
      }),
      expect.objectContaining({ day: "2026-03-30", campaign: "분양_브랜드", costWon: 880, row: 4 }),
      expect.objectContaining({
        day: "2026-03-30",
        campaign: "cmp-a001-01-000000000000002",
        costWon: 333,
      }),
    ]);
    expect(costOf(result.rows)).toBe(2_880);
    expect(result.unnamedCampaigns).toEqual(["cmp-a001-01-000000000000002"]);
    expect(result.refused).toEqual([
      { row: 6, reason: "날짜 «20260231»를 읽지 못했습니다" },
      { row: 7, reason: "비용 «x»를 숫자로 읽지 못했습니다" },
    ]);
  });

  it("answers every campaign ID as unnamed when no names are given", async () => {
    const result = await read(new TextEncoder().encode(API_REPORT));
    expect(result.unnamedCampaigns).toEqual([
      "cmp-a001-01-000000000000001",
      "cmp-a001-01-000000000000002",
    ]);
    expect(result.rows[0]!.campaign).toBe("cmp-a001-01-000000000000001");
  });
});
