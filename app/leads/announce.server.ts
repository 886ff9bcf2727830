/*
 * What a new lead sends out, in its transaction (outbox rows, delivered by the outbox worker): the
 * visitor's SMS for a visit, the staff alerts, and the forward to LEADS_WEBHOOK_URL.
 */
import type { Site } from "~/content/schema";
import type { Queryable } from "~/db/db.server";
import { bookingLink } from "~/bookings/bookings.server";
import { slotKeyOf } from "~/bookings/visit-slots";
import { env, siteSetting } from "~/env.server";
import { originLine } from "~/lib/attribution";
import { kstDate, kstTime, startOfKstDay } from "~/lib/korean-time";
import { sourceStaff } from "~/lib/source-phone";
import { enqueue, enqueueStaffAlerts } from "~/outbox/outbox.server";
import { promotionSmsText, visitConfirmation } from "~/outbox/sms.server";
import type { WebhookPayload } from "~/outbox/webhook.server";
import type { Lead } from "./leads.server";
/** The staff alerts of a new lead and its forward to LEADS_WEBHOOK_URL, in its transaction. */
export async function announceLead(tx: Queryable, site: Site, lead: Lead, now: Date) {
  await enqueueStaffAlerts(
    tx,
    lead.siteId,
    lead.id,
    {
      event: "new",
      kind: lead.kind,
      name: lead.name,
      phone: lead.phone,
      slotKey: lead.visitAt ? slotKeyOf(new Date(lead.visitAt)) : null,
      source: originLine(lead, lead.source),
    },
    now,
    // The source's own staff when content names them (the source as recorded here).
    sourceStaff(site, lead.utmSource),
  );
  if (siteSetting("LEADS_WEBHOOK_URL", lead.siteId)) {
    const payload = webhookPayload(lead);
    await enqueue(tx, lead.siteId, lead.id, { kind: "webhook", payload }, now);
  }
}

/**
 * The visitor's SMS for a visit: the confirmation (transactional, always), then the promotional
 * message (only with SMS consent) — together at most SMS_DAILY_LIMIT to one phone per Korean day.
 * Inquiries get no SMS.
 */
export async function enqueueVisitorSms(
  tx: Queryable,
  site: Site,
  lead: Lead,
  token: string | null,
  now: Date,
) {
  if (lead.kind !== "visit") return;
  const sent = await tx.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM outbox
     WHERE site_id = $3 AND recipient = $1 AND purpose IN ('confirmation', 'promotion')
       AND created_at >= $2`,
    [lead.phone, startOfKstDay(now).toISOString(), lead.siteId],
  );
  let left = env().SMS_DAILY_LIMIT - Number(sent?.n ?? 0);
  const link = token ? bookingLink(site, token) : null;
  if (left > 0) {
    const { text, variables } = visitConfirmation(
      site,
      lead.name,
      lead.visitAt && link ? { slotKey: slotKeyOf(new Date(lead.visitAt)), link } : undefined,
    );
    const payload = { to: lead.phone, text, variables, ...(token ? { redact: [token] } : {}) };
    await enqueue(tx, lead.siteId, lead.id, { kind: "sms", purpose: "confirmation", payload }, now);
    left--;
  }
  if (left > 0 && lead.smsConsent) {
    const payload = { to: lead.phone, text: promotionSmsText(site, lead.name) };
    await enqueue(tx, lead.siteId, lead.id, { kind: "sms", purpose: "promotion", payload }, now);
  }
}

function webhookPayload(lead: Lead): WebhookPayload {
  const visit = lead.visitAt ? new Date(lead.visitAt) : null;
  return {
    id: lead.id,
    site_id: lead.siteId,
    kind: lead.kind,
    name: lead.name,
    phone: lead.phone,
    message: lead.message,
    privacy_consent: true,
    privacy_consent_at: lead.privacyConsentAt,
    privacy_consent_version: lead.privacyConsentVersion,
    sms_consent: lead.smsConsent,
    sms_consent_at: lead.smsConsentAt,
    source: lead.source,
    created_at: lead.createdAt,
    visit_at: lead.visitAt,
    visit_date: visit ? kstDate(visit) : null,
    visit_time: visit ? kstTime(visit) : null,
    utm_source: lead.utmSource,
    utm_medium: lead.utmMedium,
    utm_campaign: lead.utmCampaign,
    utm_term: lead.utmTerm,
    utm_content: lead.utmContent,
    referrer_host: lead.referrerHost,
    shown_phone: lead.shownPhone,
  };
}
