/*
 * The D-1 reminder (issue 42, item 5): the day before a booked visit (Korean days), from
 * REMINDER_FROM Korean time, every visitor with a visit that day gets the complex's reminder
 * (content `visitReminder`, as 알림톡 with `kakao.templates.visitReminder`, else a text) through
 * the outbox, once per booking: leads.visit_reminded_at is claimed in the message's transaction,
 * so whichever instance comes first sends it. None for a cancelled booking, none where the complex
 * switched it off (crm_settings.visit_reminder) or its content has no text. It shows on the card as
 * 방문 전날 알림. A reminder is about the visitor's own booking (like its confirmation), so it needs
 * no advertising consent. Run by the CRM's loop (app/crm/digest.server.ts digestTask).
 */
import type { Site } from "~/content/schema";
import { getDb } from "~/db/db.server";
import { formatSlot, slotKeyOf } from "~/bookings/visit-slots";
import { addDays, kstDate, kstDayStartIso, kstTime } from "~/lib/korean-time";
import { enqueue } from "~/outbox/outbox.server";
import { allSites } from "~/sites/registry.server";
import { leadSettings } from "~/crm/assignment.server";

/** The Korean time from which the day's reminders (for tomorrow's visits) go. */
const REMINDER_FROM = "10:00";

/** The reminder's text and 알림톡 variables for one visitor. */
function reminder(site: Site, text: string, name: string, visitAt: string) {
  const when = formatSlot(slotKeyOf(new Date(visitAt)));
  return {
    text: text.replaceAll("[이름]", name).replaceAll("[방문일시]", when),
    variables: {
      "#{단지명}": site.identity.name,
      "#{이름}": name,
      "#{방문일시}": when,
      "#{장소}": site.identity.modelHouseAddress,
      "#{문의전화}": site.identity.phone,
    },
  };
}

/** Queues the reminders due now; answers how many this call queued, per complex. */
export async function sendVisitReminders(now: Date = new Date()): Promise<Map<string, number>> {
  const queued = new Map<string, number>();
  if (kstTime(now) < REMINDER_FROM) return queued;
  const db = await getDb();
  const tomorrow = addDays(kstDate(now), 1);
  const [from, until] = [kstDayStartIso(tomorrow), kstDayStartIso(addDays(tomorrow, 1))];
  for (const site of allSites()) {
    const text = site.visitReminder?.text;
    if (!text || !(await leadSettings(site.id)).visitReminder) continue;
    const due = await db.all<{ id: string; name: string; phone: string; visit_at: string }>(
      `SELECT id, name, phone, visit_at FROM leads
       WHERE site_id = $1 AND visit_at >= $2 AND visit_at < $3 AND visit_at > $4
         AND visit_cancelled_at IS NULL AND visit_reminded_at IS NULL
       ORDER BY visit_at, id`,
      [site.id, from, until, now.toISOString()],
    );
    for (const lead of due) {
      const sent = await db.transaction(async (tx) => {
        const claimed = await tx.get<{ id: string }>(
          `UPDATE leads SET visit_reminded_at = $2
           WHERE id = $1 AND visit_reminded_at IS NULL AND visit_cancelled_at IS NULL
           RETURNING id`,
          [lead.id, now.toISOString()],
        );
        if (!claimed) return false;
        const payload = { to: lead.phone, ...reminder(site, text, lead.name, lead.visit_at) };
        await enqueue(tx, site.id, lead.id, { kind: "sms", purpose: "reminder", payload }, now);
        return true;
      });
      if (sent) queued.set(site.id, (queued.get(site.id) ?? 0) + 1);
    }
  }
  return queued;
}
