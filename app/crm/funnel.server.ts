/*
 * The funnel per source (issue 30, 전환 퍼널 on 채널 성과): over a period of Korean days, per ad
 * source, the landings and phone taps the pages counted (channel_counts), the leads of the period,
 * the people (customer cards) of those leads (and, beside the phone taps, those taken by phone), and how far those people have gone since, whenever
 * they got there: called, 방문 예약, 방문 완료, 계약 (customers.calls and customers.stage), and
 * how many are 유효 DB (VALID_CARD, below). Also per source and campaign (funnelLevels), for
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
type CampaignFunnelRow = FunnelRow & { campaign: string };

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
  phoneLeads: 0,
  leads: 0,
  people: 0,
  called: 0,
  booked: 0,
  visited: 0,
  contracted: 0,
  valid: 0,
});

/** The funnel of a period at each level it was asked for: per source, per campaign, the total. */
export type FunnelLevels = {
  bySource: Funnel;
  byCampaign: { rows: CampaignFunnelRow[]; total: FunnelFigures };
};

/**
 * The funnel of the scope (a complex, or ALL_SITES: a line per complex and source) over the
 * range's Korean days, both included: a line per source with a landing, a tap or a lead, in the
 * channel report's order, and the total.
 */
export async function funnel(scope: SiteScope, range: ChannelRange): Promise<Funnel> {
  return (await funnelLevels(scope, range, { campaigns: false })).bySource;
}

/**
 * The funnel per source and (`campaigns`) per source and campaign (utm_campaign; "" for the leads
 * without one: their leads and people only, landings and taps are 0, channel_counts has no
 * campaign), with its total (landings and taps included): a page that shows both, or a period's
 * total beside its lines, reads each once (채널 성과 and the weekly report at a year of 100,000
 * leads, scripts/bench-crm.mjs). Each level is its own statement (levelSql), run side by side.
 * Without `campaigns`, byCampaign has no lines.
 */
