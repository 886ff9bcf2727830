/*
 * The weekly report's week and lines (issue 41, item 6), shared by the console's page, the client's
 * page and the XLSX. A week is Korean (Asia/Seoul), Monday to Sunday, named by its Monday in the
 * address (?week=2026-03-02). The figures and unit costs are 채널 성과's (app/channels/cost-results.ts):
 * this module only pairs each line with the week before.
 */
import type { ChannelRange } from "~/channels/channels";
import {
  campaignLabel,
  change,
  COST_COLUMNS,
  type Change,
  type CostColumn,
  type CostFigures,
  type CostResultRow,
  type CostResults,
} from "~/channels/cost-results";
import { channelSourceLabel } from "~/channels/channels";
import { addDays, formatKoreanDay, kstDate, mondayOf } from "~/lib/korean-time";
import { compareKo } from "~/lib/korean-order";

/** The client's page: /r/<token> (app/reports/report-links.server.ts). */
export const REPORT_LINK_PATH = "/r";

/** The address parameter of the week: its Monday. */
export const WEEK_PARAM = "week";

/** Weeks the report offers to choose from: this one (under way) and those before. */
const WEEK_CHOICES = 12;

/** The last full Korean week's Monday at `now` (the report's default). */
export function lastFullWeek(now: Date = new Date()): string {
  return addDays(mondayOf(kstDate(now)), -7);
}

const isDate = (s: string) =>
  /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(s) &&
  new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/**
 * The week an address asks for (?week=, any day of it), or the last full week without one. A week
 * after this one, or something that is not a date, is null (the page answers 404).
 */
export function parseWeek(params: URLSearchParams, now: Date = new Date()): string | null {
  const asked = params.get(WEEK_PARAM);
  if (asked === null || asked === "") return lastFullWeek(now);
  if (!isDate(asked)) return null;
  const monday = mondayOf(asked);
  return monday > mondayOf(kstDate(now)) ? null : monday;
}

/** The week's days, Monday to Sunday. */
export const weekRange = (monday: string): ChannelRange => ({
  from: monday,
  to: addDays(monday, 6),
});

/** "2026. 3. 2. ~ 2026. 3. 8." */
export const weekLabel = (monday: string) =>
  `${formatKoreanDay(monday)} ~ ${formatKoreanDay(addDays(monday, 6))}`;

/** The weeks to choose from, newest first: this week (진행 중) and the ones before it. */
export function weekChoices(now: Date = new Date()): { monday: string; label: string }[] {
  const current = mondayOf(kstDate(now));
  return Array.from({ length: WEEK_CHOICES }, (_, i) => {
    const monday = addDays(current, -7 * i);
    return { monday, label: `${weekLabel(monday)}${i === 0 ? " (진행 중)" : ""}` };
  });
}

/**
 * A line of the report: this week's figures and the same line's the week before. Its change per
 * column is lineChanges(line), made where it is shown: the page's data stays figures (350 campaign
 * lines at 50 campaigns of 7 sources, scripts/bench-crm.mjs).
 */
export type WeeklyLine = {
  label: string;
  figures: CostFigures;
  /** The same line the week before; null when it had none. */
  before: CostFigures | null;
};

const lineKey = (r: CostResultRow) => JSON.stringify([r.siteId, r.source, r.campaign ?? null]);

/** The label of a line: its source, or (per campaign) its source and campaign. */
const lineLabel = (r: CostResultRow) =>
  r.campaign === undefined
    ? channelSourceLabel(r.source)
    : `${channelSourceLabel(r.source)} · ${campaignLabel(r.campaign)}`;

/** The label of the total line. */
const WEEKLY_TOTAL = "합계";

/** A line's change per column key from the week before; a line new this week compares with nothing ("—"). */
export function lineChanges({ figures, before }: WeeklyLine): Record<string, Change> {
  return Object.fromEntries(
    COST_COLUMNS.map((c: CostColumn) => [
      c.key,
      change(c.value(figures), before ? c.value(before) : null),
    ]),
  );
}

/** This week's lines (the total last), each with the same line of the week before. */
export function weeklyLines(current: CostResults, before: CostResults): WeeklyLine[] {
  const earlier = new Map(before.rows.map((r) => [lineKey(r), r]));
  return [
    ...current.rows.map((r) => {
      const last = earlier.get(lineKey(r)) ?? null;
      return { label: lineLabel(r), figures: r, before: last };
    }),
    {
      label: WEEKLY_TOTAL,
      figures: current.total,
      before: before.total,
    },
  ];
}

/**
 * How many campaign lines a report's page shows: a complex with hundreds of campaigns a week would
 * make a page of a megabyte that nobody reads. The XLSX has every line.
 */
const CAMPAIGN_LINES_SHOWN = 30;

/**
 * The campaign lines a page shows (the total last, as given): the week's `shown` costliest
 * (then most 접수, then by name), in the report's order, and how many are left for the XLSX.
 */
export function costliestCampaigns(
  lines: WeeklyLine[],
  shown = CAMPAIGN_LINES_SHOWN,
): { lines: WeeklyLine[]; hidden: number } {
  const campaigns = lines.slice(0, -1);
  if (campaigns.length <= shown) return { lines, hidden: 0 };
  const kept = new Set(
    [...campaigns]
      .sort(
        (a, b) =>
          b.figures.costWon - a.figures.costWon ||
          b.figures.leads - a.figures.leads ||
          compareKo(a.label, b.label),
      )
      .slice(0, shown),
  );
  return {
    lines: [...campaigns.filter((l) => kept.has(l)), lines.at(-1)!],
    hidden: campaigns.length - shown,
  };
}

/** Said when no campaign of the week has a 유효 DB 단가. */
export const NO_BEST_CAMPAIGN =
  "이번 주에는 비용과 유효 DB가 함께 있는 캠페인이 없어 유효 DB 단가로 비교할 수 없습니다.";

/** A campaign ranked by its 유효 DB 단가. */
export type RankedCampaign = {
  label: string;
  validCost: number;
  validLeads: number;
  costWon: number;
};

/**
 * The best (lowest 유효 DB 단가) and worst (highest) campaigns of the week, up to three each and
 * never the same one twice: only campaigns with a cost and at least one 유효 DB have a 단가.
 */
export function rankCampaigns(
  campaigns: CostResults,
  validCost: (f: CostFigures) => number | null,
): { best: RankedCampaign[]; worst: RankedCampaign[] } {
  const ranked = campaigns.rows
    .filter((r) => r.validLeads >= 1)
    .flatMap((r) => {
      const cost = validCost(r);
      return cost === null
        ? []
        : [{ label: lineLabel(r), validCost: cost, validLeads: r.validLeads, costWon: r.costWon }];
    })
    .sort((a, b) => a.validCost - b.validCost || compareKo(a.label, b.label));
  const best = ranked.slice(0, Math.min(3, Math.ceil(ranked.length / 2)));
  const worst = ranked
    .slice(best.length)
    .reverse()
    .slice(0, Math.min(3, Math.floor(ranked.length / 2)));
  return { best, worst };
}
