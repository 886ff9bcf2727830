/*
 * Who gets a new card (issue 35): the complex's assignment settings (automatic or not, which
 * 상담원 take new leads), edited on the lead desk, and the round-robin that picks the consultant
 * when a lead makes a card (customers.server.ts attachLead). Beside them in crm_settings, the
 * complex's lead settings (the duplicate window, the D-1 reminder), edited on the desk too.
 */
import { getDb, type Queryable } from "~/db/db.server";

type Consultant = { id: string; email: string; active: boolean; hasPhone: boolean };

/** The complex's enabled 상담원 accounts, with whether each takes new leads. */
async function consultantsOf(siteId: string): Promise<Consultant[]> {
  const db = await getDb();
  const rows = await db.all<{
    id: string;
    email: string;
    active: number | null;
    phone: string | null;
  }>(
    `SELECT a.id, a.email, c.active, a.phone FROM admins a
     JOIN admin_sites s ON s.admin_id = a.id AND s.site_id = $1
     LEFT JOIN crm_consultants c ON c.site_id = $1 AND c.admin_id = a.id
     WHERE a.role = 'consultant' AND a.disabled_at IS NULL
     ORDER BY a.email`,
    [siteId],
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    active: r.active === null || Number(r.active) === 1,
    hasPhone: Boolean(r.phone),
  }));
}

export type AssignmentSettings = { autoAssign: boolean; consultants: Consultant[] };

export async function assignmentSettings(siteId: string): Promise<AssignmentSettings> {
  const db = await getDb();
  const row = await db.get<{ auto_assign: number }>(
    "SELECT auto_assign FROM crm_settings WHERE site_id = $1",
    [siteId],
  );
  return {
    autoAssign: Number(row?.auto_assign ?? 0) === 1,
    consultants: await consultantsOf(siteId),
  };
}

/**
 * Saves the complex's assignment: automatic or not, and which consultants take new leads
 * (`active`: their ids; the others are kept out of the round-robin).
 */
export async function saveAssignment(
  siteId: string,
  input: { autoAssign: boolean; active: readonly string[] },
  now: Date = new Date(),
): Promise<void> {
  const db = await getDb();
  const at = now.toISOString();
  const consultants = await consultantsOf(siteId);
  await db.transaction(async (tx) => {
    await tx.run(
      `INSERT INTO crm_settings (site_id, auto_assign, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (site_id) DO UPDATE SET auto_assign = $2, updated_at = $3`,
      [siteId, input.autoAssign ? 1 : 0, at],
    );
    for (const c of consultants)
      await tx.run(
        `INSERT INTO crm_consultants (site_id, admin_id, active) VALUES ($1, $2, $3)
         ON CONFLICT (site_id, admin_id) DO UPDATE SET active = $3`,
        [siteId, c.id, input.active.includes(c.id) ? 1 : 0],
      );
  });
}

/**
 * The complex's lead settings (issue 42): how many days after a card's last touch a phone that
 * comes again is still the same inquiry (a touch), and whether visitors get the D-1 reminder.
 */
export type LeadSettings = { duplicateDays: number; visitReminder: boolean };

const DEFAULT_DUPLICATE_DAYS = 30;

export async function leadSettings(siteId: string, tx?: Queryable): Promise<LeadSettings> {
  const q = tx ?? (await getDb());
  const row = await q.get<{ duplicate_days: number; visit_reminder: number }>(
    "SELECT duplicate_days, visit_reminder FROM crm_settings WHERE site_id = $1",
    [siteId],
  );
  return {
    duplicateDays: Number(row?.duplicate_days ?? DEFAULT_DUPLICATE_DAYS),
    visitReminder: Number(row?.visit_reminder ?? 1) === 1,
  };
}

export async function saveLeadSettings(
  siteId: string,
  input: LeadSettings,
  now: Date = new Date(),
): Promise<void> {
  const db = await getDb();
  await db.run(
    `INSERT INTO crm_settings (site_id, auto_assign, updated_at, duplicate_days, visit_reminder)
     VALUES ($1, 0, $2, $3, $4)
     ON CONFLICT (site_id) DO UPDATE SET updated_at = $2, duplicate_days = $3, visit_reminder = $4`,
    [siteId, now.toISOString(), input.duplicateDays, input.visitReminder ? 1 : 0],
  );
}

/** Whether the complex gives new cards to its consultants by itself. */
export async function autoAssigns(tx: Queryable, siteId: string): Promise<boolean> {
  const row = await tx.get<{ auto_assign: number }>(
    "SELECT auto_assign FROM crm_settings WHERE site_id = $1",
    [siteId],
  );
  return Number(row?.auto_assign ?? 0) === 1;
}

/** The complex's consultants who take new leads: enabled 상담원 accounts of the complex, active there. */
const ACTIVE_CONSULTANTS = `
  SELECT a.id, a.email, a.phone, a.created_at, c.last_assigned_at
  FROM admins a
  JOIN admin_sites s ON s.admin_id = a.id AND s.site_id = $1
  LEFT JOIN crm_consultants c ON c.site_id = $1 AND c.admin_id = a.id
  WHERE a.role = 'consultant' AND a.disabled_at IS NULL AND COALESCE(c.active, 1) = 1`;

/**
 * Round-robin: the active consultant who has waited longest for a lead (never first, then by
 * account age), marked as just served. In PostgreSQL concurrent leads of one complex take turns
 * here, so two of them never go to the same consultant by racing.
 */
export async function nextConsultant(
  tx: Queryable,
  siteId: string,
  now: Date,
): Promise<string | null> {
  return (await consultantsInTurn(tx, siteId, 1, now))[0] ?? null;
}

/**
 * The consultants for `count` new cards in turn (a lead file's), as nextConsultant would give them
 * one after another: each served is marked, the last served latest; empty when nobody takes leads.
 */
export async function consultantsInTurn(
  tx: Queryable,
  siteId: string,
  count: number,
  now: Date,
): Promise<string[]> {
  if (count === 0) return [];
  if (tx.dialect === "postgres")
    await tx.run("SELECT pg_advisory_xact_lock(hashtext($1))", [`crm-assign:${siteId}`]);
  const queue = await tx.all<{ id: string }>(
    `${ACTIVE_CONSULTANTS}
     ORDER BY COALESCE(c.last_assigned_at, '') , a.created_at, a.id`,
    [siteId],
  );
  if (queue.length === 0) return [];
  const picks = Array.from({ length: count }, (_, i) => queue[i % queue.length]!.id);
  // Each one served, at `now` less the cards given after its last: the next lead continues the turn.
  for (let k = 0; k < Math.min(count, queue.length); k++) {
    const last = count - 1 - ((count - 1 - k) % queue.length);
    await tx.run(
      `INSERT INTO crm_consultants (site_id, admin_id, active, last_assigned_at) VALUES ($1, $2, 1, $3)
       ON CONFLICT (site_id, admin_id) DO UPDATE SET last_assigned_at = $3`,
      [siteId, picks[last]!, new Date(now.getTime() - (count - 1 - last)).toISOString()],
    );
  }
  return picks;
}
