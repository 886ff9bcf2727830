/*
 * What the ads cost (issue 41): per complex, ad source (utm_source, keyed as channel_counts keys
 * it), campaign and Korean day, the whole won an ad platform's report says were spent, VAT included.
 * Costs come in as files: the console parses a report into CostRows (rounding to whole won) and
 * imports them here. A file covers some campaign-days; importing it replaces what earlier files said
 * about exactly those campaign-days of the same complex and source, and leaves every other day
 * alone. The same file twice (same complex, source and content hash) changes nothing. Every row
 * keeps its file (ad_cost_imports: name, who, when) and its line in that file.
 */
import { randomUUID } from "node:crypto";
import { getDb, type Queryable } from "~/db/db.server";
import { channelSource, NO_SOURCE, OTHER_SOURCES } from "~/channels/channels";
import type { CostRow, Platform } from "~/channels/ad-cost/cost-rows";
import { compareKo } from "~/lib/korean-order";

/** The report formats an import can come from (ad_cost_imports.platform): a parsed file's, or typed in. */
type AdPlatform = Platform | "manual";

export const SAME_FILE_MESSAGE = "이미 가져온 파일입니다. 바뀐 것이 없습니다.";

/** Days per DELETE and rows per INSERT: far below either engine's limit on parameters. */
const DAYS_PER_STATEMENT = 500;
const ROWS_PER_INSERT = 500;

const isDay = (day: string) =>
  /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(day) &&
  !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
  new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

const isCount = (n: number | null) => n === null || (Number.isSafeInteger(n) && n >= 0);

/** The source as channel_counts keys it; a cost needs a real one. */
function sourceKey(source: string): string {
  const key = channelSource(source);
  if (key === NO_SOURCE || key === OTHER_SOURCES)
    throw new Error(`광고 비용의 유입 경로(utm_source)가 올바르지 않습니다: "${source}"`);
  return key;
}

function fileHash(sha256: string): string {
  if (!/^[0-9a-f]{64}$/i.test(sha256))
    throw new Error(`파일 해시(SHA-256)가 올바르지 않습니다: "${sha256}"`);
  return sha256.toLowerCase();
}

/**
 * Checks the rows (an Error names the first bad line: the parser should have refused it) and
 * returns what they cover: the total, the days, and per campaign its days.
 */
function summarize(rows: readonly CostRow[]) {
  if (rows.length === 0) throw new Error("파일에 광고 비용 행이 없습니다");
  let totalWon = 0;
  const days = new Set<string>();
  const daysByCampaign = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!Number.isSafeInteger(r.costWon) || r.costWon < 0)
      throw new Error(`${r.row}행: 비용은 0 이상의 원 단위 정수여야 합니다 (${r.costWon})`);
    if (!isDay(r.day)) throw new Error(`${r.row}행: 날짜가 올바르지 않습니다 (${r.day})`);
    if (!isCount(r.impressions) || !isCount(r.clicks))
      throw new Error(`${r.row}행: 노출수와 클릭수는 0 이상의 정수여야 합니다`);
    if (!Number.isSafeInteger(r.row)) throw new Error(`행 번호가 올바르지 않습니다 (${r.row})`);
    totalWon += r.costWon;
    days.add(r.day);
    let campaignDays = daysByCampaign.get(r.campaign);
    if (!campaignDays) daysByCampaign.set(r.campaign, (campaignDays = new Set()));
    campaignDays.add(r.day);
  }
  if (!Number.isSafeInteger(totalWon)) throw new Error("비용 합계가 너무 큽니다");
  const sortedDays = [...days].sort();
  return {
    totalWon,
    days: sortedDays,
    daysByCampaign: new Map(
      [...daysByCampaign].sort(([a], [b]) => compareKo(a, b)).map(([c, d]) => [c, [...d].sort()]),
    ),
  };
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** "$4, $5, …": `count` placeholders from `first`. */
const placeholders = (first: number, count: number) =>
  Array.from({ length: count }, (_, i) => `$${first + i}`).join(", ");

/** The campaign-days of `daysByCampaign` that already hold costs of the complex and source. */
async function heldDays(
  db: Queryable,
  siteId: string,
  source: string,
  daysByCampaign: Map<string, string[]>,
): Promise<{ campaign: string; day: string }[]> {
  const held: { campaign: string; day: string }[] = [];
  for (const [campaign, days] of daysByCampaign) {
    const wanted = new Set(days);
    const found = await db.all<{ day: string }>(
      `SELECT DISTINCT day FROM ad_costs
       WHERE site_id = $1 AND source = $2 AND campaign = $3 AND day >= $4 AND day <= $5
       ORDER BY day`,
      [siteId, source, campaign, days[0], days[days.length - 1]],
    );
    for (const { day } of found) if (wanted.has(day)) held.push({ campaign, day });
  }
  return held;
}