export async function funnelLevels(
  scope: SiteScope,
  range: ChannelRange,
  { campaigns }: { campaigns: boolean },
): Promise<FunnelLevels> {
  const db = await getDb();
  const sourceRows = new Map<string, FunnelRow>();
  const campaignRows = new Map<string, CampaignFunnelRow>();
  const lineOf = <T extends FunnelRow>(
    rows: Map<string, T>,
    siteId: string,
    source: string,
    campaign: string | null,
  ): T => {
    const id = JSON.stringify([siteId, source, campaign]);
    let row = rows.get(id);
    if (!row) {
      row = {
        siteId,
        source,
        ...(campaign === null ? {} : { campaign }),
        ...noFunnelFigures(),
      } as T;
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
    const row = lineOf(sourceRows, c.site_id, c.source, null);
    row.landings += Number(c.landings);
    row.telTaps += Number(c.tel_taps);
  }

  // Each level its own statement, run side by side (PostgreSQL: each on its own connection).
  const params = [scope, kstDayStartIso(range.from), kstDayStartIso(addDays(range.to, 1))];
  const [perSource, perCampaign, [steps]] = await Promise.all([
    db.all<LevelLine>(levelSql(["source"]), params),
    campaigns ? db.all<LevelLine>(levelSql(["source", "campaign"]), params) : [],
    db.all<StepCounts>(levelSql([]), params),
  ]);
  if (steps) addSteps(total, steps);
  for (const l of perSource)
    addSteps(lineOf(sourceRows, l.site_id, channelSource(l.source), null), l);
  for (const l of perCampaign)
    addSteps(lineOf(campaignRows, l.site_id, channelSource(l.source), l.campaign ?? ""), l);

  const order = <T extends FunnelRow>(rows: Map<string, T>) =>
    [...rows.values()].sort(
      (a, b) =>
        a.siteId.localeCompare(b.siteId) ||
        bySource(a, b) ||
        ("campaign" in a && "campaign" in b
          ? String(a.campaign).localeCompare(String(b.campaign), "ko")
          : 0),
    );
  return {
    bySource: { rows: order(sourceRows), total },
    byCampaign: { rows: order(campaignRows), total },
  };
}

/**
 * The funnel's total alone over the range (its landings and taps, leads, people once): what the
 * period before shows on 채널 성과 (the change of the totals). One grouping per person, with no
 * lines per source, so a year before costs less than the year shown.
 */
export async function funnelTotal(scope: SiteScope, range: ChannelRange): Promise<FunnelFigures> {
  const db = await getDb();
  const [counts, steps] = await Promise.all([
    db.get<{ landings: number | null; tel_taps: number | null }>(
      `SELECT SUM(landings) AS landings, SUM(tel_taps) AS tel_taps FROM channel_counts
       WHERE ($1 = '${ALL_SITES}' OR site_id = $1) AND day >= $2 AND day <= $3`,
      [scope, range.from, range.to],
    ),
    db.get<StepCounts>(levelSql([]), [
      scope,
      kstDayStartIso(range.from),
      kstDayStartIso(addDays(range.to, 1)),
    ]),
  ]);
  const total = noFunnelFigures();
  total.landings = Number(counts?.landings ?? 0);
  total.telTaps = Number(counts?.tel_taps ?? 0);
  // SUM over no lines is NULL: a period without leads adds zeros.
  if (steps) addSteps(total, steps);
  return total;
}

/** A line of one level: its complex, source and (per campaign) campaign, and its counts. */
type LevelLine = StepCounts & { site_id: string; source: string | null; campaign?: string | null };

/** What a level groups by, over the leads l. */
const LEVEL_KEYS = { source: "LOWER(l.utm_source)", campaign: "COALESCE(l.utm_campaign, '')" };

/**
 * One level of the funnel over the leads of the period ($1 scope, [$2, $3)), in one statement:
 * first a line per person (card) and key (source, or source and campaign; none for the total) with
 * its leads, then those lines with their card's calls, furthest step and validity, added up per
 * complex and key; with no key, one line for the whole scope. A person is a line once per key, so
 * each counts once per source, once per campaign, and once in the total. PostgreSQL reads
 * leads_site_customer_source alone, in the order of the grouping (migration 028). The levels are
 * separate statements, not one statement numbering each person's lines: on a year of 100,000 leads
 * (scripts/bench-crm.mjs) each takes 110–170 ms where the one statement took 250 ms per source and
 * 350 ms per campaign, and side by side they end sooner. LOWER puts "Naver" with "naver" in SQL
 * as channelSource does after (SQLite's LOWER folds ASCII only: a person under two spellings of a
 * non-ASCII source would count twice). A campaign is kept as written (ad_costs.campaign is the
 * platform's name). Leads not yet on a card make lines without a card (customer_id NULL, no person).
 */
function levelSql(keys: (keyof typeof LEVEL_KEYS)[]): string {
  const inner = keys.map((k) => `, ${LEVEL_KEYS[k]} AS ${k}`).join("");
  const grouping = keys.map((k) => `, ${LEVEL_KEYS[k]}`).join("");
  const outer = keys.map((k) => `, g.${k}`).join("");
  return `SELECT ${keys.length ? `g.site_id${outer}, ` : ""}${stepCounts}
    FROM (SELECT l.site_id, l.customer_id${inner}, COUNT(*) AS leads,
        SUM(CASE WHEN l.kind = 'phone' THEN 1 ELSE 0 END) AS phone_leads
      FROM leads l
      WHERE ($1 = '${ALL_SITES}' OR l.site_id = $1) AND l.created_at >= $2 AND l.created_at < $3
      GROUP BY l.site_id, l.customer_id${grouping}) g
    LEFT JOIN customers c ON c.site_id = g.site_id AND c.id = g.customer_id
    ${keys.length ? `GROUP BY g.site_id${outer}` : ""}`;
}

/**
 * 유효 DB, the one definition (its words: VALID_DB_NOTE, app/channels/cost-results.ts): a card
 * (customers c) that is not 무효. 무효 is one status whatever its reason (결번, 허위, 중복: the
 * desk keeps no reason), so every 무효 card is left out. A lead not yet on a card is no person.
 */
const VALID_CARD = `c.status <> 'invalid'`;

/**
 * The leads of a level's lines, and how many of their people (each line is a person once, or no
 * person: leads not on a card) reached each step, whenever.
 */
const stepCounts = `SUM(g.leads) AS leads, SUM(g.phone_leads) AS phone_leads,
  SUM(CASE WHEN g.customer_id IS NOT NULL THEN 1 ELSE 0 END) AS people,
  SUM(CASE WHEN c.calls > 0 THEN 1 ELSE 0 END) AS called,
  SUM(CASE WHEN c.stage >= ${STAGE.booked} THEN 1 ELSE 0 END) AS booked,
  SUM(CASE WHEN c.stage >= ${STAGE.visited} THEN 1 ELSE 0 END) AS visited,
  SUM(CASE WHEN c.stage >= ${STAGE.contracted} THEN 1 ELSE 0 END) AS contracted,
  SUM(CASE WHEN ${VALID_CARD} THEN 1 ELSE 0 END) AS valid`;

/** A line's counts (NULL where SUM saw no lines). */
type StepCounts = Record<
  "leads" | "phone_leads" | "people" | "called" | "booked" | "visited" | "contracted" | "valid",
  number | null
>;

function addSteps(f: FunnelFigures, c: StepCounts) {
  f.leads += Number(c.leads ?? 0);
  f.phoneLeads += Number(c.phone_leads ?? 0);
  f.people += Number(c.people ?? 0);
  f.called += Number(c.called ?? 0);
  f.booked += Number(c.booked ?? 0);
  f.visited += Number(c.visited ?? 0);
  f.contracted += Number(c.contracted ?? 0);
  f.valid += Number(c.valid ?? 0);
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
