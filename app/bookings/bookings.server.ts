/*
 * Visit bookings: seats per time slot, live availability, the booking page's token, cancellation.
 *
 * Capacity is a database fact. A seat is claimed with one conditional upsert on the slot's counter
 * row (`booked < capacity`) inside the lead's transaction, so two instances and twenty concurrent
 * visitors can never overbook; on PostgreSQL the row lock orders them, on SQLite the write lock does.
 * The booking page's token is random and reaches only the visitor's SMS; the lead keeps its sha256.
 */
import { bookingCancelled } from "~/crm/customers.server";
import { createHash, randomBytes } from "node:crypto";
import type { Site } from "~/content/schema";
import { siteOrigin } from "~/sites/registry.server";
import { getDb, type Queryable } from "~/db/db.server";
import { originLine } from "~/lib/attribution";
import {
  availabilityOf,
  capacityOf,
  bookableDates,
  BOOKING_PATH,
  firstOpenSlot,
  slotKeyOf,
  type Availability,
} from "~/bookings/visit-slots";
import { kstDate, kstInstant, kstTime } from "~/lib/korean-time";
import { enqueueStaffAlerts } from "~/outbox/outbox.server";
import { sourceStaff } from "~/lib/source-phone";
import type { StoredLeadKind } from "~/leads/lead-form";

/** A token shaped like ours; anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new unguessable token (144 random bits) and the hash to store. */
export function newBookingToken(): { token: string; hash: string } {
  const token = randomBytes(18).toString("base64url");
  return { token, hash: hashToken(token) };
}

/** The booking page's address, as it goes into the SMS. */
export function bookingLink(site: Site, token: string): string {
  return `${siteOrigin(site)}${BOOKING_PATH}/${token}`;
}

/** Visitors the complex's slot starting at startsAt (ISO UTC) takes. */
function slotCapacity(site: Site, startsAt: string): number {
  const instant = new Date(startsAt);
  return capacityOf(site.modelHouse.visits, kstDate(instant), kstTime(instant));
}

/**
 * Takes one seat of the complex's slot starting at startsAt (ISO UTC) if one is left. One
 * statement: the counter row is created with the first seat, or incremented only while below capacity.
 */
export async function claimSeat(
  tx: Queryable,
  site: Site,
  startsAt: string,
  capacity = slotCapacity(site, startsAt),
): Promise<boolean> {
  if (capacity <= 0) return false;
  const row = await tx.get<{ booked: number }>(
    `INSERT INTO visit_slots (site_id, starts_at, booked) VALUES ($3, $1, 1)
     ON CONFLICT (site_id, starts_at) DO UPDATE SET booked = visit_slots.booked + 1
     WHERE visit_slots.booked < $2
     RETURNING booked`,
    [startsAt, capacity, site.id],
  );
  return row !== undefined;
}

/** Gives a seat of the complex's slot back. */
async function releaseSeat(tx: Queryable, siteId: string, startsAt: string): Promise<void> {
  await tx.run(
    "UPDATE visit_slots SET booked = booked - 1 WHERE site_id = $2 AND starts_at = $1 AND booked > 0",
    [startsAt, siteId],
  );
}

/** The complex's bookable days and their slots with the seats left, as the picker shows them. */
export async function readAvailability(
  site: Site,
  db?: Queryable,
  now: Date = new Date(),
): Promise<Availability> {
  const d = db ?? (await getDb());
  const schedule = site.modelHouse.visits;
  const dates = bookableDates(schedule, now);
  if (dates.length === 0) return { days: [] };
  const rows = await d.all<{ starts_at: string; booked: number }>(
    "SELECT starts_at, booked FROM visit_slots WHERE site_id = $3 AND starts_at >= $1 AND starts_at < $2",
    [
      kstInstant(dates[0]!).toISOString(),
      new Date(kstInstant(dates[dates.length - 1]!).getTime() + 86_400_000).toISOString(),
      site.id,
    ],
  );
  const booked = new Map(rows.map((r) => [r.starts_at, Number(r.booked)]));
  return availabilityOf(schedule, now, booked);
}

