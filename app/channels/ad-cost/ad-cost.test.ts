import { describe, expect, it } from "vitest";
import { headerKey } from "~/tables/header";
import { xlsxOf } from "~/tables/xlsx.test-support";
import { parseAdCostFile, parseWithMapping } from "./ad-cost";

const utf8 = (text: string) => new TextEncoder().encode(text);

const AGENCY_SHEET = [
  "대행사 광고비 정리",
  "매체,날짜,캠페인,금액",
  '네이버,2026-01-22,브랜드,"10,000"',
  '카카오,2026/01/23,관심사,"5,000"',
  "카카오,어제,관심사,100",
].join("\n");

describe("a file no platform claims", () => {
  it("asks for its columns, answering its header", async () => {
    expect(await parseAdCostFile(utf8(AGENCY_SHEET))).toEqual({
      ok: false,
      needsMapping: true,
      header: ["매체", "날짜", "캠페인", "금액"],
      message:
        "어느 광고 매체의 보고서인지 알아보지 못했습니다. 날짜와 비용이 있는 열을 골라 주세요.",
    });
  });

  it("is read through the picked columns, VAT added when the cost excludes it", async () => {
    const mapping = {
      day: "날짜",
      campaign: "캠페인",
      source: "매체",
      cost: "금액",
      costIncludesVat: false,
    };
    const result = await parseWithMapping(utf8(AGENCY_SHEET), mapping);
    if (!result.ok) throw new Error(result.message);
    expect(result.platform).toBe("mapped");
    expect(result.rows).toEqual([
      {
        day: "2026-01-22",
        campaign: "브랜드",
        source: "네이버",
        impressions: null,
        clicks: null,
        costWon: 11_000,
        row: 3,
      },
      {
        day: "2026-01-23",
        campaign: "관심사",
        source: "카카오",
        impressions: null,
        clicks: null,
        costWon: 5_500,
        row: 4,
      },
    ]);
    expect(result.refused).toEqual([{ row: 5, reason: "날짜 «어제»를 읽지 못했습니다" }]);

    const withVat = await parseWithMapping(utf8(AGENCY_SHEET), {
      ...mapping,
      costIncludesVat: true,
    });
    if (!withVat.ok) throw new Error(withVat.message);
    expect(withVat.rows.reduce((sum, r) => sum + r.costWon, 0)).toBe(15_000);
  });

  it("is refused when the picked columns are not in its header", async () => {
    expect(
      await parseWithMapping(utf8(AGENCY_SHEET), {
        day: "날짜",
        cost: "비용",
        costIncludesVat: true,
      }),
    ).toEqual({
      ok: false,
      message: "고른 열(날짜, 비용)이 모두 있는 제목 줄을 찾지 못했습니다.",
    });
  });

  it("has the same header key however its titles are spaced or cased, and another in another order", () => {
    expect(headerKey([" 매체 ", "Cost (KRW)", ""])).toBe(headerKey(["매체", "cost(krw)"]));
    expect(headerKey(["날짜", "금액"])).not.toBe(headerKey(["금액", "날짜"]));
  });
});

describe("files refused as a whole", () => {
  it("refuses an empty file", async () => {
    expect(await parseAdCostFile(utf8("\r\n \r\n"))).toEqual({
      ok: false,
      message: "파일에 내용이 없습니다.",
    });
  });

  it("refuses more than 100,000 rows", async () => {
    const row = "20260122,분양_카카오,관심사,1,1,1";
    const file = [
      "일,캠페인 이름,광고그룹 이름,노출수,클릭수,비용",
      ...Array<string>(100_001).fill(row),
    ].join("\n");
    expect(await parseAdCostFile(utf8(file))).toEqual({
      ok: false,
      message: "행이 100,000개를 넘습니다 (100,001행). 기간을 나누어 내려받아 주세요.",
    });
  });
});

describe("XLSX workbooks (read-excel-file)", () => {
  it("reads a Kakao Moment report saved as XLSX: text and number cells, the total to the won", async () => {
    const file = await xlsxOf([
      ["일", "캠페인 이름", "광고그룹 이름", "노출수", "클릭수", "비용"],
      ["20261102", "분양_카카오", "관심고객", 12_000, 150, 100_000],
      ["2026-11-03", "분양_카카오", "관심고객", 8_000, 90, 45_455],
    ]);
    const result = await parseAdCostFile(file);
    if (!result.ok) throw new Error(result.message);
    expect(result.platform).toBe("kakao-moment");
    expect(result.rows.map((r) => [r.day, r.campaign, r.clicks, r.costWon, r.row])).toEqual([
      ["2026-11-02", "분양_카카오", 150, 110_000, 2],
      ["2026-11-03", "분양_카카오", 90, 50_001, 3],
    ]);
    expect(result.rows.reduce((sum, r) => sum + r.costWon, 0)).toBe(160_001);
  });

  it("refuses a workbook that would unpack to more than 200 MB, before reading it", async () => {
    const file = await xlsxOf([["일", "비용"]], 201 * 1024 * 1024);
    expect(file.length).toBeLessThan(10 * 1024 * 1024);
    const result = await parseAdCostFile(file);
    expect(result.ok).toBe(false);
    expect((result as { message: string }).message).toContain("압축을 풀면 200MB 넘음");
  }, 30_000);
});
