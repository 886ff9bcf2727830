import { describe, expect, test } from "vitest";
import {
  addDays,
  formatKoreanDateTime,
  formatKoreanLongDay,
  formatKoreanMonthDayTime,
  formatKstStamp,
  isoToKstInput,
  koreanWeekday,
  kstDate,
  kstDayOfKey,
  kstInputToIso,
  kstInstant,
  kstTime,
  startOfKstDay,
} from "./korean-time";

describe("Korean time", () => {
  test("a day key marked late (UTC 15:00 or after) is the next Korean date, across a year's end", () => {
    expect(kstDayOfKey("2026-12-31")).toBe("2026-12-31");
    expect(kstDayOfKey("2026-12-31+")).toBe("2027-01-01");
    expect(kstDayOfKey("2028-02-28+")).toBe("2028-02-29");
  });

  test("a day in Korea begins at 15:00 UTC the day before", () => {
    expect(kstDate(new Date("2026-12-13T14:59:59Z"))).toBe("2026-12-13");
    expect(kstDate(new Date("2026-12-13T15:00:00Z"))).toBe("2026-12-14");
    expect(kstTime(new Date("2026-12-13T15:05:00Z"))).toBe("00:05");
    expect(kstInstant("2026-12-14", "09:00").toISOString()).toBe("2026-12-14T00:00:00.000Z");
    expect(startOfKstDay(new Date("2026-12-14T10:00:00Z")).toISOString()).toBe(
      "2026-12-13T15:00:00.000Z",
    );
  });

  test("days add across months and years, and carry their Korean weekday", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(koreanWeekday("2026-11-23")).toBe("월");
    expect(koreanWeekday("2026-11-29")).toBe("일");
  });

  test("a moment is written as a Korean reader expects it, whatever the server's zone", () => {
    expect(formatKoreanDateTime("2026-03-01T05:05:00Z")).toBe("2026. 3. 1. 오후 2:05");
    expect(formatKoreanDateTime("2026-03-01T15:00:00Z")).toBe("2026. 3. 2. 오전 12:00");
    expect(formatKoreanMonthDayTime("2026-03-01T05:05:00Z")).toBe("3월 1일 14:05");
    expect(formatKstStamp("2026-03-01T01:02:03.000Z")).toBe("2026-03-01 10:02:03");
    expect(formatKstStamp("어제")).toBe("어제");
    expect(formatKoreanLongDay("2026-03-01")).toBe("2026년 3월 1일");
  });

  test("a typed Korean time goes to UTC and back, and an impossible one is refused", () => {
    expect(kstInputToIso("2026-03-01T14:05")).toBe("2026-03-01T05:05:00.000Z");
    expect(isoToKstInput("2026-03-01T05:05:00.000Z")).toBe("2026-03-01T14:05");
    expect(kstInputToIso("2026-02-30T10:00")).toBeNull();
    expect(kstInputToIso("2026-03-01T24:00")).toBeNull();
    expect(kstInputToIso("내일 오후")).toBeNull();
  });
});
