/*
 * What every ad platform's report becomes: cost rows, one per Korean day, campaign and ad group,
 * in whole won with VAT; and the readings of a report's cells (days, amounts) the platforms share.
 */
import { kstDate, kstDayStartIso } from "~/lib/korean-time";
import type { TableRow } from "~/tables/header";

export type Platform =
  | "naver-search"
  | "naver-api"
  | "kakao-moment"
  | "meta"
  | "google-ads"
  | "daangn"
  | "mapped";

export interface CostRow {
  /** The Korean date, "2026-01-22". */
  day: string;
  /** The campaign's name, or its ID when the platform's file names none; "" when a mapped file has no campaign column. */
  campaign: string;
  adGroup?: string;
  /** Only from a mapped file with a source column (e.g. an agency's sheet of several platforms). */
  source?: string;
  impressions: number | null;
  clicks: number | null;
  /** Whole won, VAT included, rounded. */
  costWon: number;
  /** The row's 1-based line in the file (its first line when a quoted cell spans several). */
  row: number;
}

export interface Refusal {
  row: number;
  reason: string;
}

export type AdCostResult =
  | {
      ok: true;
      platform: Platform;
      rows: CostRow[];
      refused: Refusal[];
      currency: "KRW";
      /** Campaign IDs the caller's names did not cover (Naver's API report only). */
      unnamedCampaigns: string[];
    }
  | { ok: false; message: string; needsMapping?: undefined }
  | { ok: false; message: string; needsMapping: true; header: string[] };

/** Which columns (0-based) hold what, for a file with a header. */
export interface ColumnSpec {
  day: number;
  /** The end of a reporting period, when the day is its start: a row must cover one day. */
  dayEnd?: number;
  campaign?: number;
  adGroup?: number;
  source?: number;
  impressions?: number;
  clicks?: number;
  cost: number;
  /** The cost is in millionths (Google's cost_micros). */
  costInMicros?: boolean;
  costIncludesVat: boolean;
}

/** An amount without VAT with 10 % VAT added, or an amount with VAT, as whole won. */
export function wonWithVat(amount: number, includesVat: boolean): number {
  return Math.round(includesVat ? amount : (amount * 11) / 10);
}

/** "1,234", "₩1,234", "1234.5" → a number; "", "-", "--" → null; anything else → NaN. */
export function parseAmount(text: string): number | null {
  const t = text.replace(/[\s,₩]|원$|^krw/gi, "");
  if (t === "" || t === "-" || t === "--") return null;
  return /^-?[0-9]+(\.[0-9]+)?$/.test(t) ? Number(t) : NaN;
}

const pad = (n: string) => n.padStart(2, "0");

const DAY_FORMATS = [
  /^([0-9]{4})\s*[.\-/]\s*([0-9]{1,2})\s*[.\-/]\s*([0-9]{1,2})\.?$/,
  /^([0-9]{4})([0-9]{2})([0-9]{2})$/,
  /^([0-9]{4})년\s*([0-9]{1,2})월\s*([0-9]{1,2})일$/,
];
const WITH_TIME =
  /^([0-9]{4}-[0-9]{2}-[0-9]{2})[T ]([0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?)(Z|[+-][0-9]{2}:?[0-9]{2})?$/;

/**
 * A report's day as a Korean date, or null: "2026.01.22.", "2026. 1. 22.", "2026-01-22",
 * "2026/01/22", "20260122", "2026년 1월 22일", with or without "(목)"; a time with a zone is read
 * as the instant it names, a time without one as Korean wall-clock time.
 */
export function parseDay(text: string): string | null {
  const t = text.trim().replace(/\s*\([월화수목금토일]\)$/, "");
  const timed = WITH_TIME.exec(t);
  if (timed) {
    const zone = timed[3];
    if (!zone) return kstDayStartIso(timed[1]!) ? timed[1]! : null;
    const zoned = zone === "Z" ? zone : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
    const instant = new Date(`${timed[1]}T${timed[2]}${zoned}`);
    return Number.isNaN(instant.getTime()) ? null : kstDate(instant);
  }
  for (const format of DAY_FORMATS) {
    const m = format.exec(t);
    if (!m) continue;
    const day = `${m[1]}-${pad(m[2]!)}-${pad(m[3]!)}`;
    return kstDayStartIso(day) ? day : null;
  }
  return null;
}

/** The one day a row covers: a day, or a period ("a ~ b", or a start and an end cell) of one day. */
function readDay(start: string, end = ""): { day: string } | { reason: string } {
  let [from, to] = [start, end];
  if (start.includes("~")) [from = "", to = ""] = start.split("~");
  const day = parseDay(from);
  if (!day) return { reason: `날짜 «${start}»를 읽지 못했습니다` };
  if (to.trim() === "") return { day };
  const last = parseDay(to);
  if (!last) return { reason: `날짜 «${to.trim()}»를 읽지 못했습니다` };
  if (last !== day) return { reason: `하루 단위가 아닙니다 (${day} ~ ${last})` };
  return { day };
}

/** A totals line ("Total: Account", "총계", "합계"), not a day's row. */
export const isTotal = (cell: string) => /^(total\b|총계|합계)/i.test(cell.trim());

/** A count of impressions or clicks, or the reason it is not one. */
export function readCount(text: string, label: string): number | null | { reason: string } {
  const n = parseAmount(text);
  if (n === null) return null;
  if (Number.isNaN(n) || n < 0 || !Number.isInteger(n))
    return { reason: `${label} «${text}»를 읽지 못했습니다` };
  return n;
}

/** The cost in won before VAT rules, or the reason it is not one. */
export function readCost(text: string, micros: boolean): number | { reason: string } {
  const n = parseAmount(text);
  if (n === null) return { reason: "비용이 비어 있습니다" };
  if (Number.isNaN(n)) return { reason: `비용 «${text}»를 숫자로 읽지 못했습니다` };
  if (n < 0) return { reason: `비용이 음수입니다 (${text})` };
  return micros ? n / 1_000_000 : n;
}

export const isReason = (x: unknown): x is { reason: string } =>
  typeof x === "object" && x !== null && "reason" in x;

/** The cost rows of a file's lines below its header, and the lines refused with their reason. */
export function readColumns(
  lines: readonly TableRow[],
  spec: ColumnSpec,
): { rows: CostRow[]; refused: Refusal[] } {
  const rows: CostRow[] = [];
  const refused: Refusal[] = [];
  for (const { line, cells } of lines) {
    const cell = (at: number | undefined) => (at === undefined ? "" : (cells[at] ?? ""));
    if ([cell(0), cell(spec.day), cell(spec.campaign)].some(isTotal)) continue;
    const day = readDay(cell(spec.day), spec.dayEnd === undefined ? "" : cell(spec.dayEnd));
    const cost = readCost(cell(spec.cost), spec.costInMicros ?? false);
    const impressions = readCount(cell(spec.impressions), "노출수");
    const clicks = readCount(cell(spec.clicks), "클릭수");
    const reasons = [day, cost, impressions, clicks].filter(isReason).map((r) => r.reason);
    if (isReason(day) || isReason(cost) || isReason(impressions) || isReason(clicks)) {
      refused.push({ row: line, reason: reasons.join(", ") });
      continue;
    }
    rows.push({
      day: day.day,
      campaign: cell(spec.campaign),
      ...(spec.adGroup !== undefined && { adGroup: cell(spec.adGroup) }),
      ...(spec.source !== undefined && { source: cell(spec.source) }),
      impressions,
      clicks,
      costWon: wonWithVat(cost, spec.costIncludesVat),
      row: line,
    });
  }
  return { rows, refused };
}
