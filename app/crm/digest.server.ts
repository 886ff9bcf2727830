/*
 * The consultants' morning digest (issue 30, item 4): from 09:00 Korean time, each consultant with
 * calls due that Korean day (their cards, not closed, whose next contact is before the next Korean
 * day: today's and the overdue ones) gets one staff SMS listing them, through the outbox. Every
 * instance looks every CRM_DIGEST_POLL_MS; crm_digests takes one row per complex, consultant and day
 * in the same transaction as the message, so whichever instance comes first sends it, once. A server
 * that was down at 09:00 sends it when it is back, that day.
 *
 * Who gets one: every enabled 상담원 account of the complex (not only those taking new leads: a
 * consultant put out of the round-robin still has their cards to call). A consultant without a
 * phone gets the day's row all the same (with the count), and a warning in the log, once per day:
 * a phone set later that day does not bring the morning's digest back.
 */
import { getDb, type Queryable } from "~/db/db.server";
import { env } from "~/env.server";
import { endOfKstDay, openCard } from "./customers.server";
import { kstDate, kstTime } from "~/lib/korean-time";
import { enqueue } from "~/outbox/outbox.server";
import { maskPhone } from "~/outbox/sms.server";
import { siteById, siteOrigin } from "~/sites/registry.server";
import type { Site } from "~/content/schema";
import { periodicTask, type PeriodicTask } from "~/jobs/periodic.server";
import { sendVisitReminders } from "~/bookings/reminders.server";

/** The Korean time from which the day's digest goes. */
const DIGEST_AT = "09:00";
/** Cards listed by name in a digest, at most (the rest are counted): ten lines in all. */
const DIGEST_CARDS = 8;

export type DueCounts = { due: number; overdue: number };

/**
 * The calls due in the Korean day of now (overdue ones included) and how many of them are overdue
 * (their time has passed): one consultant's, or the whole complex's (consultantId null).
 */
export async function dueCounts(
  siteId: string,
  consultantId: string | null,
  now: Date = new Date(),
  db?: Queryable,
): Promise<DueCounts> {
  const q = db ?? (await getDb());
  const row = await q.get<{ due: number | string; overdue: number | string | null }>(
    `SELECT COUNT(*) AS due, SUM(CASE WHEN next_contact_at < $3 THEN 1 ELSE 0 END) AS overdue
     FROM customers
     WHERE site_id = $1 AND next_contact_at < $2 AND ${openCard()}
       ${consultantId === null ? "" : "AND consultant_id = $4"}`,
    consultantId === null
      ? [siteId, endOfKstDay(now), now.toISOString()]
      : [siteId, endOfKstDay(now), now.toISOString(), consultantId],
  );
  return { due: Number(row?.due ?? 0), overdue: Number(row?.overdue ?? 0) };
}

type DigestCard = { name: string; phone: string; nextContactAt: string };

/** "10:00" for today's time, "11/27 15:00" for an earlier day's. */
function when(iso: string, today: string): string {
  const at = new Date(iso);
  const day = kstDate(at);
  if (day === today) return kstTime(at);
  return `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))} ${kstTime(at)}`;
}

/**
 * The digest's text: the complex, the count (and the overdue count), the first cards by time with
 * their numbers, and the desk's address. At most ten lines; past 90 bytes it goes as LMS.
 */
function digestText(
  site: Site,
  counts: DueCounts,
  cards: readonly DigestCard[],
  now: Date,
): string {
  const today = kstDate(now);
  const shown = counts.due > DIGEST_CARDS ? cards.slice(0, DIGEST_CARDS - 1) : cards;
  return [
    `[${site.identity.name}] 오늘 연락할 고객 ${counts.due}명` +
      (counts.overdue ? ` (지연 ${counts.overdue}명)` : ""),
    ...shown.map(
      (c) => `${when(c.nextContactAt, today)} ${c.name.replace(/\s+/g, " ").trim()} ${c.phone}`,
    ),
    ...(counts.due > shown.length ? [`외 ${counts.due - shown.length}명`] : []),
    `상담 접수 관리: ${siteOrigin(site)}/admin/leads`,
  ].join("\n");
}

