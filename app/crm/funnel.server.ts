/*
 * The funnel per source (issue 30, 전환 퍼널 on 채널 성과): over a period of Korean days, per ad
 * source, the landings and phone taps the pages counted (channel_counts), the leads of the period,
 * the people (customer cards) of those leads, and how far those people have gone since, whenever
 * they got there: called, 방문 예약, 방문 완료, 계약 (customers.calls and customers.stage), and
 * how many are 유효 DB (VALID_CARD, below). Also per source and campaign (funnelByCampaign), for
 * what each result cost (app/channels/cost-results.server.ts).
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

/** A line of the funnel per campaign: its source's and campaign's (utm_campaign, "" without one). */
export type CampaignFunnelRow = FunnelRow & { campaign: string };

/** The steps of customers.stage the funnel counts (a card keeps the furthest it reached). */
const STAGE = {
  booked: STATUS_STAGE.visit_booked!,
  visited: STATUS_STAGE.visited!,
  contracted: STATUS_STAGE.contracted!,
};

/** A line with nothing counted yet. */
export const noFunnelFigures = (): FunnelFigures => ({
  landings: 0,
  telTaps: 0,
  leads: 0,
  people: 0,
  called: 0,
  booked: 0,
  visited: 0,
  contracted: 0,
  valid: 0,
});

/**
 * The funnel of the scope (a complex, or ALL_SITES: a line per complex and source) over the
 * range's Korean days, both included: a line per source with a landing, a tap or a lead, in the
 * channel report's order, and the total.
 */
export async function funnel(scope: SiteScope, range: ChannelRange): Promise<Funnel> {
  return funnelLines(scope, range, "source");
}

/**
 * The funnel per source and campaign (utm_campaign; "" for the leads without one): the leads and
 * their people only, landings and taps are 0 (channel_counts has no campaign). The total is the
 * funnel's, landings and taps included.
 */
export async function funnelByCampaign(
  scope: SiteScope,
  range: ChannelRange,
): Promise<{ rows: CampaignFunnelRow[]; total: FunnelFigures }> {
  return funnelLines(scope, range, "campaign");
}

async function funnelLines(
  scope: SiteScope,
  range: ChannelRange,
  by: "source",
): Promise<{ rows: FunnelRow[]; total: FunnelFigures }>;
async function funnelLines(
  scope: SiteScope,
  range: ChannelRange,
  by: "campaign",
): Promise<{ rows: CampaignFunnelRow[]; total: FunnelFigures }>;
async function funnelLines(scope: SiteScope, range: ChannelRange, by: "source" | "campaign") {
  const db = await getDb();
  const rows = new Map<string, FunnelRow | CampaignFunnelRow>();
  const rowOf = (siteId: string, source: string, campaign: string | null) => {
    const id = JSON.stringify([siteId, source, campaign]);
    let row = rows.get(id);
    if (!row) {
      row = { siteId, source, ...(campaign === null ? {} : { campaign }), ...noFunnelFigures() };
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
  const total = noFunnelFigures();
  for (const c of counts) {
    total.landings += Number(c.landings);
    total.telTaps += Number(c.tel_taps);
    if (by === "campaign") continue;
    const row = rowOf(c.site_id, c.source, null);
    row.landings += Number(c.landings);
    row.telTaps += Number(c.tel_taps);
  }

  // The leads of the period and their people, counted in the database: a line per person (card)
  // and source (and campaign) first, then per source; the total again per person alone, so a
  // person of two sources is one. LOWER puts "Naver" with "naver" in SQL as channelSource does
  // after (SQLite's LOWER folds ASCII only: a person under two spellings of a non-ASCII source
  // would count twice). A campaign is kept as written (ad_costs.campaign is the platform's name).
  const period = [scope, kstDayStartIso(range.from), kstDayStartIso(addDays(range.to, 1))];
  const [campaignOf, campaignCol] =
    by === "campaign" ? [", COALESCE(l.utm_campaign, '')", ", campaign"] : ["", ""];
  const leads = await db.all<
    StepCounts & { site_id: string; source: string | null; campaign?: string }
  >(
    `SELECT site_id, source${campaignCol}, ${STEP_COUNTS}
     FROM (SELECT l.site_id, LOWER(l.utm_source) AS source${campaignOf}${campaignCol && " AS campaign"}, ${PER_PERSON}
       GROUP BY l.site_id, LOWER(l.utm_source)${campaignOf}, l.customer_id) p
     GROUP BY site_id, source${campaignCol}`,
    period,
  );
  for (const l of leads)
    addSteps(
      rowOf(l.site_id, channelSource(l.source), by === "campaign" ? (l.campaign ?? "") : null),
      l,
    );
  const everyone = await db.get<StepCounts>(
    `SELECT ${STEP_COUNTS} FROM (SELECT ${PER_PERSON} GROUP BY l.customer_id) p`,
    period,
  );
  if (everyone) addSteps(total, everyone);

  const lines = [...rows.values()].sort(
    (a, b) =>
      a.siteId.localeCompare(b.siteId) ||
      bySource(a, b) ||
      ("campaign" in a && "campaign" in b ? a.campaign.localeCompare(b.campaign, "ko") : 0),
  );
  return { rows: lines, total };
}

/**
 * 유효 DB, the one definition (its words: VALID_DB_NOTE, app/channels/cost-results.ts): a card
 * (customers c) that is not 무효. 무효 is one status whatever its reason (결번, 허위, 중복: the
 * desk keeps no reason), so every 무효 card is left out. A lead not yet on a card is no person.
 */
const VALID_CARD = `c.status <> 'invalid'`;

/**
 * Per person (card) of the leads of the scope ($1) created in [$2, $3): their number, and the
 * card's calls and furthest step. Leads not yet on a card make one line without a card.
 */
const PER_PERSON = `l.customer_id, COUNT(*) AS leads, MAX(c.calls) AS calls, MAX(c.stage) AS stage,
  MAX(CASE WHEN ${VALID_CARD} THEN 1 ELSE 0 END) AS valid
  FROM leads l LEFT JOIN customers c ON c.id = l.customer_id
  WHERE ($1 = '${ALL_SITES}' OR l.site_id = $1) AND l.created_at >= $2 AND l.created_at < $3`;

/** The leads of those lines, and how many of their people reached each step, whenever. */
const STEP_COUNTS = `SUM(leads) AS leads, COUNT(customer_id) AS people,
  SUM(CASE WHEN calls > 0 THEN 1 ELSE 0 END) AS called,
  SUM(CASE WHEN stage >= ${STAGE.booked} THEN 1 ELSE 0 END) AS booked,
  SUM(CASE WHEN stage >= ${STAGE.visited} THEN 1 ELSE 0 END) AS visited,
  SUM(CASE WHEN stage >= ${STAGE.contracted} THEN 1 ELSE 0 END) AS contracted,
  SUM(valid) AS valid`;

type StepCounts = Record<
  "leads" | "people" | "called" | "booked" | "visited" | "contracted" | "valid",
  number
>;

function addSteps(f: FunnelFigures, c: StepCounts) {
  f.leads += Number(c.leads);
  f.people += Number(c.people);
  f.called += Number(c.called);
  f.booked += Number(c.booked);
  f.visited += Number(c.visited);
  f.contracted += Number(c.contracted);
  f.valid += Number(c.valid);
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
