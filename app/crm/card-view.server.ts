/*
 * A card read for the desk: its columns, its row made a CardView for a viewer (the phone masked
 * on a card that is not theirs), and its latest lead with that lead's messages.
 */
import { getDb } from "~/db/db.server";
import { CLOSED_STATUSES, type CallResult, type CustomerStatus, type Interest } from "~/crm/crm";
import { leadKindLabel, originText, type DeskMessage } from "~/crm/lead-desk";
import type { LeadRow } from "~/leads/leads.server";
import { maskPhone } from "~/outbox/sms.server";
import { cardRights, type Viewer } from "./calls.server";
import type { CardView, LatestLead } from "./card-view";

export type CustomerRow = {
  id: string;
  site_id: string;
  phone: string;
  name: string;
  status: CustomerStatus;
  status_at: string | null;
  interest: Interest | null;
  consultant_id: string | null;
  consultant_email: string | null;
  source: string;
  touches: number;
  calls: number;
  last_result: CallResult | null;
  last_call_at: string | null;
  next_contact_at: string | null;
  memo: string;
  first_at: string;
  last_at: string;
};

export const CARD_COLUMNS = `c.id, c.site_id, c.phone, c.name, c.status, c.status_at, c.interest,
  c.consultant_id, a.email AS consultant_email, c.source, c.touches, c.calls, c.last_result,
  c.last_call_at, c.next_contact_at, c.memo, c.first_at, c.last_at`;
export const CARD_FROM = "customers c LEFT JOIN admins a ON a.id = c.consultant_id";

export function toView(
  r: CustomerRow,
  viewer: Viewer,
  now: Date,
  latest: LatestLead | null,
): CardView {
  const own = cardRights(viewer, r.consultant_id).work;
  const closed = CLOSED_STATUSES.includes(r.status);
  return {
    id: r.id,
    siteId: r.site_id,
    name: r.name,
    phone: own ? r.phone : maskPhone(r.phone),
    own,
    status: r.status,
    statusAt: r.status_at,
    interest: r.interest,
    consultantId: r.consultant_id,
    consultantEmail: r.consultant_email,
    source: r.source,
    touches: Number(r.touches),
    calls: Number(r.calls),
    lastResult: r.last_result,
    lastCallAt: r.last_call_at,
    nextContactAt: r.next_contact_at,
    overdue: !closed && r.next_contact_at !== null && r.next_contact_at < now.toISOString(),
    memo: own ? r.memo : "",
    firstAt: r.first_at,
    lastAt: r.last_at,
    latest,
  };
}

/** The cards with their latest lead (one query for the page). */
export async function withLatest(
  rows: CustomerRow[],
  viewer: Viewer,
  now: Date,
): Promise<CardView[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const ids = rows.map((r) => r.id);
  const marks = ids.map((_, i) => `$${i + 1}`).join(", ");
  const leads = await db.all<LeadLine>(
    `SELECT id, customer_id, kind, source, created_at, visit_at, visit_cancelled_at, utm_source,
       utm_medium, utm_campaign, referrer_host
     FROM leads WHERE customer_id IN (${marks}) ORDER BY created_at, id`,
    ids,
  );
  const latestLead = new Map<string, LeadLine>();
  for (const l of leads) latestLead.set(l.customer_id, l);
  const confirmations = await messagesOf([...latestLead.values()].map((l) => l.id));
  return rows.map((r) => {
    const l = latestLead.get(r.id);
    return toView(r, viewer, now, l ? latestOf(l, confirmations.get(l.id) ?? []) : null);
  });
}

export type LeadLine = Pick<
  LeadRow,
  | "id"
  | "kind"
  | "source"
  | "created_at"
  | "visit_at"
  | "visit_cancelled_at"
  | "utm_source"
  | "utm_medium"
  | "utm_campaign"
  | "referrer_host"
> & { customer_id: string };

export function latestOf(l: LeadLine, messages: TimelineMessage[]): LatestLead {
  return {
    kind: l.kind,
    kindLabel: leadKindLabel(l),
    createdAt: l.created_at,
    visitAt: l.visit_at,
    visitCancelled: Boolean(l.visit_cancelled_at),
    origin: originOf(l),
    confirmation: messages.filter((m) => m.purpose === "confirmation").at(-1) ?? null,
  };
}

export const originOf = (l: LeadLine) =>
  originText({
    utmSource: l.utm_source,
    utmMedium: l.utm_medium,
    utmCampaign: l.utm_campaign,
    referrerHost: l.referrer_host,
  });

type TimelineMessage = DeskMessage & { leadId: string; at: string; deliveredAt: string | null };

/** The SMS and 알림톡 of the leads (confirmation, promotion, staff alerts), oldest first. */
export async function messagesOf(leadIds: string[]): Promise<Map<string, TimelineMessage[]>> {
  const byLead = new Map<string, TimelineMessage[]>();
  if (leadIds.length === 0) return byLead;
  const db = await getDb();
  const rows = await db.all<{
    lead_id: string;
    purpose: DeskMessage["purpose"];
    status: DeskMessage["status"];
    message_type: string | null;
    delivery_state: DeskMessage["state"];
    delivery_code: string | null;
    created_at: string;
    delivered_at: string | null;
  }>(
    `SELECT lead_id, purpose, status, message_type, delivery_state, delivery_code, created_at,
       delivered_at
     FROM outbox
     WHERE kind = 'sms' AND purpose IN ('confirmation', 'promotion', 'staff', 'reminder')
       AND lead_id IN (${leadIds.map((_, i) => `$${i + 1}`).join(", ")})
     ORDER BY created_at, id`,
    leadIds,
  );
  for (const r of rows) {
    const list = byLead.get(r.lead_id) ?? [];
    list.push({
      leadId: r.lead_id,
      at: r.created_at,
      deliveredAt: r.delivered_at,
      purpose: r.purpose,
      status: r.status,
      type: r.message_type,
      state: r.delivery_state,
      code: r.delivery_code,
    });
    byLead.set(r.lead_id, list);
  }
  return byLead;
}
