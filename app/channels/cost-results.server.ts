/*
 * What each result cost (issue 41): per source, or per source and campaign, over a period of Korean
 * days, the funnel's figures (app/crm/funnel.server.ts: landings, taps, leads, 유효 DB, visits,
 * contracts) beside what the ads cost (imported cost files, ad_costs; and the costs entered by hand,
 * manual-costs.server.ts), and the unit costs made from them (unitCosts, cost-results.ts). Used by
 * 채널 성과, its CSV and the weekly report.
 */
import { bySource, channelReport, type ChannelReport } from "~/channels/channel-counts.server";
import { manualCostLines } from "~/channels/manual-costs.server";
import { getDb } from "~/db/db.server";
import { SITE_COLUMN, toCsv } from "~/http/csv.server";
import { addDays, channelSourceLabel, rangeDayList, type ChannelRange } from "~/channels/channels";
import {
  campaignLabel,
  COST_COLUMNS,
  costCell,
  type CostFigures,
  type CostResultRow,
  type CostResults,
  type CostResultsBy,
} from "~/channels/cost-results";
import { funnelLevels, funnelTotal, noFunnelFigures, type FunnelLevels } from "~/crm/funnel.server";
import { FUNNEL_TOTAL, type FunnelFigures } from "~/crm/funnel";
import { mondayOf } from "~/lib/korean-time";
import { ALL_SITES, type SiteScope } from "~/lib/sites";
import { compareKo } from "~/lib/korean-order";

export { previousRange } from "~/channels/channels";
export { unitCosts } from "~/channels/cost-results";
export type { CostResults, CostResultsBy } from "~/channels/cost-results";

const addCount = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);

type Costs = Pick<CostFigures, "costWon" | "impressions" | "clicks">;
/** Adds a cost's won, impressions and clicks to `into` (a count unknown on both stays unknown). */
function addCost(into: Costs, c: Costs) {
  into.costWon += c.costWon;
  into.impressions = addCount(into.impressions, c.impressions);
  into.clicks = addCount(into.clicks, c.clicks);
}
/** A summed count as a number (NULL: none of the rows had it). */
const count = (n: number | string | null) => (n === null ? null : Number(n));

function fromFunnel(f: FunnelFigures, perCampaign: boolean): CostFigures {
  return {
    costWon: 0,
    impressions: null,
    clicks: null,
    landings: perCampaign ? null : f.landings,
    telTaps: perCampaign ? null : f.telTaps,
    leads: f.leads,
    people: f.people,
    validLeads: f.valid,
    booked: f.booked,
    visited: f.visited,
    contracted: f.contracted,
  };
}

const noFigures = (perCampaign: boolean) => fromFunnel(noFunnelFigures(), perCampaign);

/**
 * The cost results of the scope (a complex, or ALL_SITES: lines per complex) over the range's
 * Korean days: a line per source (`by` "source") or per source and campaign ("campaign") that had
 * a cost, a landing, a tap or a lead, in the channel report's order (campaigns by name), and the
 * total (its people counted once, its landings and taps known also per campaign). `reads`: what
 * the caller reads too, so that it is read once: `funnel`, the period's funnel (funnelLevels, with
 * campaigns for "campaign"); `costDays`, the period's imported costs per day and source
 * (adCostDays; used per source only).
 */
export async function costResults(
  scope: SiteScope,
  range: ChannelRange,
  by: CostResultsBy,
  reads: { funnel?: Promise<FunnelLevels>; costDays?: Promise<AdCostDay[]> } = {},
): Promise<CostResults> {
  const perCampaign = by === "campaign";
  const [levels, costs, manual] = await Promise.all([
    reads.funnel ?? funnelLevels(scope, range, { campaigns: perCampaign }),
    !perCampaign && reads.costDays
      ? reads.costDays.then(perSource)
      : adCostSums(scope, range, perCampaign),
    manualCostLines(scope, range),
  ]);
  const report = perCampaign ? levels.byCampaign : levels.bySource;
  const rows = new Map<string, CostResultRow>();
  const rowOf = (siteId: string, source: string, campaign: string) => {
    const id = JSON.stringify([siteId, source, perCampaign ? campaign : null]);
    let row = rows.get(id);
    if (!row) {
      row = { siteId, source, ...(perCampaign ? { campaign } : {}), ...noFigures(perCampaign) };
      rows.set(id, row);
    }
    return row;
  };
  for (const r of report.rows) {
    const row = rowOf(r.siteId, r.source, "campaign" in r ? String(r.campaign) : "");
    Object.assign(row, fromFunnel(r, perCampaign));
  }
  for (const c of [...costs, ...manual]) addCost(rowOf(c.siteId, c.source, c.campaign), c);
  const lines = [...rows.values()].sort(
    (a, b) =>
      a.siteId.localeCompare(b.siteId) ||
      bySource(a, b) ||
      compareKo(a.campaign ?? "", b.campaign ?? ""),
  );
  const total = fromFunnel(report.total, false);
  for (const r of lines) addCost(total, r);
  return { by, rows: lines, total };
}

