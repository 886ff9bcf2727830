/*
 * Costs entered by hand (issue 41): flat-fee media spread over their days, and bought DB at a price
 * per lead of its source. Per complex; each change (추가, 수정, 삭제) is written to
 * manual_cost_history with who, when and the entry before and after, kept after a removal.
 * costResults (cost-results.server.ts) counts them beside the imported costs.
 */
import { randomUUID } from "node:crypto";
import { getDb, type Queryable } from "~/db/db.server";
import { addDays, type ChannelRange } from "~/channels/channels";
import {
  spreadFlatFee,
  type ManualCostInput,
  type ManualKind,
  type ManualMedium,
} from "~/channels/manual-costs";
import { kstDayStartIso, kstDate } from "~/lib/korean-time";
import { ALL_SITES, type SiteScope } from "~/lib/sites";

export type ManualCost = ManualCostInput & {
  id: string;
  siteId: string;
  createdBy: string;
  createdAt: string;
  updatedBy: string;
  updatedAt: string;
};

export type ManualCostChange = {
  id: string;
  costId: string;
  action: "create" | "update" | "delete";
  before: ManualCostInput | null;
  after: ManualCostInput | null;
  changedBy: string;
  changedAt: string;
};

type Row = {
  id: string;
  site_id: string;
  kind: ManualKind;
  medium: ManualMedium;
  source: string;
  campaign: string;
  first_day: string;
  last_day: string;
  amount_won: number;
  note: string;
  created_by: string;
  created_at: string;
  updated_by: string;
  updated_at: string;
};

const COLUMNS = `id, site_id, kind, medium, source, campaign, first_day, last_day, amount_won, note,
  created_by, created_at, updated_by, updated_at`;

function fromRow(r: Row): ManualCost {
  return {
    id: r.id,
    siteId: r.site_id,
    kind: r.kind,
    medium: r.medium,
    source: r.source,
    campaign: r.campaign,
    firstDay: r.first_day,
    lastDay: r.last_day,
    amountWon: Number(r.amount_won),
    note: r.note,
    createdBy: r.created_by,
    createdAt: r.created_at,
    updatedBy: r.updated_by,
    updatedAt: r.updated_at,
  };
}

/** The fields the history keeps (what a person typed, never who or when). */
const fields = (c: ManualCostInput): ManualCostInput => ({
  medium: c.medium,
  kind: c.kind,
  source: c.source,
  campaign: c.campaign,
  firstDay: c.firstDay,
  lastDay: c.lastDay,
  amountWon: c.amountWon,
  note: c.note,
});

async function record(
  tx: Queryable,
  siteId: string,
  costId: string,
  action: ManualCostChange["action"],
  before: ManualCostInput | null,
  after: ManualCostInput | null,
  by: string,
  at: string,
) {
  await tx.run(
    `INSERT INTO manual_cost_history (id, site_id, cost_id, action, before_json, after_json,
       changed_by, changed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      randomUUID(),
      siteId,
      costId,
      action,
      before && JSON.stringify(fields(before)),
      after && JSON.stringify(fields(after)),
      by,
      at,
    ],
  );
}

/** The complex's entries, the latest period first. */
export async function listManualCosts(siteId: string): Promise<ManualCost[]> {
  const db = await getDb();
  const rows = await db.all<Row>(
    `SELECT ${COLUMNS} FROM manual_costs WHERE site_id = $1
     ORDER BY last_day DESC, first_day DESC, created_at DESC`,
    [siteId],
  );
  return rows.map(fromRow);
}

export async function getManualCost(siteId: string, id: string): Promise<ManualCost | null> {
  return entryOf(await getDb(), siteId, id);
}

async function entryOf(db: Queryable, siteId: string, id: string): Promise<ManualCost | null> {
  const row = await db.get<Row>(
    `SELECT ${COLUMNS} FROM manual_costs WHERE site_id = $1 AND id = $2`,
    [siteId, id],
  );
  return row ? fromRow(row) : null;
}

/** An entry's typed fields in the table's order (kind … note). */
const entryValues = (c: ManualCostInput) => [
  c.kind,
  c.medium,
  c.source,
  c.campaign,
  c.firstDay,
  c.lastDay,
  c.amountWon,
  c.note,
];

/** Adds an entry (checked by checkManualCost) and its history line; its id. */
export async function addManualCost(
  siteId: string,
  input: ManualCostInput,
  by: string,
  now: Date = new Date(),
): Promise<string> {
  const id = randomUUID();
  const at = now.toISOString();
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.run(
      `INSERT INTO manual_costs (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [id, siteId, ...entryValues(input), by, at, by, at],
    );
    await record(tx, siteId, id, "create", null, input, by, at);
  });
  return id;
}

/** Changes an entry of the complex and writes old → new to its history; false when there is none. */
export function updateManualCost(
  siteId: string,
  id: string,
  input: ManualCostInput,
  by: string,
  now: Date = new Date(),
): Promise<boolean> {
  return changeEntry(siteId, id, input, by, now);
}

