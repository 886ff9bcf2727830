import { expect, it } from "vitest";
import { parseAdCostFile } from "./ad-cost";

const FILE = [
  "일,캠페인 이름,광고그룹 이름,노출수,클릭수,비용",
  '20260122,분양_카카오,관심사_부동산,"1,000",20,"10,000"',
  '2026-01-23,분양_카카오,관심사_부동산,900,18,"9,001"',
  "2026-01-24,분양_카카오,관심사_부동산,800,16,-500",
  "2026-01-25,분양_카카오,관심사_부동산,800,many,abc",
].join("\r\n");

it("reads Kakao Moment's report, adding VAT, and refuses broken rows with their reason", async () => {
  const result = await parseAdCostFile(new TextEncoder().encode(FILE));
  if (!result.ok) throw new Error(result.message);
  expect(result.platform).toBe("kakao-moment");
  expect(result.rows).toEqual([
    {
      day: "2026-01-22",
      campaign: "분양_카카오",
      adGroup: "관심사_부동산",
      impressions: 1_000,
      clicks: 20,
      costWon: 11_000,
      row: 2,
    },
    // 9,001 × 1.1 = 9,901.1
    expect.objectContaining({ day: "2026-01-23", impressions: 900, clicks: 18, costWon: 9_901 }),
  ]);
  expect(result.rows.reduce((sum, r) => sum + r.costWon, 0)).toBe(20_901);
  expect(result.refused).toEqual([
    { row: 4, reason: "비용이 음수입니다 (-500)" },
    { row: 5, reason: "비용 «abc»를 숫자로 읽지 못했습니다, 클릭수 «many»를 읽지 못했습니다" },
  ]);
});