/**
 * The total of costResults over the range alone (the same figures as its `total`), without its
 * lines: the period before on 채널 성과, read for the change of the totals.
 */
export async function costTotal(scope: SiteScope, range: ChannelRange): Promise<CostFigures> {
  const [funnel, costs, manual] = await Promise.all([
    funnelTotal(scope, range),
    adCostSums(scope, range, false),
    manualCostLines(scope, range),
  ]);
  const total = fromFunnel(funnel, false);
  for (const c of [...costs, ...manual]) addCost(total, c);
  return total;
}

/** A cost of a line over the period (imported, or entered by hand). */
type CostLine = {
  siteId: string;
  source: string;
  campaign: string;
  costWon: number;
  impressions: number | null;
  clicks: number | null;
};

/** A row of summed costs as the engines return it (a BIGINT sum may come as text). */
type SumRow = {
  site_id: string;
  source: string;
  campaign?: string;
  impressions: number | string | null;
  clicks: number | string | null;
  cost_won: number | string;
};

const costLine = (r: SumRow): CostLine => ({
  siteId: r.site_id,
  source: r.source,
  campaign: r.campaign ?? "",
  costWon: Number(r.cost_won),
  impressions: count(r.impressions),
  clicks: count(r.clicks),
});

/**
 * The imported costs of the scope over the range, per complex, source and (`perCampaign`)
 * campaign, from their sums (migration 030): per source from the days' (ad_cost_days); per campaign
 * from the months the range holds whole (ad_cost_months), and the days of its partial months from
 * the rows themselves (ad_costs).
 */
async function adCostSums(
  scope: SiteScope,
  range: ChannelRange,
  perCampaign: boolean,
): Promise<CostLine[]> {
  const db = await getDb();
  if (!perCampaign) {
    const rows = await db.all<SumRow>(
      `SELECT site_id, source, SUM(impressions) AS impressions, SUM(clicks) AS clicks,
         SUM(cost_won) AS cost_won
       FROM ad_cost_days
       WHERE ($1 = '${ALL_SITES}' OR site_id = $1) AND day >= $2 AND day <= $3
       GROUP BY site_id, source`,
      [scope, range.from, range.to],
    );
    return rows.map(costLine);
  }
  const { firstMonth, lastMonth } = wholeMonths(range);
  const rows = await db.all<SumRow>(
    `SELECT site_id, source, campaign, SUM(impressions) AS impressions, SUM(clicks) AS clicks,
       SUM(cost_won) AS cost_won
     FROM (
       SELECT site_id, source, campaign, impressions, clicks, cost_won FROM ad_cost_months
       WHERE ($1 = '${ALL_SITES}' OR site_id = $1) AND month >= $4 AND month <= $5
       UNION ALL
       SELECT site_id, source, campaign, impressions, clicks, cost_won FROM ad_costs
       WHERE ($1 = '${ALL_SITES}' OR site_id = $1)
         AND ((day >= $2 AND day <= $3 AND day < $6) OR (day >= $2 AND day <= $3 AND day > $7))
     ) c
     GROUP BY site_id, source, campaign`,
    [scope, range.from, range.to, firstMonth, lastMonth, `${firstMonth}-01`, `${lastMonth}-31`],
  );
  return rows.map(costLine);
}

/**
 * The months ("2026-03") the range holds from their first day to their last, from `firstMonth` to
 * `lastMonth`; none when firstMonth is after lastMonth (then every day of the range is outside them:
 * before firstMonth's first day or after lastMonth's "31st").
 */
function wholeMonths(range: ChannelRange): { firstMonth: string; lastMonth: string } {
  const month = (day: string) => day.slice(0, 7);
  const firstMonth = range.from.endsWith("-01")
    ? month(range.from)
    : month(addMonths(range.from, 1));
  const lastMonth =
    month(addDays(range.to, 1)) !== month(range.to)
      ? month(range.to)
      : month(addMonths(range.to, -1));
  return { firstMonth, lastMonth };
}

