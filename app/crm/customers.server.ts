/*
 * Customer cards (issue 30): everything from one phone number in one complex is one card. A lead
 * is attached to its card in the lead's own transaction (attachLead), which also gives a new card
 * to the next consultant when the complex assigns automatically, and books the card's status when
 * the form booked a visit. Calls, status changes and assignments live in ./calls.server.ts; the
 * desk's reads in ./desk.server.ts.
 */
import { randomUUID } from "node:crypto";
import { getDb, type Queryable } from "~/db/db.server";
import { CLOSED_STATUSES, sourceKey, STATUS_STAGE, type CustomerStatus } from "~/crm/crm";
import { startOfKstDay } from "~/lib/korean-time";
import { autoAssigns, leadSettings, nextConsultant } from "./assignment.server";

/** SQL: the card still waits for calls (not 계약 or 무효). `prefix`: the table's alias and a dot. */
export const openCard = (prefix = "") =>
  `${prefix}status NOT IN (${CLOSED_STATUSES.map((s) => `'${s}'`).join(", ")})`;

/** The first instant of the Korean day after now's (ISO UTC): "due today" is before it. */
export const endOfKstDay = (now: Date) =>
  new Date(startOfKstDay(now).getTime() + 86_400_000).toISOString();

/** What attachLead needs of a lead (a stored Lead has all of it). */
export type AttachableLead = {
  id: string;
  siteId: string;
  name: string;
  phone: string;
  createdAt: string;
  visitAt: string | null;
  utmSource: string | null;
  referrerHost: string | null;
};

export type Attached = {
  customerId: string;
  /** True when this lead made the card. */
  created: boolean;
  /** The card's consultant after the lead (auto-assigned or as it was), or null. */
  consultantId: string | null;
};

type CardHead = {
  id: string;
  status: CustomerStatus;
  consultant_id: string | null;
  stage: number;
  last_at: string;
};

/** The admin who made a change, for the timeline; null: the system (a form, the hook). */
export type Actor = { adminId: string; email: string } | null;

/**
 * Hangs the lead on its phone's card (made when there is none), inside the lead's transaction,
 * whatever its source. Within the complex's duplicate window (crm_settings.duplicate_days, 30 days
 * unless set) of the card's last touch it is the same inquiry, one more touch; later, the person
 * asks anew and the card comes back as 신규 (unless 계약). PostgreSQL callers hold the per-phone
 * advisory lock (`lead:<site>:<phone>`) already.
 */
export async function attachLead(
  tx: Queryable,
  lead: AttachableLead,
  now: Date = new Date(),
): Promise<Attached> {
  const at = lead.createdAt;
  let card = await tx.get<CardHead>(
    `SELECT id, status, consultant_id, stage, last_at FROM customers
     WHERE site_id = $1 AND phone = $2`,
    [lead.siteId, lead.phone],
  );
  const { duplicateDays } = await leadSettings(lead.siteId, tx);
  const anew =
    card !== undefined &&
    card.last_at < new Date(new Date(at).getTime() - duplicateDays * 86_400_000).toISOString();
  let created = false;
  if (!card) {
    card = await tx.get<CardHead>(
      `INSERT INTO customers (id, site_id, phone, name, status, status_at, stage, source, touches,
         first_at, last_at, created_at)
       VALUES ($1, $2, $3, $4, 'new', $5, 0, $6, 1, $5, $5, $7)
       ON CONFLICT (site_id, phone) DO NOTHING
       RETURNING id, status, consultant_id, stage, last_at`,
      [randomUUID(), lead.siteId, lead.phone, lead.name, at, sourceKey(lead), now.toISOString()],
    );
    created = Boolean(card);
  }
  if (!created) {
    card = await tx.get<CardHead>(
      `UPDATE customers SET name = $3, touches = touches + 1,
         last_at = CASE WHEN last_at < $4 THEN $4 ELSE last_at END
       WHERE site_id = $1 AND phone = $2 RETURNING id, status, consultant_id, stage, last_at`,
      [lead.siteId, lead.phone, lead.name, at],
    );
  }
  if (!card) throw new Error("고객 카드를 만들지 못했습니다");
  await tx.run("UPDATE leads SET customer_id = $1 WHERE id = $2", [card.id, lead.id]);

  // The status follows the lead: a booked visit is 방문 예약 (unless the card is further on); a
  // new form from a card put aside (보류, 무효), or past the duplicate window, brings it back as 신규.
  const next: CustomerStatus | null =
    lead.visitAt && (STATUS_STAGE[card.status] ?? 0) < STATUS_STAGE.visit_booked!
      ? "visit_booked"
      : !created &&
          (card.status === "on_hold" ||
            card.status === "invalid" ||
            (anew && card.status !== "contracted"))
        ? "new"
        : null;
  if (next && next !== card.status)
    await setStatus(tx, lead.siteId, card.id, card.status, next, at, null);

  let consultantId = card.consultant_id;
  if (!consultantId && (await autoAssigns(tx, lead.siteId))) {
    consultantId = await nextConsultant(tx, lead.siteId, now);
    if (consultantId) await assign(tx, lead.siteId, card.id, null, consultantId, at, null);
  }
  return { customerId: card.id, created, consultantId };
}

