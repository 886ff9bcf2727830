import type { ModelHouse } from "~/content/schema";
import { addDays, koreanWeekday, kstDate, kstInstant, kstTime, weekdayOf } from "~/lib/korean-time";

/*
 * The model house's visit slots, from a complex's modelHouse.visits: which days it opens, which slots a
 * day has, which of them a visitor may still choose. Pure functions on Korean time (Asia/Seoul,
 * UTC+9, no daylight saving), shared by the slot picker and the server, which decides.
 *
 * A slot is named by its Korean date and start time, "2026-11-23T10:00" (a "slot key"); the
 * database stores its start as an ISO-8601 UTC instant like every other time.
 */

export type VisitSchedule = ModelHouse["visits"];

/** Where the browser reads live availability (app/routes/endpoints/api.visit-slots.ts). */
export const VISIT_SLOTS_PATH = "/api/visit-slots";
/** Where a booking's page lives: /b/<token> (app/routes/public/booking.tsx). */
export const BOOKING_PATH = "/b";

type SlotState = "open" | "full" | "past";
export type SlotAvailability = { time: string; left: number; state: SlotState };
export type DayAvailability = { date: string; slots: SlotAvailability[] };
/** The answer of VISIT_SLOTS_PATH: the bookable days, each with its slots. */
export type Availability = { days: DayAvailability[] };

export type SlotProblem = "invalid" | "closed" | "past" | "out_of_range";

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const clock = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

/** Start times of a day's slots: from opening, every slotMinutes, each ending by closing. */
export function slotTimes(v: VisitSchedule): string[] {
  const times: string[] = [];
  for (let m = minutes(v.opensAt); m + v.slotMinutes <= minutes(v.closesAt); m += v.slotMinutes)
    times.push(clock(m));
  return times;
}

/** Visitors a slot takes: its weekday-and-time exception (운영 정보), else the capacity per slot. */
export function capacityOf(v: VisitSchedule, date: string, time: string): number {
  const day = weekdayOf(date);
  const exception = v.capacityExceptions?.find((e) => e.weekday === day && e.time === time);
  return exception ? exception.capacity : v.capacityPerSlot;
}

function isOpenDay(v: VisitSchedule, date: string): boolean {
  return v.openWeekdays.includes(weekdayOf(date)) && !v.closedDates.includes(date);
}

/**
 * The days a visitor can choose: the next `bookableDays` opening days, today among them while one
 * of its slots is still ahead.
 */
export function bookableDates(v: VisitSchedule, now: Date): string[] {
  const dates: string[] = [];
  const today = kstDate(now);
  const times = slotTimes(v);
  for (let i = 0; dates.length < v.bookableDays && i < 370; i++) {
    const date = addDays(today, i);
    if (!isOpenDay(v, date)) continue;
    if (i === 0 && !times.some((t) => kstInstant(date, t) > now)) continue;
    dates.push(date);
  }
  return dates;
}

/** "2026-11-23T10:00" → its two parts, or null when it is not shaped like a slot key. */
export function splitSlotKey(key: string): { date: string; time: string } | null {
  const m = /^([0-9]{4}-[0-9]{2}-[0-9]{2})T([0-9]{2}:[0-9]{2})$/.exec(key);
  if (!m || Number.isNaN(kstInstant(m[1]!, m[2]!).getTime())) return null;
  if (kstDate(kstInstant(m[1]!, m[2]!)) !== m[1]) return null; // 2026-02-30 and the like
  return { date: m[1]!, time: m[2]! };
}

/** The slot key of a slot's start instant. */
export function slotKeyOf(startsAt: Date): string {
  return `${kstDate(startsAt)}T${kstTime(startsAt)}`;
}

/**
 * Whether a visitor may choose this slot now (capacity aside): it must be one of the schedule's
 * slots, on an opening day within the bookable days, and still ahead.
 */
