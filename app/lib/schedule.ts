import type { Milestone } from "~/content/schema";
import { addDays, koreanWeekday, kstDate, kstInstant } from "./korean-time";

/*
 * The sale schedule's rules, shared by the pages (prerendered and in the browser) and the calendar
 * files. Every date and time in content is Korean time (Asia/Seoul, UTC+9 all year, no daylight
 * saving), so the arithmetic here needs no time-zone database.
 */

export const TO_BE_ANNOUNCED = "추후 공지";
const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 of an ISO date (YYYY-MM-DD). */
function dayNumber(isoDate: string): number {
  const [y, m, d] = isoDate.split("-").map(Number);
  return Date.UTC(y!, m! - 1, d!) / DAY_MS;
}

/** "청약접수 · 특별공급" */
export function milestoneTitle(m: Pick<Milestone, "step" | "detail">): string {
  return m.detail ? `${m.step} · ${m.detail}` : m.step;
}

/**
 * When a milestone happens, as shown to visitors: "2026.12.14 (월) 09:00 ~ 17:30",
 * "2027.01.05 (화) ~ 01.07 (목) 10:00 ~ 16:00", or "추후 공지" without a date.
 */
export function milestoneWhen(m: Milestone): string {
  if (!m.date) return TO_BE_ANNOUNCED;
  const [y, mo, d] = m.date.split("-");
  let when = `${y}.${mo}.${d} (${koreanWeekday(m.date)})`;
  if (m.endDate) {
    const [ey, emo, ed] = m.endDate.split("-");
    when += ` ~ ${ey === y ? "" : `${ey}.`}${emo}.${ed} (${koreanWeekday(m.endDate)})`;
  }
  if (m.startTime) when += ` ${m.startTime}${m.endTime ? ` ~ ${m.endTime}` : ""}`;
  return when;
}

export type MilestoneState =
  | { kind: "tba" }
  | { kind: "upcoming"; days: number }
  | { kind: "today" }
  | { kind: "ongoing" }
  | { kind: "past" };

/** Where a milestone stands on the Korean calendar day of `now`. */
export function milestoneState(m: Milestone, now: Date | number): MilestoneState {
  if (!m.date) return { kind: "tba" };
  const today = dayNumber(kstDate(now));
  const start = dayNumber(m.date);
  const end = dayNumber(m.endDate ?? m.date);
  if (today < start) return { kind: "upcoming", days: start - today };
  if (today === start) return { kind: "today" };
  if (today <= end) return { kind: "ongoing" };
  return { kind: "past" };
}

/** The badge: "D-3", "D-DAY", "진행중", "마감" or "추후 공지". */
export function dDayLabel(m: Milestone, now: Date | number): string {
  const state = milestoneState(m, now);
  switch (state.kind) {
    case "tba":
      return TO_BE_ANNOUNCED;
    case "upcoming":
      return `D-${state.days}`;
    case "today":
      return "D-DAY";
    case "ongoing":
      return "진행중";
    case "past":
      return "마감";
  }
}

/**
 * The milestone a visitor should look at next: the first one that is today, still running or
 * ahead. Undefined when every dated milestone is over or none has a date.
 */
export function nextMilestone(milestones: Milestone[], now: Date | number): Milestone | undefined {
  return milestones.find((m) => {
    const kind = milestoneState(m, now).kind;
    return kind === "upcoming" || kind === "today" || kind === "ongoing";
  });
}

/* ---------- Calendar file (RFC 5545) ---------- */

/** TEXT value escaping (RFC 5545 3.3.11). */
function icsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r?\n/g, "\\n");
}

/** Folds a content line at 75 octets without splitting a UTF-8 character (RFC 5545 3.1). */
function fold(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = new TextEncoder().encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const compactDate = (isoDate: string) => isoDate.replace(/-/g, "");

/** A Korean date and time as a UTC DATE-TIME: "2026-12-14", "09:00" → "20261214T000000Z". */
function utcStamp(isoDate: string, time: string): string {
  return kstInstant(isoDate, time)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export type CalendarInfo = {
  /** The complex, e.g. "라움하임 평촌 센트럴": prefix of the event title and calendar name. */
  siteName: string;
  /** Host for the event UID, e.g. "www.example-bunyang.kr". */
  uidHost: string;
  /** Phone number for questions, written into the description. */
  phone: string;
  /** Where the full schedule is, written into the description. */
  scheduleUrl: string;
  /** When the file was made (DTSTAMP). */
  now: Date | number;
};

/**
 * One milestone as an iCalendar file with one event: timed events in UTC (Korean time converted),
 * all-day events as DATE values, a multi-day period with daily hours as a daily repetition, and a
 * reminder the day before. Undefined for a milestone without a date.
 */
export function milestoneIcs(m: Milestone, info: CalendarInfo): string | undefined {
  if (!m.date) return undefined;
  const title = milestoneTitle(m);
  const days = m.endDate ? dayNumber(m.endDate) - dayNumber(m.date) + 1 : 1;
  const timing: string[] = [];
  if (m.startTime) {
    timing.push(`DTSTART:${utcStamp(m.date, m.startTime)}`);
    if (m.endTime) timing.push(`DTEND:${utcStamp(m.date, m.endTime)}`);
    else timing.push("DURATION:PT1H");
    if (days > 1) timing.push(`RRULE:FREQ=DAILY;COUNT=${days}`);
  } else {
    timing.push(`DTSTART;VALUE=DATE:${compactDate(m.date)}`);
    timing.push(`DTEND;VALUE=DATE:${compactDate(addDays(m.endDate ?? m.date, 1))}`);
  }
  const description = [
    `${title} · ${milestoneWhen(m)} (한국시간)`,
    `장소 · 방법: ${m.place}`,
    `분양 문의 ${info.phone}`,
    `전체 일정: ${info.scheduleUrl}`,
    "일정은 사업 주체의 사정에 따라 변경될 수 있으니 입주자 모집공고를 확인해 주세요.",
  ].join("\n");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${icsText(info.siteName)}//분양일정//KO`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${icsText(`${info.siteName} 분양일정`)}`,
    "X-WR-TIMEZONE:Asia/Seoul",
    "BEGIN:VEVENT",
    `UID:${m.key}-${compactDate(m.date)}@${info.uidHost}`,
    `DTSTAMP:${new Date(Number(info.now))
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "")}`,
    ...timing,
    `SUMMARY:${icsText(`[${info.siteName}] ${title}`)}`,
    `LOCATION:${icsText(m.place)}`,
    `DESCRIPTION:${icsText(description)}`,
    `URL:${info.scheduleUrl}`,
    "TRANSP:TRANSPARENT",
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    `DESCRIPTION:${icsText(`내일 ${title}`)}`,
    "TRIGGER:-P1D",
    "END:VALARM",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}