/** The day `months` months from `day`'s month, its first ("2026-03-15", 1 → "2026-04-01"). */
function addMonths(day: string, months: number): string {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** The imported costs of a complex, Korean day and source. */
export type AdCostDay = CostLine & { day: string };

/**
 * The imported costs of the scope over the range per complex, Korean day and source (their sums,
 * ad_cost_days): the chart's, and, added up, the lines per source (perSource).
 */
export async function adCostDays(scope: SiteScope, range: ChannelRange): Promise<AdCostDay[]> {
  const db = await getDb();
  const rows = await db.all<SumRow & { day: string }>(
    `SELECT site_id, day, source, impressions, clicks, cost_won
     FROM ad_cost_days
     WHERE ($1 = '${ALL_SITES}' OR site_id = $1) AND day >= $2 AND day <= $3`,
    [scope, range.from, range.to],
  );
  return rows.map((r) => ({ ...costLine(r), day: r.day }));
}

/** The days' costs added up per complex and source (as adCostSums without campaigns). */
function perSource(days: AdCostDay[]): CostLine[] {
  const lines = new Map<string, CostLine>();
  for (const d of days) {
    const id = JSON.stringify([d.siteId, d.source]);
    const line = lines.get(id);
    if (line) addCost(line, d);
    else lines.set(id, { ...d, campaign: "" });
  }
  return [...lines.values()];
}

/**
 * The chart's figures: per complex and source, the cost and the leads (접수) of each day, or of each
 * Korean week (Monday to Sunday, cut by the range) when the range is longer than CHART_DAYS: a
 * year of days would be a bar under a pixel wide and a table of 365 rows. `days`: each bar's first day.
 */
export type DailySeries = {
  unit: "day" | "week";
  days: string[];
  series: { siteId: string; source: string; costWon: number[]; leads: number[] }[];
};

/** The longest range drawn a bar per day. */
const CHART_DAYS = 92;

/**
 * Daily cost and leads per source over the range (the chart on 채널 성과), in the report's order.
 * The leads per Korean day and source are the channel report's, the costs adCostDays' (`report`,
 * `costDays`: when the caller reads them too, so that each is read once).
 */
export async function dailyCostsAndLeads(
  scope: SiteScope,
  range: ChannelRange,
  report: Promise<ChannelReport> = channelReport(scope, range),
  costDays: Promise<AdCostDay[]> = adCostDays(scope, range),
): Promise<DailySeries> {
  const dayList = rangeDayList(range);
  const unit = dayList.length > CHART_DAYS ? "week" : "day";
  // Each day's bar: the day, or the first day of its week in the range.
  const barOf = (day: string) => {
    if (unit === "day") return day;
    const monday = mondayOf(day);
    return monday < range.from ? range.from : monday;
  };
  const days = [...new Set(dayList.map(barOf))];
  const index = new Map(days.map((d, i) => [d, i]));
  const bar = (day: string) => index.get(barOf(day))!;
  const [costs, leads, manual] = await Promise.all([
    costDays,
    report,
    manualCostLines(scope, range, { perDay: true }),
  ]);
  const series = new Map<string, DailySeries["series"][number]>();
  const seriesOf = (siteId: string, source: string) => {
    const id = JSON.stringify([siteId, source]);
    let s = series.get(id);
    if (!s) {
      s = { siteId, source, costWon: days.map(() => 0), leads: days.map(() => 0) };
      series.set(id, s);
    }
    return s;
  };
  for (const c of costs) seriesOf(c.siteId, c.source).costWon[bar(c.day)]! += c.costWon;
  for (const c of manual) seriesOf(c.siteId, c.source).costWon[bar(c.day)]! += c.costWon;
  // Not a line of landings or taps alone: the chart is of cost and DB.
  for (const l of leads.rows)
    if (l.leads > 0) seriesOf(l.siteId, l.source).leads[bar(l.day)]! += l.leads;
  return {
    unit,
    days,
    series: [...series.values()].sort((a, b) => a.siteId.localeCompare(b.siteId) || bySource(a, b)),
  };
}

/**
 * The cost results as CSV (UTF-8 with BOM, the page's columns): the period, a line per source (and
 * campaign) and the total; `withSite` (모든 단지): each line starts with its complex. Won as plain
 * numbers; an empty cell where the page shows "—" (no divisor, not counted per campaign).
 */
export function costResultsCsv(
  results: CostResults,
  range: ChannelRange,
  { withSite = false } = {},
): string {
  const perCampaign = results.by === "campaign";
  const period = `${range.from}~${range.to}`;
  const line = (siteId: string, source: string, campaign: string, f: CostFigures) => [
    ...(withSite ? [siteId] : []),
    period,
    source,
    ...(perCampaign ? [campaign] : []),
    ...COST_COLUMNS.map((c) => costCell(c, f)),
  ];
  return toCsv(
    [
      ...(withSite ? [SITE_COLUMN] : []),
      "기간",
      "유입 경로",
      ...(perCampaign ? ["캠페인"] : []),
      ...COST_COLUMNS.map((c) => (c.won ? `${c.label} (원)` : c.label)),
    ],
    [
      ...results.rows.map((r) =>
        line(r.siteId, channelSourceLabel(r.source), campaignLabel(r.campaign ?? ""), r),
      ),
      line("", FUNNEL_TOTAL, "", results.total),
    ],
  );
}
