/*
 * Korean time, the one home of it: every date and time a person reads or types is Korean time
 * (Asia/Seoul, UTC+9 all year, no daylight saving), every stored time is ISO-8601 UTC, and the
 * arithmetic between them needs no time-zone database. Formats follow the Korean locale but are
 * written by hand: the server's ICU data and a visitor's browser do not always agree on "오후"
 * versus "PM", and a difference would break hydration.
 *
 * Names: a "date" is a Korean calendar date ("2026-03-01"), a "time" a Korean clock time ("14:05"),
 * an "instant" a Date, an "iso" an ISO-8601 UTC string.
 */

/** Korea's offset from UTC. */
const KST_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;
const WEEKDAYS = ["일", "월", "화", "수", "목", "금", "토"] as const;

const pad = (n: number) => String(n).padStart(2, "0");

/** The instant as Korean wall-clock time, read with the getUTC… methods. */
const wallClock = (instant: Date | number) => new Date(Number(instant) + KST_OFFSET_MS);

/** The Korean calendar date of an instant, now by default: "2026-11-23". */
export function kstDate(instant: Date | number = Date.now()): string {
  return wallClock(instant).toISOString().slice(0, 10);
}

/** The Korean clock time of an instant: "14:05". */
export function kstTime(instant: Date | number): string {
  return wallClock(instant).toISOString().slice(11, 16);
}

/** The instant a Korean date and clock time name. */
export function kstInstant(date: string, time = "00:00"): Date {
  return new Date(`${date}T${time}:00.000+09:00`);
}

/** The instant the Korean day of `instant` began. */
export function startOfKstDay(instant: Date): Date {
  return kstInstant(kstDate(instant));
}

/** The date `days` after a date (before, when negative): "2026-12-31", 1 → "2027-01-01". */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * SQL (the same on SQLite and PostgreSQL) of the Korean day of an ISO UTC column, as one key to
 * group by (`day_key`): its UTC date, with "+" when its UTC hour is 15 or later (then the Korean day
 * is the next date). A day groups in two lines, not the 24 of its hours; kstDayOfKey joins them.
 * One expression, written exactly as migration 029 indexes it for `created_at`: PostgreSQL keeps
 * statistics on an indexed expression, so it knows a year of leads makes a few hundred keys and
 * adds them up in a hash (a year of 100,000 leads: 150 ms to 75 ms, scripts/bench-crm.mjs's data).
 */
export const kstDayKeySql = (column: string) =>
  `SUBSTR(${column}, 1, 10) || CASE WHEN SUBSTR(${column}, 12, 2) >= '15' THEN '+' ELSE '' END`;

/** The Korean date of a line grouped by kstDayKeySql: "2026-12-31+" → "2027-01-01". */
export const kstDayOfKey = (key: string): string =>
  key.endsWith("+") ? addDays(key.slice(0, -1), 1) : key;

/** The day of the week of a date, 0 for Sunday (일) to 6 for Saturday (토). */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The Monday of the Korean week a date falls in. */
export function mondayOf(day: string): string {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

/** The day of the week of a date in one Korean letter: "2026-11-23" → "월". */
export function koreanWeekday(date: string): string {
  return WEEKDAYS[weekdayOf(date)]!;
}

function kstParts(iso: string) {
  const d = wallClock(new Date(iso));
  if (Number.isNaN(d.getTime())) return null;
  return {
    y: d.getUTCFullYear(),
    m: d.getUTCMonth() + 1,
    d: d.getUTCDate(),
    h: d.getUTCHours(),
    min: d.getUTCMinutes(),
  };
}

/** "2026-03-01T05:05:00Z" → "2026. 3. 1." (as ko-KR writes a date). */
export function formatKoreanDate(iso: string): string {
  const p = kstParts(iso);
  return p ? `${p.y}. ${p.m}. ${p.d}.` : "";
}

/** "2026-03-01T05:05:00Z" → "2026. 3. 1. 오후 2:05". */
export function formatKoreanDateTime(iso: string): string {
  const p = kstParts(iso);
  if (!p) return "";
  const half = p.h < 12 ? "오전" : "오후";
  const h12 = p.h % 12 === 0 ? 12 : p.h % 12;
  return `${p.y}. ${p.m}. ${p.d}. ${half} ${h12}:${pad(p.min)}`;
}

/** "2026-03-01T05:05:00Z" → "3월 1일 14:05" (a short moment, as in an SMS). */
export function formatKoreanMonthDayTime(iso: string): string {
  const p = kstParts(iso);
  return p ? `${p.m}월 ${p.d}일 ${pad(p.h)}:${pad(p.min)}` : "";
}

/** "2026-03-01T01:02:03.000Z" → "2026-03-01 10:02:03", as a spreadsheet reads it; a bad value as it is. */
export function formatKstStamp(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return wallClock(d).toISOString().slice(0, 19).replace("T", " ");
}

/** "2026-03-01" (a date in Korea) → "2026. 3. 1.". */
export function formatKoreanDay(day: string): string {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(day);
  return m ? `${Number(m[1])}. ${Number(m[2])}. ${Number(m[3])}.` : day;
}

/** "2026-03-01" → "2026년 3월 1일", as a notice or a policy writes its date. */
export function formatKoreanLongDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return `${y}년 ${m}월 ${d}일`;
}

/** A `datetime-local` value read as Korean time ("2026-03-01T14:05") → ISO UTC, or null. */
export function kstInputToIso(value: string): string | null {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?$/.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as number[];
  const utc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s ?? 0) - KST_OFFSET_MS;
  const back = wallClock(utc);
  if (back.getUTCMonth() !== mo! - 1 || back.getUTCDate() !== d! || h! > 23 || mi! > 59)
    return null;
  return new Date(utc).toISOString();
}

/** ISO UTC → a `datetime-local` value in Korean time ("2026-03-01T14:05"). */
export function isoToKstInput(iso: string): string {
  const p = kstParts(iso);
  return p ? `${p.y}-${pad(p.m)}-${pad(p.d)}T${pad(p.h)}:${pad(p.min)}` : "";
}

/** The first instant of a day in Korea ("2026-03-01") as ISO UTC, or null for a bad date. */
export function kstDayStartIso(day: string): string | null {
  return kstInputToIso(`${day}T00:00`);
}
