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
import { getDb, type Db } from "~/db/db.server";
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
import { compareKo } from "~/lib/korean-order";

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
 * leads, scripts/bench-crm.mjs): one read of the period's leads gives every level (funnelSql).
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

  // Both read at once: the funnel's statement is the page's longest.
  const [counts, lines] = await Promise.all([
    db.all<{ site_id: string; source: string; landings: number; tel_taps: number }>(
      `SELECT site_id, source, SUM(landings) AS landings, SUM(tel_taps) AS tel_taps
       FROM channel_counts
       WHERE ($1 = '${ALL_SITES}' OR site_id = $1) AND day >= $2 AND day <= $3
       GROUP BY site_id, source`,
      [scope, range.from, range.to],
    ),
    funnelLines(db, campaigns ? ["source", "campaign"] : ["source"], scope, range),
  ]);
  const total = noFunnelFigures();
  for (const c of counts) {
    total.landings += Number(c.landings);
    total.telTaps += Number(c.tel_taps);
    const row = lineOf(sourceRows, c.site_id, c.source, null);
    row.landings += Number(c.landings);
    row.telTaps += Number(c.tel_taps);
  }

  for (const l of lines) {
    addSteps(total, l, l.depth <= DEPTH.person);
    const source = channelSource(l.source ?? null);
    addSteps(lineOf(sourceRows, l.site_id, source, null), l, l.depth <= DEPTH.source);
    if (campaigns)
      addSteps(
        lineOf(campaignRows, l.site_id, source, l.campaign ?? ""),
        l,
        l.depth <= DEPTH.campaign,
      );
  }

  const order = <T extends FunnelRow>(rows: Map<string, T>) =>
    [...rows.values()].sort(
      (a, b) =>
        a.siteId.localeCompare(b.siteId) ||
        bySource(a, b) ||
        ("campaign" in a && "campaign" in b
          ? compareKo(String(a.campaign), String(b.campaign))
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
  const [counts, lines] = await Promise.all([
    db.get<{ landings: number | null; tel_taps: number | null }>(
      `SELECT SUM(landings) AS landings, SUM(tel_taps) AS tel_taps FROM channel_counts
       WHERE ($1 = '${ALL_SITES}' OR site_id = $1) AND day >= $2 AND day <= $3`,
      [scope, range.from, range.to],
    ),
    db.all<FunnelLine>(funnelSql([]), [
      scope,
      kstDayStartIso(range.from),
      kstDayStartIso(addDays(range.to, 1)),
    ]),
  ]);
  const total = noFunnelFigures();
  total.landings = Number(counts?.landings ?? 0);
  total.telTaps = Number(counts?.tel_taps ?? 0);
  for (const l of lines) addSteps(total, l, l.depth <= DEPTH.person);
  return total;
}

/** What the funnel groups by, over the leads l, in this order. */
const FUNNEL_KEYS = { source: "LOWER(l.utm_source)", campaign: "COALESCE(l.utm_campaign, '')" };

/**
 * Where a lead starts something new in funnelSql's order (`depth`): a person, a source of the
 * person, a campaign of that source; or nothing (another lead of the same line).
 */
const DEPTH = { person: 0, source: 1, campaign: 2, none: 9 };

/** A line of funnelSql: its complex, its keys, its depth, and its counts. */
type FunnelLine = StepCounts & {
  site_id: string;
  source?: string | null;
  campaign?: string | null;
  depth: number;
};

/**
 * The leads of the period ($1 scope, [$2, $3)) and their people, in one statement that reads the
 * leads once. The leads of each complex are put in order of card and keys (source, then campaign:
 * a prefix of FUNNEL_KEYS), and each lead gets its `depth` against the lead before it (LAG): 0 when
 * it is a new card's first, 1 a new source's of the same card, 2 a new campaign's, 9 none. Its
 * card's calls, furthest step and validity are joined, and the leads added up per complex, keys
 * and depth. A person then counts once in the total on the lines of depth 0, once per source on
 * those of depth ≤ 1 and once per campaign on those of depth ≤ 2 (funnelLevels adds them up); every
 * lead counts on every line. No grouping per person before the join, and no statement per level:
 * on a year of 100,000 leads (scripts/bench-crm.mjs) the three levels take about 200 ms, where a
 * grouping per person and level took 110–170 ms per level. PostgreSQL reads
 * leads_site_customer_source alone, in nearly this order (migration 028). LOWER puts "Naver" with
 * "naver" in SQL as channelSource does after (SQLite's LOWER folds ASCII only: a person under two
 * spellings of a non-ASCII source would count twice). A campaign is kept as written
 * (ad_costs.campaign is the platform's name). Leads not yet on a card (customer_id NULL) count as
 * leads and no person.
 */
function funnelSql(keys: (keyof typeof FUNNEL_KEYS)[], cards: CardHalf = "all"): string {
  const exprs = keys.map((k) => FUNNEL_KEYS[k]);
  const depth = [
    `WHEN LAG(l.customer_id) OVER w IS DISTINCT FROM l.customer_id THEN ${DEPTH.person}`,
    ...exprs.map((e, i) => `WHEN LAG(${e}) OVER w IS DISTINCT FROM ${e} THEN ${i + 1}`),
  ].join(" ");
  const columns = keys.map((k) => `, x.${k}`).join("");
  return `SELECT x.site_id${columns}, x.depth, COUNT(*) AS leads,
      SUM(CASE WHEN x.kind = 'phone' THEN 1 ELSE 0 END) AS phone_leads,
      COUNT(x.customer_id) AS people,
      SUM(CASE WHEN c.calls > 0 THEN 1 ELSE 0 END) AS called,
      SUM(CASE WHEN c.stage >= ${STAGE.booked} THEN 1 ELSE 0 END) AS booked,
      SUM(CASE WHEN c.stage >= ${STAGE.visited} THEN 1 ELSE 0 END) AS visited,
      SUM(CASE WHEN c.stage >= ${STAGE.contracted} THEN 1 ELSE 0 END) AS contracted,
      SUM(CASE WHEN ${VALID_CARD} THEN 1 ELSE 0 END) AS valid
    FROM (SELECT l.site_id, l.customer_id, l.kind${keys.map((k) => `, ${FUNNEL_KEYS[k]} AS ${k}`).join("")},
        CASE ${depth} ELSE ${DEPTH.none} END AS depth
      FROM leads l
      WHERE ($1 = '${ALL_SITES}' OR l.site_id = $1) AND l.created_at >= $2 AND l.created_at < $3
        ${CARD_HALF[cards].leads}
      WINDOW w AS (PARTITION BY l.site_id ORDER BY ${["l.customer_id", ...exprs].join(", ")})) x
    LEFT JOIN customers c ON c.site_id = x.site_id AND c.id = x.customer_id ${CARD_HALF[cards].cards}
    GROUP BY x.site_id${columns}, x.depth`;
}

/** Which cards' leads funnelSql reads: all, or those of the cards before or from $4 (by id). */
type CardHalf = "all" | "below" | "from";
const CARD_HALF: Record<CardHalf, { leads: string; cards: string }> = {
  all: { leads: "", cards: "" },
  // The cards' side too: PostgreSQL does not carry a range from one side of a join to the other.
  below: { leads: "AND l.customer_id < $4", cards: "AND c.id < $4" },
  // Leads not yet on a card go with the second half.
  from: { leads: "AND (l.customer_id >= $4 OR l.customer_id IS NULL)", cards: "AND c.id >= $4" },
};

/**
 * funnelSql's lines over the range. On PostgreSQL, in two statements at once, each over the leads
 * of half the cards (split at the middle card id of the table's statistics, middleCard): a person's
 * leads are all in one half, so the halves' lines add up to the whole, and the two run on two
 * cores. A statement cannot do this itself: PostgreSQL runs no window function in parallel
 * workers. A year of 100,000 leads (scripts/bench-crm.mjs): about 210 ms in one statement.
 */
async function funnelLines(
  db: Db,
  keys: (keyof typeof FUNNEL_KEYS)[],
  scope: SiteScope,
  range: ChannelRange,
): Promise<FunnelLine[]> {
  const params = [scope, kstDayStartIso(range.from), kstDayStartIso(addDays(range.to, 1))];
  // A short period's leads are few, found by their time: one statement is quicker than two.
  const middle = addDays(range.from, SPLIT_AFTER_DAYS) <= range.to ? await middleCard(db) : null;
  if (middle === null) return db.all<FunnelLine>(funnelSql(keys), params);
  const halves = await Promise.all(
    (["below", "from"] as const).map((half) =>
      db.all<FunnelLine>(funnelSql(keys, half), [...params, middle]),
    ),
  );
  return halves.flat();
}

/** The longest period funnelLines reads in one statement (a week: 150 → 105 ms at p50 in one). */
const SPLIT_AFTER_DAYS = 31;

/** How long middleCard keeps a database's middle card id: it moves only as cards are added. */
const MIDDLE_CARD_MS = 10 * 60_000;
const middleCards = new WeakMap<Db, { id: string; until: number }>();

/**
 * The card id in the middle of leads.customer_id by PostgreSQL's statistics (the middle bound of
 * its histogram, which ANALYZE and autovacuum keep), read at most every MIDDLE_CARD_MS; null on
 * SQLite (one connection: nothing runs side by side) and before the table has statistics.
 */
export async function middleCard(db: Db): Promise<string | null> {
  if (db.dialect !== "postgres") return null;
  const known = middleCards.get(db);
  if (known && known.until > Date.now()) return known.id;
  const row = await db.get<{ id: string | null }>(
    `SELECT (histogram_bounds::text::text[])[(array_length(histogram_bounds::text::text[], 1) + 1) / 2] AS id
     FROM pg_stats
     WHERE schemaname = current_schema() AND tablename = 'leads' AND attname = 'customer_id'`,
  );
  const id = row?.id ?? null;
  if (id !== null) middleCards.set(db, { id, until: Date.now() + MIDDLE_CARD_MS });
  return id;
}

/**
 * 유효 DB, the one definition (its words: VALID_DB_NOTE, app/channels/cost-results.ts): a card
 * (customers c) that is not 무효. 무효 is one status whatever its reason (결번, 허위, 중복: the
 * desk keeps no reason), so every 무효 card is left out. A lead not yet on a card is no person.
 */
const VALID_CARD = `c.status <> 'invalid'`;

/** A line's counts. */
type StepCounts = Record<
  "leads" | "phone_leads" | "people" | "called" | "booked" | "visited" | "contracted" | "valid",
  number | null
>;

/** Adds a line's leads to a figure, and (`people`: it starts a person there) its people's steps. */
function addSteps(f: FunnelFigures, c: StepCounts, people: boolean) {
  f.leads += Number(c.leads ?? 0);
  f.phoneLeads += Number(c.phone_leads ?? 0);
  if (!people) return;
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
