import { describe, expect, it } from "vitest";
import { parseAdCostFile } from "./ad-cost";

const parse = (text: string) => parseAdCostFile(new TextEncoder().encode(text));
const costOf = (rows: { costWon: number }[]) => rows.reduce((sum, r) => sum + r.costWon, 0);

describe("Meta Ads Manager's export", () => {
  it("reads the Korean export by its 일 column, adding VAT to the amount spent", async () => {
    const result = await parse(
      [
        "보고 시작,보고 종료,일,캠페인 이름,광고 세트 이름,노출,링크 클릭,지출 금액 (KRW)",
        '2026-01-01,2026-01-31,2026-01-22,분양_메타,리드_30대,"5,000",40,"50,000"',
        '2026-01-01,2026-01-31,2026-01-23,분양_메타,리드_30대,"4,000",,"45,455"',
      ].join("\n"),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.platform).toBe("meta");
    expect(result.rows).toEqual([
      {
        day: "2026-01-22",
        campaign: "분양_메타",
        adGroup: "리드_30대",
        impressions: 5_000,
        clicks: 40,
        costWon: 55_000,
        row: 2,
      },
      // 45,455 × 1.1 = 50,000.5; no link clicks that day.
      expect.objectContaining({ day: "2026-01-23", clicks: null, costWon: 50_001, row: 3 }),
    ]);
    expect(costOf(result.rows)).toBe(105_001);
    expect(result.refused).toEqual([]);
  });

  it("reads the English export by its reporting period, refusing a row of more than one day", async () => {
    const result = await parse(
      [
        "Campaign name,Ad set name,Reporting starts,Reporting ends,Impressions,Link clicks,Amount spent (KRW)",
        "Brand,Leads,2026-01-22,2026-01-22,1000,10,10000",
        "Brand,Leads,2026-01-01,2026-01-31,30000,300,300000",
      ].join("\n"),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.rows).toEqual([
      {
        day: "2026-01-22",
        campaign: "Brand",
        adGroup: "Leads",
        impressions: 1_000,
        clicks: 10,
        costWon: 11_000,
        row: 2,
      },
    ]);
    expect(result.refused).toEqual([
      { row: 3, reason: "하루 단위가 아닙니다 (2026-01-01 ~ 2026-01-31)" },
    ]);
  });

  it("refuses a report in another currency, naming it", async () => {
    const result = await parse(
      [
        "Day,Campaign name,Ad set name,Impressions,Link clicks,Amount spent (USD)",
        "2026-01-22,Brand,Leads,1000,10,12.5",
      ].join("\n"),
    );
    expect(result).toEqual({
      ok: false,
      message: "통화가 USD인 보고서입니다. 광고 계정의 통화가 원화(KRW)인 보고서만 읽습니다.",
    });
  });
});