/**
 * What importing the rows would do, without writing: whether this very file was imported before
 * for the complex and source (`sameFile`), what it holds, and the campaign-days whose earlier
 * costs it would replace.
 */
export async function previewImport(
  db: Queryable,
  input: { siteId: string; source: string; fileSha256: string; rows: readonly CostRow[] },
) {
  const source = sourceKey(input.source);
  const sha = fileHash(input.fileSha256);
  const s = summarize(input.rows);
  const same = await db.get(
    "SELECT id FROM ad_cost_imports WHERE site_id = $1 AND source = $2 AND file_sha256 = $3",
    [input.siteId, source, sha],
  );
  return {
    sameFile: same !== undefined,
    rows: input.rows.length,
    days: s.days.length,
    totalWon: s.totalWon,
    campaigns: [...s.daysByCampaign.keys()],
    replacedDays: await heldDays(db, input.siteId, source, s.daysByCampaign),
  };
}

/**
 * Imports a cost file in one transaction: records the file, deletes the earlier rows of every
 * campaign-day it covers (same complex and source), and inserts its rows. The same file again
 * changes nothing and says so in Korean. `by`: who imports it (the console account's e-mail).
 */
export async function importCosts(input: {
  siteId: string;
  source: string;
  platform: AdPlatform;
  fileName: string;
  fileSha256: string;
  rows: readonly CostRow[];
  by: string;
}): Promise<
  | { ok: false; reason: "same-file"; message: string }
  | { ok: true; importId: string; inserted: number; replaced: number }
> {
  const source = sourceKey(input.source);
  const sha = fileHash(input.fileSha256);
  const s = summarize(input.rows);
  const { siteId, rows } = input;
  const at = new Date().toISOString();
  const importId = randomUUID();
  const db = await getDb();
  return db.transaction(async (tx) => {
    // The unique index decides "the same file", also for two imports of it at once.
    const made = await tx.get(
      `INSERT INTO ad_cost_imports (id, site_id, source, platform, file_name, file_sha256, row_count,
         total_won, first_day, last_day, imported_by, imported_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (site_id, source, file_sha256) DO NOTHING
       RETURNING id`,
      [
        importId,
        siteId,
        source,
        input.platform,
        input.fileName,
        sha,
        rows.length,
        s.totalWon,
        s.days[0],
        s.days[s.days.length - 1],
        input.by,
        at,
      ],
    );
    if (!made) return { ok: false, reason: "same-file", message: SAME_FILE_MESSAGE } as const;

    let replaced = 0;
    for (const [campaign, days] of s.daysByCampaign) {
      for (const part of chunks(days, DAYS_PER_STATEMENT)) {
        const { changes } = await tx.run(
          `DELETE FROM ad_costs WHERE site_id = $1 AND source = $2 AND campaign = $3
             AND day IN (${placeholders(4, part.length)})`,
          [siteId, source, campaign, ...part],
        );
        replaced += changes;
      }
    }

    const COLUMNS = 12;
    for (const part of chunks(rows, ROWS_PER_INSERT)) {
      await tx.run(
        `INSERT INTO ad_costs (id, site_id, day, source, campaign, ad_group, impressions, clicks,
           cost_won, import_id, file_row, created_at)
         VALUES ${part.map((_, i) => `(${placeholders(i * COLUMNS + 1, COLUMNS)})`).join(", ")}`,
        part.flatMap((r) => [
          randomUUID(),
          siteId,
          r.day,
          source,
          r.campaign,
          r.adGroup ?? "",
          r.impressions,
          r.clicks,
          r.costWon,
          importId,
          r.row,
          at,
        ]),
      );
    }
    await tx.run("UPDATE ad_cost_imports SET replaced_rows = $1 WHERE id = $2", [
      replaced,
      importId,
    ]);
    await refreshCostRollups(tx, siteId, source, s.days[0]!, s.days[s.days.length - 1]!);
    return { ok: true, importId, inserted: rows.length, replaced } as const;
  });
}

type DayCost = {
  day: string;
  source: string;
  campaign: string;
  /** null when no row of the day had the figure. */
  impressions: number | null;
  clicks: number | null;
  costWon: number;
};

/**
 * The complex's costs from `fromDay` to `toDay` (Korean dates, both included), summed per day,
 * source and campaign (over ad groups), by day, source and campaign. On the application's
 * connection, or on `db` (a transaction) when given first.
 */
