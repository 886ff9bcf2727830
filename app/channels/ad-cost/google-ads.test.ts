import { describe, expect, it } from "vitest";
import { parseAdCostFile } from "./ad-cost";

const parse = (text: string) => parseAdCostFile(new TextEncoder().encode(text));
const costOf = (rows: { costWon: number }[]) => rows.reduce((sum, r) => sum + r.costWon, 0);

const report = (currency: string) =>
  [
    "Campaign report",
    '"January 22, 2026 - January 23, 2026"',
    "Day,Campaign,Currency code,Clicks,Impr.,Cost",
    `2026-01-22,Search_Brand,${currency},12,340,"12,345"`,
    `2026-01-23,Search_Brand,${currency},10,300,"10,000.00"`,
    `Total: Account,--,${currency},22,640,"22,345.00"`,
    `Total: Search,--,${currency},22,640,"22,345.00"`,
  ].join("\r\n");

describe("Google Ads", () => {
  it("reads the report below its title and date-range lines, skipping the totals and adding VAT", async () => {
    const result = await parse(report("KRW"));
    if (!result.ok) throw new Error(result.message);
    expect(result.platform).toBe("google-ads");
    expect(result.rows).toEqual([
      // 12,345 × 1.1 = 13,579.5
      {
        day: "2026-01-22",
        campaign: "Search_Brand",
        impressions: 340,
        clicks: 12,
        costWon: 13_580,
        row: 4,
      },
      {
        day: "2026-01-23",
        campaign: "Search_Brand",
        impressions: 300,
        clicks: 10,
        costWon: 11_000,
        row: 5,
      },
    ]);
    expect(costOf(result.rows)).toBe(24_580);
    expect(result.refused).toEqual([]);
  });

  it("refuses a report in another currency, naming it", async () => {
    expect(await parse(report("USD"))).toEqual({
      ok: false,
      message: "통화가 USD인 보고서입니다. 광고 계정의 통화가 원화(KRW)인 보고서만 읽습니다.",
    });
  });

  it("reads the API's cost_micros as millionths of a won", async () => {
    const result = await parse(
      [
        "segments.date,campaign.name,metrics.impressions,metrics.clicks,metrics.cost_micros",
        "2026-01-22,Search_Brand,340,12,12345000000",
        "2026-01-23,Search_Brand,300,10,9999990000",
      ].join("\n"),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.rows.map((r) => [r.day, r.costWon])).toEqual([
      ["2026-01-22", 13_580],
      // 9,999.99 × 1.1 = 10,999.989
      ["2026-01-23", 11_000],
    ]);
    expect(costOf(result.rows)).toBe(24_580);
  });
});