export function checkSlot(
  v: VisitSchedule,
  key: string,
  now: Date,
): { ok: true; startsAt: Date } | { ok: false; problem: SlotProblem } {
  const parts = splitSlotKey(key);
  if (!parts || !slotTimes(v).includes(parts.time)) return { ok: false, problem: "invalid" };
  const startsAt = kstInstant(parts.date, parts.time);
  if (startsAt <= now) return { ok: false, problem: "past" };
  if (!isOpenDay(v, parts.date)) return { ok: false, problem: "closed" };
  if (!bookableDates(v, now).includes(parts.date)) return { ok: false, problem: "out_of_range" };
  return { ok: true, startsAt };
}

/**
 * Every day a visitor can choose with its slots, given how many seats each slot start (ISO UTC)
 * has taken. Slots of today that have begun are "past"; slots without a seat left are "full".
 */
export function availabilityOf(
  v: VisitSchedule,
  now: Date,
  booked: ReadonlyMap<string, number>,
): Availability {
  const times = slotTimes(v);
  return {
    days: bookableDates(v, now).map((date) => ({
      date,
      slots: times.map((time) => {
        const startsAt = kstInstant(date, time);
        const capacity = capacityOf(v, date, time);
        const left = Math.max(0, capacity - (booked.get(startsAt.toISOString()) ?? 0));
        const state: SlotState = startsAt <= now ? "past" : left === 0 ? "full" : "open";
        return { time, left: state === "past" ? 0 : left, state };
      }),
    })),
  };
}

/** The first open slot at or after `from` (a slot key), else the first open slot at all; null if none. */
export function firstOpenSlot(availability: Availability, from?: string): string | null {
  const open = availability.days.flatMap((d) =>
    d.slots.filter((s) => s.state === "open").map((s) => `${d.date}T${s.time}`),
  );
  return (from ? open.find((k) => k >= from) : undefined) ?? open[0] ?? null;
}

/** "2026-11-23" → "11월 23일(월)" */
export function formatVisitDate(date: string): string {
  const [, month, day] = date.split("-").map(Number);
  return `${month}월 ${day}일(${koreanWeekday(date)})`;
}

/** "2026-11-23T14:00" → "11월 23일(월) 14:00" */
export function formatSlot(key: string): string {
  const parts = splitSlotKey(key);
  return parts ? `${formatVisitDate(parts.date)} ${parts.time}` : key;
}

/** Chip text of a day in the picker: "11.23" and "월". */
export function dayChip(date: string): { day: string; weekday: string } {
  const [, month, day] = date.split("-").map(Number);
  return { day: `${month}.${day}`, weekday: koreanWeekday(date) };
}

/**
 * What the visitor reads when the chosen slot cannot be booked, offering the next free one (which
 * the form then holds instead, so one more click books it).
 */
export function slotUnavailableMessage(
  problem: SlotProblem | "full",
  key: string,
  next: string | null,
  bookableDays: number,
): string {
  const parts = splitSlotKey(key);
  const why =
    problem === "full" && parts
      ? `선택하신 시간(${formatSlot(key)})은 예약이 마감되었습니다.`
      : problem === "past" && parts
        ? `선택하신 시간(${formatSlot(key)})은 이미 지났습니다.`
        : problem === "closed" && parts
          ? `선택하신 날짜(${formatVisitDate(parts.date)})는 견본주택 휴관일입니다.`
          : problem === "out_of_range"
            ? `방문 예약은 앞으로 ${bookableDays}일(운영일 기준) 안에서만 하실 수 있습니다.`
            : "선택하신 방문 희망 일시는 예약할 수 없는 시간입니다.";
  const offer = next
    ? `가장 가까운 예약 가능 시간(${formatSlot(next)})으로 바꿔 두었으니, 확인하시고 다시 등록해 주세요.`
    : "지금은 예약할 수 있는 시간이 없습니다. 방문 희망 일시를 비우고 등록하시면 상담사가 일정을 안내해 드립니다.";
  return `${why} ${offer}`;
}
