import { describe, expect, it } from "vitest";
import { mondayOf } from "~/lib/korean-time";
import type { CostFigures } from "~/channels/cost-results";
import {
  costliestCampaigns,
  lastFullWeek,
  parseWeek,
  weekChoices,
  weekLabel,
  weekRange,
  type WeeklyLine,
} from "./weekly";

const params = (week?: string) => new URLSearchParams(week === undefined ? {} : { week });
// Wednesday 11 March 2026, 08:00 in Korea (still Tuesday in UTC).
const NOW = new Date("2026-03-10T23:00:00.000Z");

describe("the report's Korean week", () => {
  it("runs Monday to Sunday; a Sunday belongs to the week before it", () => {
    expect(mondayOf("2026-03-11")).toBe("2026-03-09");
    expect(mondayOf("2026-03-09")).toBe("2026-03-09");
    expect(mondayOf("2026-03-15")).toBe("2026-03-09");
    expect(weekRange("2026-03-09")).toEqual({ from: "2026-03-09", to: "2026-03-15" });
    expect(weekLabel("2026-03-09")).toBe("2026. 3. 9. ~ 2026. 3. 15.");
  });

  it("defaults to the last full week in Korea, takes any day of a week, refuses a week to come or a non-date", () => {
    expect(lastFullWeek(NOW)).toBe("2026-03-02");
    expect(parseWeek(params(), NOW)).toBe("2026-03-02");
    expect(parseWeek(params("2026-02-26"), NOW)).toBe("2026-02-23");
    expect(parseWeek(params("2026-03-09"), NOW)).toBe("2026-03-09");
    expect(parseWeek(params("2026-03-16"), NOW)).toBeNull();
    expect(parseWeek(params("2026-02-30"), NOW)).toBeNull();
    expect(parseWeek(params("지난주"), NOW)).toBeNull();
  });

  it("offers this week (진행 중) and the eleven before it", () => {
    const weeks = weekChoices(NOW);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({
      monday: "2026-03-09",
      label: "2026. 3. 9. ~ 2026. 3. 15. (진행 중)",
    });
    expect(weeks[1]!.monday).toBe("2026-03-02");
    expect(weeks.at(-1)!.monday).toBe("2025-12-22");
  });
});

describe("the campaign lines a report's page shows", () => {
  const figures = (costWon: number, leads: number) => ({ costWon, leads }) as CostFigures;
  const line = (label: string, costWon: number, leads = 0): WeeklyLine => ({
    label,
    figures: figures(costWon, leads),
    before: null,
  });
  const total = line("합계", 999, 99);

  it("shows every line up to the limit", () => {
    const lines = [line("naver · a", 10), line("naver · b", 0), total];
    expect(costliestCampaigns(lines, 2)).toEqual({ lines, hidden: 0 });
  });

  it("past it, the costliest (then most 접수) in the report's order, the total last, and how many are left", () => {
    const lines = [
      line("kakao · 봄", 5_000),
      line("naver · 검색", 0, 7),
      line("naver · 브랜드", 20_000),
      line("meta · 리타게팅", 0, 3),
      line("google · 지도", 5_000),
      total,
    ];
    const shown = costliestCampaigns(lines, 4);
    expect(shown.hidden).toBe(1);
    expect(shown.lines.map((l) => l.label)).toEqual([
      "kakao · 봄",
      "naver · 검색",
      "naver · 브랜드",
      "google · 지도",
      "합계",
    ]);
  });
});