/** Removes an entry of the complex; its history stays. False when there is none. */
export function deleteManualCost(
  siteId: string,
  id: string,
  by: string,
  now: Date = new Date(),
): Promise<boolean> {
  return changeEntry(siteId, id, null, by, now);
}

/** The entry changed to `input`, or removed (null), with its history line. */
async function changeEntry(
  siteId: string,
  id: string,
  input: ManualCostInput | null,
  by: string,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const before = await entryOf(tx, siteId, id);
    if (!before) return false;
    if (input)
      await tx.run(
        `UPDATE manual_costs SET kind = $3, medium = $4, source = $5, campaign = $6, first_day = $7,
           last_day = $8, amount_won = $9, note = $10, updated_by = $11, updated_at = $12
         WHERE site_id = $1 AND id = $2`,
        [siteId, id, ...entryValues(input), by, at],
      );
    else await tx.run("DELETE FROM manual_costs WHERE site_id = $1 AND id = $2", [siteId, id]);
    await record(tx, siteId, id, input ? "update" : "delete", before, input, by, at);
    return true;
  });
}

/** The complex's changes, newest first (at most `limit`). */
export async function manualCostHistory(siteId: string, limit = 50): Promise<ManualCostChange[]> {
  const db = await getDb();
  const rows = await db.all<{
    id: string;
    cost_id: string;
    action: ManualCostChange["action"];
    before_json: string | null;
    after_json: string | null;
    changed_by: string;
    changed_at: string;
  }>(
    `SELECT id, cost_id, action, before_json, after_json, changed_by, changed_at
     FROM manual_cost_history WHERE site_id = $1 ORDER BY changed_at DESC, id LIMIT $2`,
    [siteId, limit],
  );
  const parse = (json: string | null) => (json ? (JSON.parse(json) as ManualCostInput) : null);
  return rows.map((r) => ({
    id: r.id,
    costId: r.cost_id,
    action: r.action,
    before: parse(r.before_json),
    after: parse(r.after_json),
    changedBy: r.changed_by,
    changedAt: r.changed_at,
  }));
}

/** A manual cost falling in the period: per line (`perDay`: per line and day). */
export type ManualCostLine = {
  siteId: string;
  day: string;
  source: string;
  campaign: string;
  costWon: number;
  impressions: null;
  clicks: null;
};

/**
 * What the entries of the scope cost over the range's Korean days: a flat fee's share of each of
 * its days in the range (under its campaign, "" when none); bought DB, its price times each lead of
 * its source (and campaign, when given) in both its period and the range, under the lead's own
 * campaign. Summed per complex, source and campaign, or (`perDay`) also per day.
 */
export async function manualCostLines(
  scope: SiteScope,
  range: ChannelRange,
  { perDay = false } = {},
): Promise<ManualCostLine[]> {
  const db = await getDb();
  const entries = (
    await db.all<Row>(
      `SELECT ${COLUMNS} FROM manual_costs
       WHERE ($1 = '${ALL_SITES}' OR site_id = $1) AND first_day <= $3 AND last_day >= $2`,
      [scope, range.from, range.to],
    )
  ).map(fromRow);
  const lines = new Map<string, ManualCostLine>();
  const add = (siteId: string, day: string, source: string, campaign: string, won: number) => {
    const id = JSON.stringify([siteId, source, campaign, perDay ? day : ""]);
    const line = lines.get(id) ?? {
      siteId,
      day: perDay ? day : "",
      source,
      campaign,
      costWon: 0,
      impressions: null,
      clicks: null,
    };
    line.costWon += won;
    lines.set(id, line);
  };
  for (const e of entries) {
    if (e.kind === "flat") {
      for (const [day, won] of spreadFlatFee(e.amountWon, e.firstDay, e.lastDay))
        if (day >= range.from && day <= range.to) add(e.siteId, day, e.source, e.campaign, won);
      continue;
    }
    const from = e.firstDay > range.from ? e.firstDay : range.from;
    const to = e.lastDay < range.to ? e.lastDay : range.to;
    const leads = await db.all<{ campaign: string; hour: string; leads: number }>(
      `SELECT COALESCE(utm_campaign, '') AS campaign, SUBSTR(created_at, 1, 13) AS hour,
         COUNT(*) AS leads
       FROM leads
       WHERE site_id = $1 AND LOWER(utm_source) = $2 AND created_at >= $3 AND created_at < $4
         AND ($5 = '' OR utm_campaign = $5)
       GROUP BY COALESCE(utm_campaign, ''), SUBSTR(created_at, 1, 13)`,
      [e.siteId, e.source, kstDayStartIso(from), kstDayStartIso(addDays(to, 1)), e.campaign],
    );
    for (const l of leads)
      add(
        e.siteId,
        kstDate(new Date(`${l.hour}:00:00Z`)),
        e.source,
        l.campaign,
        Number(l.leads) * e.amountWon,
      );
  }
  return [...lines.values()];
}
