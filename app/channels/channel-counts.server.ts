/*
 * The channel report (채널 성과): per complex, Korean day and ad source, the landings and phone taps
 * the pages' beacons counted (channel_counts: numbers only, no cookie, no address), beside the leads
 * and booked visits of the same source and day, read from the leads themselves.
 */
import { getDb } from "~/db/db.server";
import { SITE_COLUMN, toCsv } from "~/http/csv.server";
import {
  addDays,
  CHANNEL_FIGURES,
  channelSourceLabel,
  channelSource,
  figureCells,
  NO_SOURCE,
  OTHER_SOURCES,
  type ChannelKind,
  type ChannelRange,
  type ChannelRow,
} from "~/channels/channels";
import { kstDate, kstDayKeySql, kstDayOfKey, kstDayStartIso } from "~/lib/korean-time";
import { ALL_SITES, type SiteScope } from "~/lib/sites";
import { compareKo } from "~/lib/korean-order";

/** Most distinct sources a complex counts in a day; later ones are counted under OTHER_SOURCES. */
export const SOURCES_PER_DAY_MAX = 200;

/**
 * Counts one landing or phone tap of the complex's visit from `source` (a key made by
 * channelSource) on the Korean day of `now`. A new source past the day's cap goes to OTHER_SOURCES.
 */
export async function countChannel(
  siteId: string,
  kind: ChannelKind,
  source: string,
  now: Date = new Date(),
): Promise<void> {
  const db = await getDb();
  const day = kstDate(now);
  let key = source;
  if (key !== NO_SOURCE && key !== OTHER_SOURCES) {
    // Two visitors racing past the cap may add a source or two more: a bound, not an exact one.
    const seen = await db.get<{ n: number; mine: number }>(
      `SELECT COUNT(*) AS n, COALESCE(SUM(CASE WHEN source = $3 THEN 1 ELSE 0 END), 0) AS mine
       FROM channel_counts WHERE site_id = $1 AND day = $2 AND source NOT IN ('', '*')`,
      [siteId, day, key],
    );
    if (Number(seen?.mine ?? 0) === 0 && Number(seen?.n ?? 0) >= SOURCES_PER_DAY_MAX)
      key = OTHER_SOURCES;
  }
  const landing = kind === "landing" ? 1 : 0;
  await db.run(
    `INSERT INTO channel_counts (site_id, day, source, landings, tel_taps) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (site_id, day, source) DO UPDATE SET
       landings = channel_counts.landings + excluded.landings,
       tel_taps = channel_counts.tel_taps + excluded.tel_taps`,
    [siteId, day, key, landing, 1 - landing],
  );
}

export type ChannelReport = { rows: ChannelRow[]; totals: ChannelRow[] };

/** The report's order of sources (the funnel's too). */
export const bySource = (a: { source: string }, b: { source: string }) =>
  // Sources alphabetically, then the visits without one, then the sources past the cap.
  Number(a.source === NO_SOURCE || a.source === OTHER_SOURCES) -
    Number(b.source === NO_SOURCE || b.source === OTHER_SOURCES) ||
  Number(a.source === OTHER_SOURCES) - Number(b.source === OTHER_SOURCES) ||
  compareKo(a.source, b.source);

/**
 * The report of the scope (a complex, or ALL_SITES) over the range's Korean days: a row per
 * complex, day and source that had a landing, a tap or a lead, newest day first; and per complex and
 * source, the total of the period.
 */
export async function channelReport(scope: SiteScope, range: ChannelRange): Promise<ChannelReport> {
  const db = await getDb();
  const rows = new Map<string, ChannelRow>();
  const rowOf = (siteId: string, day: string, source: string) => {
    const id = JSON.stringify([siteId, day, source]);
    let row = rows.get(id);
    if (!row) {
      row = { siteId, day, source, landings: 0, telTaps: 0, leads: 0, visits: 0 };
      rows.set(id, row);
    }
    return row;
  };

  // Read at once. Leads per UTC date and half (kstDayKeySql, portable SQL on both engines): each
  // falls in one Korean day.
  const [counts, leads] = await Promise.all([
    db.all<{ site_id: string; day: string; source: string; landings: number; tel_taps: number }>(
      `SELECT site_id, day, source, landings, tel_taps FROM channel_counts
       WHERE ($1 = '${ALL_SITES}' OR site_id = $1) AND day >= $2 AND day <= $3`,
      [scope, range.from, range.to],
    ),
    db.all<{
      site_id: string;
      utm_source: string | null;
      day_key: string;
      leads: number;
      visits: number;
    }>(
      `SELECT site_id, utm_source, ${kstDayKeySql("created_at")} AS day_key, COUNT(*) AS leads,
         SUM(CASE WHEN visit_at IS NOT NULL AND visit_cancelled_at IS NULL THEN 1 ELSE 0 END) AS visits
       FROM leads
       WHERE ($1 = '${ALL_SITES}' OR site_id = $1) AND created_at >= $2 AND created_at < $3
       GROUP BY site_id, utm_source, day_key`,
      [scope, kstDayStartIso(range.from), kstDayStartIso(addDays(range.to, 1))],
    ),
  ]);
  for (const c of counts) {
    const row = rowOf(c.site_id, c.day, c.source);
    row.landings += Number(c.landings);
    row.telTaps += Number(c.tel_taps);
  }
  for (const l of leads) {
    const row = rowOf(l.site_id, kstDayOfKey(l.day_key), channelSource(l.utm_source));
    row.leads += Number(l.leads);
    row.visits += Number(l.visits);
  }

  const all = [...rows.values()].sort(
    (a, b) => b.day.localeCompare(a.day) || a.siteId.localeCompare(b.siteId) || bySource(a, b),
  );
  const totals = new Map<string, ChannelRow>();
  for (const r of all) {
    const id = JSON.stringify([r.siteId, r.source]);
    const t = totals.get(id) ?? { ...r, day: "", landings: 0, telTaps: 0, leads: 0, visits: 0 };
    t.landings += r.landings;
    t.telTaps += r.telTaps;
    t.leads += r.leads;
    t.visits += r.visits;
    totals.set(id, t);
  }
  return {
    rows: all,
    totals: [...totals.values()].sort((a, b) => a.siteId.localeCompare(b.siteId) || bySource(a, b)),
  };
}

/**
 * The report as CSV (UTF-8 with BOM, Korean header, as the lead desk's): a line per day and source,
 * newest first, then the period's total per source; `withSite` (모든 단지): each line starts with
 * its complex. A rate without landings is an empty cell, which a spreadsheet reads as no value.
 */
export function channelCsv(
  report: ChannelReport,
  range: ChannelRange,
  { withSite = false } = {},
): string {
  const line = (r: ChannelRow, day: string) => [
    ...(withSite ? [r.siteId] : []),
    day,
    channelSourceLabel(r.source),
    ...figureCells(CHANNEL_FIGURES, r),
  ];
  return toCsv(
    [
      ...(withSite ? [SITE_COLUMN] : []),
      "날짜",
      "유입 경로",
      ...CHANNEL_FIGURES.map((f) => f.label),
    ],
    [
      ...report.rows.map((r) => line(r, r.day)),
      ...report.totals.map((r) => line(r, `합계 ${range.from}~${range.to}`)),
    ],
  );
}
