/*
 * The funnel per source (issue 30, 전환 퍼널 on 채널 성과): over a period of Korean days, per ad
 * source, the landings and phone taps the pages counted (channel_counts), the leads of the period,
 * the people (customer cards) of those leads, and how far those people have gone since, whenever
 * they got there: called, 방문 예약, 방문 완료, 계약 (customers.calls and customers.stage).
 *
 * A lead's source is its utm_source (an outside lead's source is stored there too), keyed as the
 * channel report keys it (channelSource: lower-case, NO_SOURCE without one). A person who came by
 * two sources in the period counts under each; the total counts every person once.
 */
import { bySource } from "~/channels/channel-counts.server";
import { getDb } from "~/db/db.server";
import { SITE_COLUMN, toCsv } from "~/http/csv.server";
import {
  addDays,
  channelSource,
  channelSourceLabel,
  figureCells,
  type ChannelRange,
} from "~/channels/channels";
import { STATUS_STAGE } from "~/crm/crm";
import { FUNNEL_COLUMNS, FUNNEL_TOTAL, type FunnelFigures, type FunnelRow } from "~/crm/funnel";
import { kstDayStartIso } from "~/lib/korean-time";
import { ALL_SITES, type SiteScope } from "~/lib/sites";

export type Funnel = { rows: FunnelRow[]; total: FunnelFigures };

/** The steps of customers.stage the funnel counts (a card keeps the furthest it reached). */
const STAGE = {
  booked: STATUS_STAGE.visit_booked!,
  visited: STATUS_STAGE.visited!,
  contracted: STATUS_STAGE.contracted!,
};

const zero = (): FunnelFigures => ({
  landings: 0,
  telTaps: 0,
  leads: 0,
  people: 0,
  called: 0,
  booked: 0,
  visited: 0,
  contracted: 0,
});

/**
 * The funnel of the scope (a complex, or ALL_SITES: a line per complex and source) over the
 * range's Korean days, both included: a line per source with a landing, a tap or a lead, in the
 * channel report's order, and the total.
 */
export async function funnel(scope: SiteScope, range: ChannelRange): Promise<Funnel> {
  const db = await getDb();
  const rows = new Map<string, FunnelRow>();
  const rowOf = (siteId: string, source: string) => {
    const id = JSON.stringify([siteId, source]);
    let row = rows.get(id);
    if (!row) {
      row = { siteId, source, ...zero() };
      rows.set(id, row);
    }
    return row;
  };

  const counts = await db.all<{
    site_id: string;
    source: string;
    landings: number;
    tel_taps: number;
  }>(
    `SELECT site_id, source, SUM(landings) AS landings, SUM(tel_taps) AS tel_taps
     FROM channel_counts
     WHERE ($1 = '${ALL_SITES}' OR site_id = $1) AND day >= $2 AND day <= $3
     GROUP BY site_id, source`,
    [scope, range.from, range.to],
  );
  for (const c of counts) {
    const row = rowOf(c.site_id, c.source);
    row.landings += Number(c.landings);
    row.telTaps += Number(c.tel_taps);
  }

  // The leads of the period and their people, counted in the database: a line per person (card)
  // and source first, then per source; the total again per person alone, so a person of two
  // sources is one. LOWER puts "Naver" with "naver" in SQL as channelSource does after (SQLite's
  // LOWER folds ASCII only: a person under two spellings of a non-ASCII source would count twice).
  const period = [scope, kstDayStartIso(range.from), kstDayStartIso(addDays(range.to, 1))];
  const leads = await db.all<StepCounts & { site_id: string; source: string | null }>(
    `SELECT site_id, source, ${STEP_COUNTS}
     FROM (SELECT l.site_id, LOWER(l.utm_source) AS source, ${PER_PERSON}
       GROUP BY l.site_id, LOWER(l.utm_source), l.customer_id) p
     GROUP BY site_id, source`,
    period,
  );
  for (const l of leads) addSteps(rowOf(l.site_id, channelSource(l.source)), l);
  const total = zero();
  const everyone = await db.get<StepCounts>(
    `SELECT ${STEP_COUNTS} FROM (SELECT ${PER_PERSON} GROUP BY l.customer_id) p`,
    period,
  );
  if (everyone) addSteps(total, everyone);

  const lines = [...rows.values()].sort(
    (a, b) => a.siteId.localeCompare(b.siteId) || bySource(a, b),
  );
  for (const r of lines) {
    total.landings += r.landings;
    total.telTaps += r.telTaps;
  }
  return { rows: lines, total };
}

/**
 * Per person (card) of the leads of the scope ($1) created in [$2, $3): their number, and the
 * card's calls and furthest step. Leads not yet on a card make one line without a card.
 */
const PER_PERSON = `l.customer_id, COUNT(*) AS leads, MAX(c.calls) AS calls, MAX(c.stage) AS stage
  FROM leads l LEFT JOIN customers c ON c.id = l.customer_id
  WHERE ($1 = '${ALL_SITES}' OR l.site_id = $1) AND l.created_at >= $2 AND l.created_at < $3`;

/** The leads of those lines, and how many of their people reached each step, whenever. */
const STEP_COUNTS = `SUM(leads) AS leads, COUNT(customer_id) AS people,
  SUM(CASE WHEN calls > 0 THEN 1 ELSE 0 END) AS called,
  SUM(CASE WHEN stage >= ${STAGE.booked} THEN 1 ELSE 0 END) AS booked,
  SUM(CASE WHEN stage >= ${STAGE.visited} THEN 1 ELSE 0 END) AS visited,
  SUM(CASE WHEN stage >= ${STAGE.contracted} THEN 1 ELSE 0 END) AS contracted`;

type StepCounts = Record<
  "leads" | "people" | "called" | "booked" | "visited" | "contracted",
  number
>;

function addSteps(f: FunnelFigures, c: StepCounts) {
  f.leads += Number(c.leads);
  f.people += Number(c.people);
  f.called += Number(c.called);
  f.booked += Number(c.booked);
  f.visited += Number(c.visited);
  f.contracted += Number(c.contracted);
}

/**
 * The funnel as CSV (UTF-8 with BOM, Korean header, as the channel report's): the period, then a
 * line per source and the total; `withSite` (모든 단지): each line starts with its complex. A
 * conversion is written "12.5%" (a spreadsheet reads a percentage), an empty cell without a base.
 */
export function funnelCsv(report: Funnel, range: ChannelRange, { withSite = false } = {}): string {
  const period = `${range.from}~${range.to}`;
  const line = (siteId: string, source: string, f: FunnelFigures) => [
    ...(withSite ? [siteId] : []),
    period,
    source,
    ...figureCells(FUNNEL_COLUMNS, f),
  ];
  return toCsv(
    [
      ...(withSite ? [SITE_COLUMN] : []),
      "기간",
      "유입 경로",
      ...FUNNEL_COLUMNS.map((c) => c.label),
    ],
    [
      ...report.rows.map((r) => line(r.siteId, channelSourceLabel(r.source), r)),
      line("", FUNNEL_TOTAL, report.total),
    ],
  );
}
