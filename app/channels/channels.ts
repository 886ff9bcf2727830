/*
 * The channel report (채널 성과), shared by the page's beacon (app/enhance/channel.ts), its endpoint
 * (routes/endpoints/api.channel.ts) and the desk (routes/admin/crm/channels.tsx): what a beacon says, how an ad
 * source is keyed, the date range, and how the desk writes its figures.
 */
import { cleanAttribution } from "~/lib/attribution";
import { kstDate, weekdayOf } from "~/lib/korean-time";

/** Where the page's beacons go (navigator.sendBeacon). */
export const CHANNEL_PATH = "/api/channel";

/** A visit that arrived with a utm_source, and a tap on a phone link (tel:). */
export const CHANNEL_KINDS = ["landing", "tel"] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** The endpoint's answers to what is not a beacon of our pages. */
export const CHANNEL_MESSAGES = {
  invalid: "보내신 내용을 읽을 수 없습니다. kind(landing 또는 tel)와 source를 보내 주세요.",
  crossSite: "이 사이트의 페이지에서 보낸 요청만 받습니다.",
  tooMany: "요청이 너무 많습니다. 잠시 후 다시 보내 주세요.",
} as const;

/** Longest source kept in the counts (a utm_source is cut to this). */
const CHANNEL_SOURCE_MAX = 50;
/** The key of a visit without a utm_source (its phone taps and leads; never a landing). */
export const NO_SOURCE = "";
/** The key the sources past a complex's daily cap are counted under (no utm_source holds "*"). */
export const OTHER_SOURCES = "*";

/**
 * A utm_source as the report keys it: cleaned by the leads' own rules (app/lib/attribution.ts),
 * lower-case, at most 50 characters. NO_SOURCE when there is none or it is not one.
 */
export function channelSource(raw: unknown): string {
  const clean = cleanAttribution({ utm_source: raw }).utm_source;
  return clean ? clean.toLowerCase().slice(0, CHANNEL_SOURCE_MAX).trim() : NO_SOURCE;
}

/** How a source reads on the desk and in the CSV. */
export function channelSourceLabel(source: string): string {
  if (source === NO_SOURCE) return "utm_source 없음";
  if (source === OTHER_SOURCES) return "기타 (하루 경로 수 초과)";
  return source;
}

/** The rate of a line without landings. */
export const NO_RATE = "–";

/** Leads per 100 landings, one decimal ("12.5"); NO_RATE without landings. */
export function leadsPer100(leads: number, landings: number): string {
  return landings > 0 ? ((leads * 100) / landings).toFixed(1) : NO_RATE;
}

/** One line of the report: a complex's source on a day (or, as a total, over the whole period). */
export type ChannelRow = {
  siteId: string;
  /** YYYY-MM-DD (Korean day); "" in a total. */
  day: string;
  source: string;
  /** Visits that arrived with this utm_source (once per visit: the tab's session). */
  landings: number;
  /** Taps on a phone link (tel:) during such visits. */
  telTaps: number;
  /** Leads of the complex with this utm_source that arrived that day (both kinds). */
  leads: number;
  /** Of those, the ones with a visit slot booked and not cancelled. */
  visits: number;
};

/** The report's figures, in their order on the desk and in the CSV (one list for both). */
export const CHANNEL_FIGURES: readonly {
  key: string;
  label: string;
  value: (r: ChannelRow) => number | string;
}[] = [
  { key: "landings", label: "유입", value: (r) => r.landings },
  { key: "telTaps", label: "전화 탭", value: (r) => r.telTaps },
  { key: "leads", label: "상담 접수", value: (r) => r.leads },
  { key: "visits", label: "방문 예약", value: (r) => r.visits },
  { key: "per100", label: "100명당 접수", value: (r) => leadsPer100(r.leads, r.landings) },
];

/**
 * A line's figures as CSV cells: numbers and rates as shown, a rate without a base as an empty
 * cell (a spreadsheet reads it as no value). The channel report's and the funnel's.
 */
export function figureCells<T>(
  columns: readonly { value: (r: T) => number | string }[],
  row: T,
): string[] {
  return columns.map((c) => {
    const v = c.value(row);
    return v === NO_RATE ? "" : String(v);
  });
}

/** The report's period: Korean days, both included. */
export type ChannelRange = { from: string; to: string };

/** The default period: the last 30 days in Korea, today included. */
export const DEFAULT_DAYS = 30;
/** The longest period one report covers. */
const MAX_DAYS = 366;

const DAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const DAY_MS = 86_400_000;

const validDay = (v: string | null): v is string =>
  v !== null && DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** `day` moved by `n` days ("2026-03-01", -1 → "2026-02-28"). */
export function addDays(day: string, n: number): string {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The period of the address's `from` and `to` (YYYY-MM-DD, Korean days): by default the last 30
 * days up to today; without an end, today; without a start, 30 days before the end. Reversed ends
 * are swapped, and a period longer than a year keeps its last 366 days. An invalid date counts as missing (never an error).
 */
export function parseChannelRange(params: URLSearchParams, now: Date = new Date()): ChannelRange {
  const rawFrom = params.get("from");
  const rawTo = params.get("to");
  const from = validDay(rawFrom) ? rawFrom : null;
  const to = validDay(rawTo) ? rawTo : null;
  let end = to ?? kstDate(now);
  let start = from ?? addDays(end, -(DEFAULT_DAYS - 1));
  if (start > end) [start, end] = [end, start];
  if (addDays(start, MAX_DAYS - 1) < end) start = addDays(end, -(MAX_DAYS - 1));
  return { from: start, to: end };
}

/** How many Korean days the range covers, both ends included. */
export function rangeDays(range: ChannelRange): number {
  return (
    Math.round(
      (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS,
    ) + 1
  );
}

/** The range's days in order ("2026-03-01", "2026-03-02", …). */
export function rangeDayList(range: ChannelRange): string[] {
  return Array.from({ length: rangeDays(range) }, (_, i) => addDays(range.from, i));
}

/** The period before: as many days, ending the day before the range starts (the change's base). */
export function previousRange(range: ChannelRange): ChannelRange {
  const days = rangeDays(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/**
 * The periods 채널 성과 offers in one click, in Korea: 이번 주 and 지난 주 (Monday to Sunday), 이번
 * 달 (the 1st to its last day). A period may end after today: its days to come count nothing yet.
 */
export function presetRanges(
  now: Date = new Date(),
): { key: string; label: string; range: ChannelRange }[] {
  const today = kstDate(now);
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  const first = `${today.slice(0, 8)}01`;
  const nextMonth = new Date(`${first}T00:00:00Z`);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  return [
    { key: "this-week", label: "이번 주", range: { from: monday, to: addDays(monday, 6) } },
    {
      key: "last-week",
      label: "지난 주",
      range: { from: addDays(monday, -7), to: addDays(monday, -1) },
    },
    {
      key: "this-month",
      label: "이번 달",
      range: { from: first, to: addDays(nextMonth.toISOString().slice(0, 10), -1) },
    },
  ];
}
