import { expect, it } from "vitest";
import { parseAdCostFile } from "./ad-cost";

it("reads 당근's report by its 비용 (VAT 포함) column, costs kept as they are", async () => {
  const file = [
    "날짜,캠페인 이름,노출수,클릭수,비용 (VAT 포함)",
    '2026-01-22,분양_당근,"2,000",30,"33,000"',
    '2026.01.23,분양_당근,"1,500",20,"22,000"',
    "2026.01.24,분양_당근,100,1,",
  ].join("\n");
  const result = await parseAdCostFile(new TextEncoder().encode(file));
  if (!result.ok) throw new Error(result.message);
  expect(result.platform).toBe("daangn");
  expect(result.rows).toEqual([
    {
      day: "2026-01-22",
      campaign: "분양_당근",
      impressions: 2_000,
      clicks: 30,
      costWon: 33_000,
      row: 2,
    },
    {
      day: "2026-01-23",
      campaign: "분양_당근",
      impressions: 1_500,
      clicks: 20,
      costWon: 22_000,
      row: 3,
    },
  ]);
  expect(result.rows.reduce((sum, r) => sum + r.costWon, 0)).toBe(55_000);
  expect(result.refused).toEqual([{ row: 4, reason: "비용이 비어 있습니다" }]);
});
