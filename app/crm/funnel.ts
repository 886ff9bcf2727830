/*
 * The funnel per ad source (전환 퍼널, on 채널 성과 and in its CSV): from a landing to a contract,
 * each step's figure and the conversion from the step before. Shared by the page and the server's
 * CSV (app/crm/funnel.server.ts), so both write the same columns in the same order.
 */
import { NO_RATE } from "~/channels/channels";

/** A period's figures of one source (or, as the total, of every source, each person once). */
export type FunnelFigures = {
  /** Visits that arrived with the source's utm_source (channel_counts). */
  landings: number;
  /** Taps on a phone link during such visits (channel_counts). */
  telTaps: number;
  /** Of those leads, the calls a consultant took on the desk (전화 접수, kind `phone`). */
  phoneLeads: number;
  /** Leads of the period with this source (forms, outside leads and 전화 접수). */
  leads: number;
  /** Distinct customer cards of those leads. */
  people: number;
  /** Of those people, the ones called at least once (whenever). */
  called: number;
  /** Of those people, the ones that reached 방문 예약 (stage ≥ 2), whenever. */
  booked: number;
  /** … 방문 완료 (stage ≥ 3). */
  visited: number;
  /** … 계약 (stage ≥ 4). */
  contracted: number;
  /** Of those people, 유효 DB: the ones whose card is not 무효 (VALID_DB_NOTE). */
  valid: number;
};

/** A line of the funnel: a complex's source. */
export type FunnelRow = FunnelFigures & { siteId: string; source: string };

type FigureKey = keyof FunnelFigures;

/** A column of the funnel: a step's figure, or the conversion into a step from an earlier one. */
export type FunnelColumn = {
  key: string;
  label: string;
  value: (f: FunnelFigures) => number | string;
  /** A conversion (written "12.5%", or NO_RATE when the earlier step is 0). */
  rate: boolean;
};

/** Percent of `from` that reached `to`, one decimal ("12.5%"); NO_RATE when `from` is 0. */
function conversion(to: number, from: number): string {
  return from > 0 ? `${((to * 100) / from).toFixed(1)}%` : NO_RATE;
}

const step = (key: FigureKey, label: string): FunnelColumn => ({
  key,
  label,
  value: (f) => f[key],
  rate: false,
});
const rate = (from: FigureKey, fromLabel: string, to: FigureKey, toLabel: string) => ({
  key: `${from}-${to}`,
  label: `${fromLabel}→${toLabel}`,
  value: (f: FunnelFigures) => conversion(f[to], f[from]),
  rate: true,
});

/**
 * The funnel's columns in order. Phone taps are counted beside the landings, not a step of their
 * own (a call from the page leaves no lead by itself); the calls a consultant wrote down (전화 접수)
 * stand beside them, and are among the leads; leads to people is merging, not a conversion.
 */
export const FUNNEL_COLUMNS: readonly FunnelColumn[] = [
  step("landings", "유입"),
  step("telTaps", "전화 탭"),
  step("phoneLeads", "전화 접수"),
  step("leads", "접수"),
  rate("landings", "유입", "leads", "접수"),
  step("people", "고객"),
  step("called", "통화"),
  rate("people", "고객", "called", "통화"),
  step("booked", "방문 예약"),
  rate("called", "통화", "booked", "방문 예약"),
  step("visited", "방문 완료"),
  rate("booked", "방문 예약", "visited", "방문 완료"),
  step("contracted", "계약"),
  rate("visited", "방문 완료", "contracted", "계약"),
];

/** The label of the total line. */
export const FUNNEL_TOTAL = "합계";

/** The counting rule, under the table. */
export const FUNNEL_NOTE =
  "고객부터 계약까지는 기간에 접수한 고객이 지금까지 이른 단계입니다. 기간에 두 경로로 접수한 고객은 경로마다 한 명으로 세고, 합계에서는 한 번만 셉니다.";