/** Writes a status change with its event; the stage only moves forward. */
export async function setStatus(
  tx: Queryable,
  siteId: string,
  customerId: string,
  from: CustomerStatus,
  to: CustomerStatus,
  at: string,
  actor: Actor,
): Promise<void> {
  const stage = STATUS_STAGE[to];
  await tx.run(
    `UPDATE customers SET status = $2, status_at = $3,
       stage = CASE WHEN $4 > stage THEN $4 ELSE stage END
     WHERE id = $1`,
    [customerId, to, at, stage ?? -1],
  );
  await event(tx, siteId, customerId, at, "status", from, to, actor);
}

/** Gives the card to a consultant (or to nobody), with its event. */
export async function assign(
  tx: Queryable,
  siteId: string,
  customerId: string,
  from: string | null,
  to: string | null,
  at: string,
  actor: Actor,
): Promise<void> {
  await tx.run("UPDATE customers SET consultant_id = $2, assigned_at = $3 WHERE id = $1", [
    customerId,
    to,
    to ? at : null,
  ]);
  await event(tx, siteId, customerId, at, "assign", from, to, actor);
}

export async function event(
  tx: Queryable,
  siteId: string,
  customerId: string,
  at: string,
  kind: "status" | "assign" | "memo",
  oldValue: string | null,
  newValue: string | null,
  actor: Actor,
): Promise<void> {
  await tx.run(
    `INSERT INTO customer_events (id, site_id, customer_id, at, kind, old_value, new_value, admin_id,
       admin_email)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      randomUUID(),
      siteId,
      customerId,
      at,
      kind,
      oldValue,
      newValue,
      actor?.adminId ?? null,
      actor?.email ?? null,
    ],
  );
}

/**
 * Cards for leads that have none (leads stored before the CRM, or by an instance of the release
 * before it during a deploy): made at start-up, oldest lead first, so each card's source is its
 * first lead's. The old desk's status and memo carry over to the card.
 */
export async function attachOrphanLeads(now: Date = new Date()): Promise<number> {
  const db = await getDb();
  const FROM_OLD_STATUS: Record<string, CustomerStatus> = {
    new: "new",
    contacted: "counseling",
    visited: "visited",
    closed: "on_hold",
    on_hold: "on_hold",
  };
  let attached = 0;
  for (;;) {
    const rows = await db.all<{
      id: string;
      site_id: string;
      name: string;
      phone: string;
      created_at: string;
      visit_at: string | null;
      visit_cancelled_at: string | null;
      utm_source: string | null;
      referrer_host: string | null;
      status: string;
      memo: string;
      status_at: string | null;
    }>(
      `SELECT id, site_id, name, phone, created_at, visit_at, visit_cancelled_at, utm_source,
         referrer_host, status, memo, status_at
       FROM leads WHERE customer_id IS NULL ORDER BY created_at, id LIMIT 500`,
    );
    if (rows.length === 0) return attached;
    for (const r of rows) {
      await db.transaction(async (tx) => {
        if (tx.dialect === "postgres")
          await tx.run("SELECT pg_advisory_xact_lock(hashtext($1))", [
            `lead:${r.site_id}:${r.phone}`,
          ]);
        const { customerId } = await attachLead(
          tx,
          {
            id: r.id,
            siteId: r.site_id,
            name: r.name,
            phone: r.phone,
            createdAt: r.created_at,
            visitAt: r.visit_cancelled_at ? null : r.visit_at,
            utmSource: r.utm_source,
            referrerHost: r.referrer_host,
          },
          now,
        );
        // What the old desk said of the lead, when it said anything.
        const status = FROM_OLD_STATUS[r.status];
        if (status && status !== "new")
          await tx.run(
            `UPDATE customers SET status = $2, status_at = $3,
               stage = CASE WHEN $4 > stage THEN $4 ELSE stage END
             WHERE id = $1`,
            [customerId, status, r.status_at ?? r.created_at, STATUS_STAGE[status] ?? -1],
          );
        if (r.memo)
          await tx.run(
            `UPDATE customers SET memo = CASE WHEN memo = '' THEN $2 ELSE memo || ' / ' || $2 END
             WHERE id = $1`,
            [customerId, r.memo],
          );
      });
      attached++;
    }
  }
}

/**
 * The visitor cancelled the booking of lead leadId: a card still at 방문 예약 with no other booked
 * visit goes back to 상담 중 (it was called) or 신규 (it was not).
 */
export async function bookingCancelled(
  tx: Queryable,
  siteId: string,
  leadId: string,
  at: string,
): Promise<void> {
  const card = await tx.get<{ id: string; status: CustomerStatus; calls: number }>(
    `SELECT c.id, c.status, c.calls FROM customers c JOIN leads l ON l.customer_id = c.id
     WHERE l.id = $1 AND c.site_id = $2`,
    [leadId, siteId],
  );
  if (!card || card.status !== "visit_booked") return;
  const other = await tx.get<{ id: string }>(
    `SELECT id FROM leads WHERE customer_id = $1 AND id <> $2 AND visit_at > $3
       AND visit_cancelled_at IS NULL LIMIT 1`,
    [card.id, leadId, at],
  );
  if (other) return;
  await setStatus(
    tx,
    siteId,
    card.id,
    card.status,
    Number(card.calls) > 0 ? "counseling" : "new",
    at,
    null,
  );
}
