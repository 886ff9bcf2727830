import { describe, expect, it } from "vitest";
import {
  bookableDates,
  checkSlot,
  formatSlot,
  slotTimes,
  slotUnavailableMessage,
  type VisitSchedule,
} from "./visit-slots";

const schedule: VisitSchedule = {
  openWeekdays: [1, 2, 3, 4, 5, 6], // closed on Sundays
  opensAt: "10:00",
  closesAt: "17:30",
  slotMinutes: 90,
  capacityPerSlot: 4,
  closedDates: ["2026-03-03"],
  bookableDays: 3,
};
const kst = (iso: string) => new Date(`${iso}+09:00`);

describe("visit slots", () => {
  it("starts a slot every slotMinutes while it ends by closing time", () => {
    expect(slotTimes(schedule)).toEqual(["10:00", "11:30", "13:00", "14:30", "16:00"]);
  });

  it("offers the next opening days in Korean time, today only while a slot is ahead", () => {
    // Monday 2 March 2026 00:30 in Korea is still Sunday 1 March in UTC.
    expect(bookableDates(schedule, kst("2026-03-02T00:30:00"))).toEqual([
      "2026-03-02",
      "2026-03-04",
      "2026-03-05",
    ]);
    expect(bookableDates(schedule, kst("2026-03-02T16:00:00"))).toEqual([
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
    ]);
  });

  it("says why a slot cannot be chosen", () => {
    const now = kst("2026-03-02T12:00:00");
    expect(checkSlot(schedule, "2026-03-02T13:00", now)).toEqual({
      ok: true,
      startsAt: kst("2026-03-02T13:00:00"),
    });
    expect(checkSlot(schedule, "2026-03-02T11:30", now)).toEqual({ ok: false, problem: "past" });
    expect(checkSlot(schedule, "2026-03-03T13:00", now)).toEqual({ ok: false, problem: "closed" });
    expect(checkSlot(schedule, "2026-03-08T13:00", now)).toEqual({ ok: false, problem: "closed" });
    expect(checkSlot(schedule, "2026-03-06T13:00", now)).toEqual({
      ok: false,
      problem: "out_of_range",
    });
    for (const bad of ["2026-03-02T12:00", "2026-02-30T13:00", "tomorrow", "2026-03-02T13:00:00"])
      expect(checkSlot(schedule, bad, now)).toEqual({ ok: false, problem: "invalid" });
  });

  it("reads slots and messages in Korean", () => {
    expect(formatSlot("2026-03-02T13:00")).toBe("3월 2일(월) 13:00");
    expect(slotUnavailableMessage("full", "2026-03-02T13:00", "2026-03-02T14:30", 3)).toBe(
      "선택하신 시간(3월 2일(월) 13:00)은 예약이 마감되었습니다. 가장 가까운 예약 가능 시간(3월 2일(월) 14:30)으로 바꿔 두었으니, 확인하시고 다시 등록해 주세요.",
    );
    expect(slotUnavailableMessage("closed", "2026-03-03T13:00", null, 3)).toMatch(
      /^선택하신 날짜\(3월 3일\(화\)\)는 견본주택 휴관일입니다\. 지금은 예약할 수 있는 시간이 없습니다/,
    );
  });
});