export type DigestSent = {
  siteId: string;
  adminId: string;
  day: string;
  due: number;
  overdue: number;
  /** The consultant's phone it was queued to; null: they have none (nothing queued). */
  to: string | null;
};

/**
 * Sends the day's digests not sent yet (nothing before 09:00 Korean time); answers the ones this
 * call made. Safe to run from several instances at once.
 */
export async function sendDueDigests(now: Date = new Date()): Promise<DigestSent[]> {
  if (kstTime(now) < DIGEST_AT) return [];
  const db = await getDb();
  const day = kstDate(now);
  const until = endOfKstDay(now);
  const waiting = await db.all<{ site_id: string; admin_id: string; email: string }>(
    `SELECT s.site_id, a.id AS admin_id, a.email
     FROM admins a JOIN admin_sites s ON s.admin_id = a.id
     WHERE a.role = 'consultant' AND a.disabled_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM crm_digests d
                       WHERE d.site_id = s.site_id AND d.admin_id = a.id AND d.day = $1)
       AND EXISTS (SELECT 1 FROM customers c
                   WHERE c.site_id = s.site_id AND c.consultant_id = a.id
                     AND c.next_contact_at < $2 AND ${openCard("c.")})
     ORDER BY s.site_id, a.id`,
    [day, until],
  );
  const sent: DigestSent[] = [];
  for (const w of waiting) {
    const site = siteById(w.site_id);
    if (!site) continue;
    const made = await db.transaction(async (tx) => {
      const counts = await dueCounts(w.site_id, w.admin_id, now, tx);
      if (counts.due === 0) return null;
      const claimed = await tx.get<{ day: string }>(
        `INSERT INTO crm_digests (site_id, admin_id, day, created_at, due)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (site_id, admin_id, day) DO NOTHING RETURNING day`,
        [w.site_id, w.admin_id, day, now.toISOString(), counts.due],
      );
      if (!claimed) return null;
      const phone = await tx.get<{ phone: string | null }>(
        "SELECT phone FROM admins WHERE id = $1",
        [w.admin_id],
      );
      const to = phone?.phone ?? null;
      if (to) {
        const cards = await tx.all<{ name: string; phone: string; next_contact_at: string }>(
          `SELECT name, phone, next_contact_at FROM customers
           WHERE site_id = $1 AND consultant_id = $2 AND next_contact_at < $3 AND ${openCard()}
           ORDER BY next_contact_at, id LIMIT ${DIGEST_CARDS}`,
          [w.site_id, w.admin_id, until],
        );
        const text = digestText(
          site,
          counts,
          cards.map((c) => ({ name: c.name, phone: c.phone, nextContactAt: c.next_contact_at })),
          now,
        );
        // A staff message: at any hour, and not counted against a visitor's daily SMS limit.
        await enqueue(
          tx,
          w.site_id,
          null,
          { kind: "sms", purpose: "staff", payload: { to, text } },
          now,
        );
      }
      return { siteId: w.site_id, adminId: w.admin_id, day, ...counts, to };
    });
    if (!made) continue;
    if (made.to)
      console.info(
        `[crm] ${w.site_id}: 상담원 ${w.email}에게 오늘 연락할 고객 ${made.due}명 알림 (${maskPhone(made.to)})`,
      );
    else
      console.warn(
        `[crm] ${w.site_id}: 상담원 ${w.email}의 휴대폰 번호가 없어 아침 알림(오늘 연락할 고객 ${made.due}명)을 보내지 않았습니다. 계정 관리에서 번호를 넣어 주세요`,
      );
    sent.push(made);
  }
  return sent;
}

/**
 * Looks for digests, and for the visitors' D-1 reminders (app/bookings/reminders.server.ts), to
 * send every intervalMs (CRM_DIGEST_POLL_MS; app/entry.server.tsx starts it).
 */
export const digestTask = (intervalMs = env().CRM_DIGEST_POLL_MS): PeriodicTask =>
  periodicTask({
    intervalMs,
    run: async () => {
      await sendDueDigests();
      for (const [siteId, n] of await sendVisitReminders())
        console.info(`[crm] ${siteId}: 내일 방문 예약 ${n}건에 방문 전날 알림을 보냅니다`);
    },
    failure: "[crm] 아침 알림 또는 방문 전날 알림을 보내지 못했습니다:",
  });