/** The first slot with a seat left at or after `from` (a slot key), else the first at all. */
export async function nextFreeSlot(
  db: Queryable,
  site: Site,
  now: Date,
  from?: string,
): Promise<string | null> {
  return firstOpenSlot(await readAvailability(site, db, now), from);
}

export type Booking = {
  /** "2026-11-23T10:00" (Korean time). */
  slotKey: string;
  cancelledAt: string | null;
  /** The slot has begun: it can no longer be cancelled. */
  past: boolean;
};

type BookingRow = { visit_at: string; visit_cancelled_at: string | null };

const toBooking = (r: BookingRow, now: Date): Booking => ({
  slotKey: slotKeyOf(new Date(r.visit_at)),
  cancelledAt: r.visit_cancelled_at,
  past: new Date(r.visit_at) <= now,
});

/**
 * The booking a token opens on the complex, or null. Nothing else about the lead leaves this
 * function.
 */
export async function findBooking(
  site: Site,
  token: string,
  now: Date = new Date(),
): Promise<Booking | null> {
  if (!TOKEN.test(token)) return null;
  const db = await getDb();
  const row = await db.get<BookingRow>(
    `SELECT visit_at, visit_cancelled_at FROM leads
     WHERE site_id = $2 AND visit_token_hash = $1 AND visit_at IS NOT NULL`,
    [hashToken(token), site.id],
  );
  return row ? toBooking(row, now) : null;
}

export type CancelResult =
  | { status: "cancelled"; booking: Booking }
  | { status: "already_cancelled"; booking: Booking }
  | { status: "past"; booking: Booking }
  | { status: "not_found" };

/**
 * Cancels the booking a token opens on the complex: records the time on the lead and frees
 * the seat, in one transaction; the complex's staff phones are told. A booking whose slot has begun
 * stays as it is.
 */
export async function cancelBooking(
  site: Site,
  token: string,
  now: Date = new Date(),
): Promise<CancelResult> {
  if (!TOKEN.test(token)) return { status: "not_found" };
  const siteId = site.id;
  const db = await getDb();
  const hash = hashToken(token);
  return db.transaction(async (tx) => {
    const row = await tx.get<
      BookingRow & {
        id: string;
        kind: StoredLeadKind;
        name: string;
        phone: string;
        source: string;
        utm_source: string | null;
        utm_medium: string | null;
        utm_campaign: string | null;
        referrer_host: string | null;
      }
    >(
      `UPDATE leads SET visit_cancelled_at = $2
       WHERE site_id = $4 AND visit_token_hash = $1 AND visit_at IS NOT NULL
         AND visit_cancelled_at IS NULL AND visit_at > $3
       RETURNING id, kind, name, phone, source, utm_source, utm_medium, utm_campaign, referrer_host,
         visit_at, visit_cancelled_at`,
      [hash, now.toISOString(), now.toISOString(), siteId],
    );
    if (!row) {
      const current = await tx.get<BookingRow>(
        `SELECT visit_at, visit_cancelled_at FROM leads
         WHERE site_id = $2 AND visit_token_hash = $1 AND visit_at IS NOT NULL`,
        [hash, siteId],
      );
      if (!current) return { status: "not_found" } as const;
      const booking = toBooking(current, now);
      return { status: booking.cancelledAt ? "already_cancelled" : "past", booking } as const;
    }
    await releaseSeat(tx, siteId, row.visit_at);
    await bookingCancelled(tx, siteId, row.id, now.toISOString());
    await enqueueStaffAlerts(
      tx,
      siteId,
      row.id,
      {
        event: "cancelled",
        kind: row.kind,
        name: row.name,
        phone: row.phone,
        slotKey: slotKeyOf(new Date(row.visit_at)),
        source: originLine(
          {
            utmSource: row.utm_source,
            utmMedium: row.utm_medium,
            utmCampaign: row.utm_campaign,
            referrerHost: row.referrer_host,
          },
          row.source,
        ),
      },
      now,
      // The staff of the lead's ad source, as for its new-lead alert (content phoneBySource).
      sourceStaff(site, row.utm_source),
    );
    return { status: "cancelled", booking: toBooking(row, now) } as const;
  });
}
