import ICAL from "ical.js";
import { describe, expect, test } from "vitest";
import type { Milestone } from "~/content/schema";
import { loadSite } from "~/sites/registry.server";
import { dDayLabel, milestoneIcs, milestoneWhen, nextMilestone, TO_BE_ANNOUNCED } from "./schedule";

/*
 * The sale schedule as a visitor meets it: the D-day badge on the day before, of and after a
 * milestone (with a fixed clock, in Korean time), and the calendar file a phone's calendar opens.
 */

const milestone = (fields: Partial<Milestone>): Milestone => ({
  key: "special",
  step: "청약접수",
  detail: "특별공급",
  place: "청약홈 인터넷 청약",
  ...fields,
});

const anyang = loadSite("sites/anyang");

/** An instant given as Korean wall-clock time. */
const kst = (iso: string) => new Date(`${iso}+09:00`);

const info = {
  siteName: "라움하임 평촌 센트럴",
  uidHost: "www.example-bunyang.kr",
  phone: "1600-0000",
  scheduleUrl: "https://www.example-bunyang.kr/BusinessGuide/plan",
  now: kst("2026-11-22T10:00:00"),
};

describe("D-day", () => {
  const special = milestone({ date: "2026-12-14", startTime: "09:00", endTime: "17:30" });

  test("counts calendar days in Korea: D-1 the day before, D-DAY on the day, over the day after", () => {
    expect(dDayLabel(special, kst("2026-12-13T00:00:00"))).toBe("D-1");
    expect(dDayLabel(special, kst("2026-12-13T23:59:59"))).toBe("D-1");
    expect(dDayLabel(special, kst("2026-12-14T00:00:00"))).toBe("D-DAY");
    expect(dDayLabel(special, kst("2026-12-14T23:59:59"))).toBe("D-DAY");
    expect(dDayLabel(special, kst("2026-12-15T00:00:00"))).toBe("마감");
    expect(dDayLabel(special, kst("2026-11-22T12:00:00"))).toBe("D-22");
  });

  test("uses the Korean date, not the visitor's or the server's UTC date", () => {
    // 2026-12-13 20:00 UTC is already 2026-12-14 05:00 in Korea.
    expect(dDayLabel(special, new Date("2026-12-13T20:00:00Z"))).toBe("D-DAY");
  });

  test("a period is running after its first day and over after its last", () => {
    const contract = milestone({ key: "contract", date: "2027-01-05", endDate: "2027-01-07" });
    expect(dDayLabel(contract, kst("2027-01-04T09:00:00"))).toBe("D-1");
    expect(dDayLabel(contract, kst("2027-01-05T09:00:00"))).toBe("D-DAY");
    expect(dDayLabel(contract, kst("2027-01-07T09:00:00"))).toBe("진행중");
    expect(dDayLabel(contract, kst("2027-01-08T09:00:00"))).toBe("마감");
  });

  test("the next milestone moves on the day after one is over", () => {
    const list = anyang.infoPages.schedule.milestones;
    const [first, second] = list.filter((m) => m.date);
    const dayBefore = kst(`${first!.date}T12:00:00`);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
    const dayAfter = kst(`${first!.date}T12:00:00`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    expect(nextMilestone(list, dayBefore)).toBe(first);
    expect(dDayLabel(first!, dayBefore)).toBe("D-1");
    expect(nextMilestone(list, kst(`${first!.date}T23:00:00`))).toBe(first);
    expect(nextMilestone(list, dayAfter)).toBe(second);
    expect(nextMilestone(list, kst("2030-01-01T00:00:00"))).toBeUndefined();
  });

  test("without a date the badge and the date say 추후 공지, and nothing is next", () => {
    const undated = milestone({});
    expect(dDayLabel(undated, info.now)).toBe(TO_BE_ANNOUNCED);
    expect(milestoneWhen(undated)).toBe(TO_BE_ANNOUNCED);
    expect(nextMilestone([undated], info.now)).toBeUndefined();
    expect(milestoneIcs(undated, info)).toBeUndefined();
  });

  test("dates are written with the Korean weekday and the hours", () => {
    expect(
      milestoneWhen(milestone({ date: "2026-12-14", startTime: "09:00", endTime: "17:30" })),
    ).toBe("2026.12.14 (월) 09:00 ~ 17:30");
    expect(
      milestoneWhen(
        milestone({
          date: "2026-12-30",
          endDate: "2027-01-02",
          startTime: "10:00",
          endTime: "16:00",
        }),
      ),
    ).toBe("2026.12.30 (수) ~ 2027.01.02 (토) 10:00 ~ 16:00");
    expect(milestoneWhen(milestone({ date: "2026-12-04" }))).toBe("2026.12.04 (금)");
  });
});

describe("calendar file (.ics)", () => {
  /** RFC 5545 3.1: CRLF line ends, no line over 75 octets. */
  function expectWellFormed(ics: string) {
    expect(ics.endsWith("\r\n")).toBe(true);
    const lines = ics.slice(0, -2).split("\r\n");
    for (const line of lines) {
      expect(line).not.toContain("\n");
      expect(new TextEncoder().encode(line).length, line).toBeLessThanOrEqual(75);
    }
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
  }

  function parse(ics: string) {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toBeTruthy();
    const vevents = calendar.getAllSubcomponents("vevent");
    expect(vevents).toHaveLength(1);
    const vevent = vevents[0]!;
    expect(vevent.getFirstPropertyValue("uid")).toBeTruthy();
    expect(vevent.getFirstPropertyValue("dtstamp")).toBeTruthy();
    return new ICAL.Event(vevent);
  }

  /** An ICAL time as Korean wall-clock text. */
  const inKorea = (t: ICAL.Time) =>
    new Date(t.toJSDate().getTime() + 9 * 3600_000).toISOString().slice(0, 16);

  test("a timed milestone opens as an event at its Korean time, with its title and place", () => {
    const m = milestone({ date: "2026-12-14", startTime: "09:00", endTime: "17:30" });
    const ics = milestoneIcs(m, info)!;
    expectWellFormed(ics);
    const event = parse(ics);
    expect(event.summary).toBe("[라움하임 평촌 센트럴] 청약접수 · 특별공급");
    expect(event.location).toBe("청약홈 인터넷 청약");
    expect(inKorea(event.startDate)).toBe("2026-12-14T09:00");
    expect(inKorea(event.endDate)).toBe("2026-12-14T17:30");
    expect(event.uid).toBe("special-20261214@www.example-bunyang.kr");
    expect(event.description).toContain("1600-0000");
    expect(event.description).toContain("\n");
    expect(event.isRecurring()).toBe(false);
  });

  test("a day without hours is an all-day event", () => {
    const ics = milestoneIcs(milestone({ key: "announcement", date: "2026-12-04" }), info)!;
    expectWellFormed(ics);
    const event = parse(ics);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe("2026-12-04");
    expect(event.endDate.toString()).toBe("2026-12-05");
  });

  test("a period with daily hours repeats on each of its days", () => {
    const m = milestone({
      key: "contract",
      step: "계약",
      detail: "정당계약",
      date: "2027-01-05",
      endDate: "2027-01-07",
      startTime: "10:00",
      endTime: "16:00",
      place: "견본주택; 1층, 상담석",
    });
    const ics = milestoneIcs(m, info)!;
    expectWellFormed(ics);
    const event = parse(ics);
    expect(event.location).toBe("견본주택; 1층, 상담석");
    expect(event.isRecurring()).toBe(true);
    const it = event.iterator();
    const starts: string[] = [];
    for (let next = it.next(); next; next = it.next()) starts.push(inKorea(next));
    expect(starts).toEqual(["2027-01-05T10:00", "2027-01-06T10:00", "2027-01-07T10:00"]);
  });

  test("every dated milestone of the Anyang site gives a calendar file that parses", () => {
    const dated = anyang.infoPages.schedule.milestones.filter((m) => m.date);
    expect(dated.length).toBeGreaterThan(0);
    for (const m of dated) {
      const ics = milestoneIcs(m, info)!;
      expectWellFormed(ics);
      expect(parse(ics).summary).toContain(m.step);
    }
  });
});