export function costsByDay(siteId: string, fromDay: string, toDay: string): Promise<DayCost[]>;
export function costsByDay(
  db: Queryable,
  siteId: string,
  fromDay: string,
  toDay: string,
): Promise<DayCost[]>;
export async function costsByDay(
  ...args: [string, string, string] | [Queryable, string, string, string]
): Promise<DayCost[]> {
  const [db, siteId, fromDay, toDay] = args.length === 4 ? args : [await getDb(), ...args];
  const rows = await db.all<{
    day: string;
    source: string;
    campaign: string;
    impressions: number | null;
    clicks: number | null;
    cost_won: number;
  }>(
    `SELECT day, source, campaign, SUM(impressions) AS impressions, SUM(clicks) AS clicks,
       SUM(cost_won) AS cost_won
     FROM ad_costs WHERE site_id = $1 AND day >= $2 AND day <= $3
     GROUP BY day, source, campaign`,
    [siteId, fromDay, toDay],
  );
  const count = (n: number | null) => (n === null ? null : Number(n));
  // Ordered here: the engines' collations of campaign names differ.
  return rows
    .map((r) => ({
      day: r.day,
      source: r.source,
      campaign: r.campaign,
      impressions: count(r.impressions),
      clicks: count(r.clicks),
      costWon: Number(r.cost_won),
    }))
    .sort(
      (a, b) =>
        a.day.localeCompare(b.day) ||
        compareKo(a.source, b.source) ||
        compareKo(a.campaign, b.campaign),
    );
}

/**
 * The costs of the complexes `siteIds` from `fromDay` to `toDay` (Korean dates, both included),
 * summed per complex in one query (the agency's portfolio): a complex without a cost row in the
 * period is absent from the map, which is not a cost of 0.
 */
export async function costsBySite(
  siteIds: readonly string[],
  fromDay: string,
  toDay: string,
): Promise<Map<string, number>> {
  if (siteIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.all<{ site_id: string; cost_won: number | string }>(
    `SELECT site_id, SUM(cost_won) AS cost_won FROM ad_cost_days
     WHERE site_id IN (${placeholders(3, siteIds.length)}) AND day >= $1 AND day <= $2
     GROUP BY site_id`,
    [fromDay, toDay, ...siteIds],
  );
  return new Map(rows.map((r) => [r.site_id, Number(r.cost_won)]));
}

/** Removes an import of the complex and every row it brought; false when there is none. */
export async function deleteImport(siteId: string, importId: string): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const made = await tx.get<{ source: string; first_day: string; last_day: string }>(
      "SELECT source, first_day, last_day FROM ad_cost_imports WHERE site_id = $1 AND id = $2",
      [siteId, importId],
    );
    if (!made) return false;
    await tx.run("DELETE FROM ad_costs WHERE site_id = $1 AND import_id = $2", [siteId, importId]);
    await tx.run("DELETE FROM ad_cost_imports WHERE site_id = $1 AND id = $2", [siteId, importId]);
    await refreshCostRollups(tx, siteId, made.source, made.first_day, made.last_day);
    return true;
  });
}

/**
 * The statements that make the sums of ad_costs (migration 030) of the complex and source from
 * `firstDay` to `lastDay` (Korean dates) again from its rows: per day (ad_cost_days), and per
 * month and campaign for every month those days touch (ad_cost_months). Run in the transaction
 * that changed the rows (refreshCostRollups); a test or bench that writes ad_costs by SQL runs them
 * too.
 */
export function costRollupStatements(
  siteId: string,
  source: string,
  firstDay: string,
  lastDay: string,
): [sql: string, params: unknown[]][] {
  const days = [siteId, source, firstDay, lastDay];
  // A month's last day is at most "-31", and text order is date order.
  const months = [siteId, source, `${firstDay.slice(0, 7)}-01`, `${lastDay.slice(0, 7)}-31`];
  return [
    [
      "DELETE FROM ad_cost_days WHERE site_id = $1 AND source = $2 AND day >= $3 AND day <= $4",
      days,
    ],
    [
      `INSERT INTO ad_cost_days (site_id, day, source, impressions, clicks, cost_won)
       SELECT site_id, day, source, SUM(impressions), SUM(clicks), SUM(cost_won) FROM ad_costs
       WHERE site_id = $1 AND source = $2 AND day >= $3 AND day <= $4
       GROUP BY site_id, day, source`,
      days,
    ],
    [
      `DELETE FROM ad_cost_months WHERE site_id = $1 AND source = $2
         AND month >= SUBSTR($3, 1, 7) AND month <= SUBSTR($4, 1, 7)`,
      months,
    ],
    [
      `INSERT INTO ad_cost_months (site_id, month, source, campaign, impressions, clicks, cost_won)
       SELECT site_id, SUBSTR(day, 1, 7), source, campaign, SUM(impressions), SUM(clicks),
         SUM(cost_won) FROM ad_costs
       WHERE site_id = $1 AND source = $2 AND day >= $3 AND day <= $4
       GROUP BY site_id, SUBSTR(day, 1, 7), source, campaign`,
      months,
    ],
  ];
}

/** Makes the sums of the complex's costs of `source` from `firstDay` to `lastDay` again. */
async function refreshCostRollups(
  tx: Queryable,
  siteId: string,
  source: string,
  firstDay: string,
  lastDay: string,
) {
  for (const [sql, params] of costRollupStatements(siteId, source, firstDay, lastDay))
    await tx.run(sql, params);
}
