/*
 * The desk's reads (issue 30): people, not rows. The list of a complex's cards, filtered by the
 * desk's filters (a card matches a lead filter when one of its leads does); a consultant's queue
 * (new cards first, then the calls due by the end of the Korean day, overdue ones marked); one
 * card with its timeline. Masking happens here: a consultant sees whole phone numbers only on
 * cards given to them (010-****-5678 elsewhere), and a search by number finds only those.
 */
import { getDb } from "~/db/db.server";
import {
  CALL_RESULT_LABEL,
  CLOSED_STATUSES,
  CUSTOMER_STATUS_LABEL,
  HOOK_SOURCE,
  type CallResult,
  type CustomerStatus,
  type Interest,
} from "~/crm/crm";
import { kstDayStartIso } from "~/lib/korean-time";
import {
  DESK_PAGE_SIZE,
  leadKindLabel,
  NO_CONSULTANT,
  messageState,
  originText,
  type DeskFilter,
  type DeskFilterName,
  type DeskMessage,
} from "~/crm/lead-desk";
import type { LeadRow } from "~/leads/leads.server";
import { normalizePhone } from "~/lib/phone";
import { ALL_SITES, type SiteScope } from "~/lib/sites";
import { kstDate, kstTime } from "~/lib/korean-time";
import { formatSlot, slotKeyOf } from "~/bookings/visit-slots";
import { maskPhone } from "~/outbox/sms.server";
import { cardRights, type Viewer } from "./calls.server";
import { endOfKstDay, openCard } from "./customers.server";

/** A card as the desk shows it (phone masked when the viewer may not see it). */
export type CardView = {
  id: string;
  siteId: string;
  name: string;
  phone: string;
  /** The viewer sees the whole number and may work the card. */
  own: boolean;
  status: CustomerStatus;
  statusAt: string | null;
  interest: Interest | null;
  consultantId: string | null;
  consultantEmail: string | null;
  source: string;
  touches: number;
  calls: number;
  lastResult: CallResult | null;
  lastCallAt: string | null;
  nextContactAt: string | null;
  /** The next contact is past (and the card still open). */
  overdue: boolean;
  memo: string;
  firstAt: string;
  lastAt: string;
  /** The card's latest lead: what it was, its booked visit, its confirmation's state. */
  latest: LatestLead | null;
};

type LatestLead = {
  kind: LeadRow["kind"];
  /** "방문예약", "관심고객 등록", "상담문의", "외부 접수" (crm/lead-desk.ts leadKindLabel). */
  kindLabel: string;
  createdAt: string;
  visitAt: string | null;
  visitCancelled: boolean;
  origin: string;
  confirmation: DeskMessage | null;
};

type CustomerRow = {
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

const CARD_COLUMNS = `c.id, c.site_id, c.phone, c.name, c.status, c.status_at, c.interest,
  c.consultant_id, a.email AS consultant_email, c.source, c.touches, c.calls, c.last_result,
  c.last_call_at, c.next_contact_at, c.memo, c.first_at, c.last_at`;
const CARD_FROM = "customers c LEFT JOIN admins a ON a.id = c.consultant_id";
const OPEN = openCard("c.");

function toView(r: CustomerRow, viewer: Viewer, now: Date, latest: LatestLead | null): CardView {
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

type Param = (value: unknown) => string;
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const nextDay = (day: string) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);

/** Conditions on the card (alias c). */
const CARD_CONDITIONS: Partial<
  Record<DeskFilterName, (v: string, p: Param, now: Date, viewer: Viewer) => string | null>
> = {
  status: (v, p) => `c.status = ${p(v)}`,
  consultant: (v, p) =>
    v === NO_CONSULTANT ? "c.consultant_id IS NULL" : `c.consultant_id = ${p(v)}`,
  interest: (v, p) => `c.interest = ${p(v)}`,
  due: (v, p, now) =>
    v === "overdue"
      ? `(${OPEN} AND c.next_contact_at < ${p(now.toISOString())})`
      : `(${OPEN} AND c.next_contact_at < ${p(endOfKstDay(now))})`,
  source: (v, p) => `c.source = ${p(v)}`,
  q: (v, p, _now, viewer) => {
    // A name, or a phone number in any format: a whole number matches exactly, a few digits anywhere.
    const byName = `c.name LIKE ${p(`%${likeEscape(v)}%`)} ESCAPE '\\'`;
    const phone = normalizePhone(v);
    const digits = v.replace(/[\s\-().]/g, "");
    const byPhone = phone
      ? `c.phone = ${p(phone)}`
      : /^[0-9]{3,}$/.test(digits)
        ? `REPLACE(c.phone, '-', '') LIKE ${p(`%${digits}%`)}`
        : null;
    if (!byPhone) return byName;
    // A consultant's number matches only the cards whose number they see whole (their own, as
    // cardRights says): digits added one at a time must not tell a masked number (issue 38).
    if (viewer.role === "consultant")
      return `(${byName} OR (c.consultant_id = ${p(viewer.adminId)} AND ${byPhone}))`;
    return `(${byName} OR ${byPhone})`;
  },
};

/** Conditions on a lead of the card (alias l). */
const LEAD_CONDITIONS: Partial<Record<DeskFilterName, (v: string, p: Param) => string | null>> = {
  kind: (v, p) => `l.kind = ${p(v)}`,
  confirmation: () =>
    `EXISTS (SELECT 1 FROM outbox o WHERE o.lead_id = l.id AND o.purpose = 'confirmation'
       AND (o.delivery_state = 'failed' OR o.status = 'failed'))`,
  from: (v, p) => `l.created_at >= ${p(kstDayStartIso(v))}`,
  to: (v, p) => `l.created_at < ${p(kstDayStartIso(nextDay(v)))}`,
};

/**
 * The WHERE of the desk's cards (alias c) and, separately, of their leads (alias l): the list
 * takes the cards with a matching lead; the CSV takes the matching leads of matching cards.
 * The viewer's role decides what a search by number may match; `ownCardsOnly` (the CSV) keeps a
 * consultant to their own cards.
 */
export function deskWhere(
  scope: SiteScope,
  filter: DeskFilter,
  viewer: Viewer,
  now: Date,
  { ownCardsOnly }: { ownCardsOnly: boolean },
): { card: string[]; lead: string[]; params: unknown[] } {
  const params: unknown[] = [];
  const p: Param = (value) => `$${params.push(value)}`;
  const card = scope === ALL_SITES ? [] : [`c.site_id = ${p(scope)}`];
  // The CSV of a consultant: their own cards only (the page masks the others instead).
  if (ownCardsOnly && viewer.role === "consultant")
    card.push(`c.consultant_id = ${p(viewer.adminId)}`);
  const lead: string[] = [];
  for (const [name, value] of Object.entries(filter) as [DeskFilterName, string][]) {
    if (!value) continue;
    const onCard = CARD_CONDITIONS[name]?.(value, p, now, viewer);
    if (onCard) card.push(onCard);
    const onLead = LEAD_CONDITIONS[name]?.(value, p);
    if (onLead) lead.push(onLead);
  }
  return { card, lead, params };
}

/** One page (50) of the scope's cards, latest touch first, and how many match in all. */
export async function listCards(
  scope: SiteScope,
  filter: DeskFilter,
  viewer: Viewer,
  page = 1,
  now: Date = new Date(),
): Promise<{ cards: CardView[]; total: number; page: number; pages: number }> {
  const db = await getDb();
  // The page masks other consultants' cards; it does not hide them (the CSV does).
  const w = deskWhere(scope, filter, viewer, now, { ownCardsOnly: false });
  const conditions = [...w.card];
  if (w.lead.length) {
    const scoped = scope === ALL_SITES ? "" : `l.site_id = c.site_id AND `;
    conditions.push(
      `EXISTS (SELECT 1 FROM leads l WHERE l.customer_id = c.id AND ${scoped}${w.lead.join(" AND ")})`,
    );
  }
  const where = conditions.length ? `WHERE ${conditions.join(" AND ")}` : "";
  const total = Number(
    (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM customers c ${where}`, w.params))?.n ??
      0,
  );
  const pages = Math.max(1, Math.ceil(total / DESK_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const n = w.params.length;
  const rows = await db.all<CustomerRow>(
    `SELECT ${CARD_COLUMNS} FROM ${CARD_FROM} ${where}
     ORDER BY c.last_at DESC, c.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...w.params, DESK_PAGE_SIZE, (current - 1) * DESK_PAGE_SIZE],
  );
  return { cards: await withLatest(rows, viewer, now), total, page: current, pages };
}

/** The cards with their latest lead (one query for the page). */
async function withLatest(rows: CustomerRow[], viewer: Viewer, now: Date): Promise<CardView[]> {
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

type LeadLine = Pick<
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

function latestOf(l: LeadLine, messages: TimelineMessage[]): LatestLead {
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

const originOf = (l: LeadLine) =>
  originText({
    utmSource: l.utm_source,
    utmMedium: l.utm_medium,
    utmCampaign: l.utm_campaign,
    referrerHost: l.referrer_host,
  });

type TimelineMessage = DeskMessage & { leadId: string; at: string; deliveredAt: string | null };

/** The SMS and 알림톡 of the leads (confirmation, promotion, staff alerts), oldest first. */
async function messagesOf(leadIds: string[]): Promise<Map<string, TimelineMessage[]>> {
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
     WHERE kind = 'sms' AND purpose IN ('confirmation', 'promotion', 'staff')
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

export type Queue = {
  /** Cards given to the consultant that nobody has called yet, oldest first. */
  fresh: CardView[];
  /** Cards whose next contact is due by the end of today (Korean time), earliest first. */
  due: CardView[];
  counts: { fresh: number; due: number; overdue: number };
};

/** Cards shown of each part of a queue (the rest through the list's filters). */
const QUEUE_MAX = 50;

/** A consultant's queue (consultantId null: the cards nobody has) in one complex. */
export async function queueOf(
  siteId: string,
  consultantId: string | null,
  viewer: Viewer,
  now: Date = new Date(),
): Promise<Queue> {
  const db = await getDb();
  const whose = consultantId === null ? "c.consultant_id IS NULL" : "c.consultant_id = $2";
  const params = consultantId === null ? [siteId] : [siteId, consultantId];
  const n = params.length;
  const freshWhere = `c.site_id = $1 AND ${whose} AND c.status = 'new'`;
  const dueWhere = `c.site_id = $1 AND ${whose} AND c.status <> 'new' AND ${OPEN}
    AND c.next_contact_at < $${n + 1}`;
  const end = endOfKstDay(now);
  const [fresh, due, freshCount, dueCount] = await Promise.all([
    db.all<CustomerRow>(
      `SELECT ${CARD_COLUMNS} FROM ${CARD_FROM} WHERE ${freshWhere}
       ORDER BY c.first_at, c.id LIMIT ${QUEUE_MAX}`,
      params,
    ),
    db.all<CustomerRow>(
      `SELECT ${CARD_COLUMNS} FROM ${CARD_FROM} WHERE ${dueWhere}
       ORDER BY c.next_contact_at, c.id LIMIT ${QUEUE_MAX}`,
      [...params, end],
    ),
    db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM customers c WHERE ${freshWhere}`, params),
    db.get<{ n: number; overdue: number }>(
      `SELECT COUNT(*) AS n,
         SUM(CASE WHEN c.next_contact_at < $${n + 2} THEN 1 ELSE 0 END) AS overdue
       FROM customers c WHERE ${dueWhere}`,
      [...params, end, now.toISOString()],
    ),
  ]);
  return {
    fresh: await withLatest(fresh, viewer, now),
    due: await withLatest(due, viewer, now),
    counts: {
      fresh: Number(freshCount?.n ?? 0),
      due: Number(dueCount?.n ?? 0),
      overdue: Number(dueCount?.overdue ?? 0),
    },
  };
}

type TimelineItem = {
  at: string;
  kind: "form" | "cancel" | "message" | "call" | "status" | "assign" | "memo";
  title: string;
  lines: string[];
  by: string | null;
};

export type CardDetail = {
  card: CardView;
  timeline: TimelineItem[];
};

/** One card of the complex with its timeline, newest first; null when there is none. */
export async function cardDetail(
  siteId: string,
  customerId: string,
  viewer: Viewer,
  now: Date = new Date(),
): Promise<CardDetail | null> {
  const db = await getDb();
  const row = await db.get<CustomerRow>(
    `SELECT ${CARD_COLUMNS} FROM ${CARD_FROM} WHERE c.id = $1 AND c.site_id = $2`,
    [customerId, siteId],
  );
  if (!row) return null;
  const leads = await db.all<LeadLine & { message: string; shown_phone: string | null }>(
    `SELECT id, customer_id, kind, source, created_at, visit_at, visit_cancelled_at, utm_source,
       utm_medium, utm_campaign, referrer_host, message, shown_phone
     FROM leads WHERE customer_id = $1 ORDER BY created_at, id`,
    [customerId],
  );
  const messages = await messagesOf(leads.map((l) => l.id));
  const calls = await db.all<{
    at: string;
    admin_email: string;
    result: CallResult;
    note: string;
    interest: Interest | null;
    next_contact_at: string | null;
  }>(
    `SELECT at, admin_email, result, note, interest, next_contact_at FROM customer_calls
     WHERE customer_id = $1 ORDER BY at, id`,
    [customerId],
  );
  const events = await db.all<{
    at: string;
    kind: "status" | "assign" | "memo";
    old_value: string | null;
    new_value: string | null;
    admin_email: string | null;
  }>(
    `SELECT at, kind, old_value, new_value, admin_email FROM customer_events
     WHERE customer_id = $1 ORDER BY at, id`,
    [customerId],
  );
  const emails = await accountEmails(
    events.filter((e) => e.kind === "assign").flatMap((e) => [e.old_value, e.new_value]),
  );
  const own = cardRights(viewer, row.consultant_id).work;
  const timeline: TimelineItem[] = [];
  for (const l of leads) {
    timeline.push({
      at: l.created_at,
      kind: "form",
      title: `${leadKindLabel(l)} 접수`,
      lines: [
        ...(l.visit_at ? [`방문 ${formatSlot(slotKeyOf(new Date(l.visit_at)))}`] : []),
        `유입 ${originOf(l)}`,
        ...(l.source === HOOK_SOURCE ? [] : [`페이지 ${l.source}`]),
        ...(l.message && own ? [`문의 내용: ${l.message}`] : []),
      ],
      by: null,
    });
    if (l.visit_cancelled_at)
      timeline.push({
        at: l.visit_cancelled_at,
        kind: "cancel",
        title: "방문예약 취소",
        lines: l.visit_at ? [formatSlot(slotKeyOf(new Date(l.visit_at)))] : [],
        by: null,
      });
    for (const m of messages.get(l.id) ?? [])
      timeline.push({
        at: m.at,
        kind: "message",
        title:
          m.purpose === "confirmation"
            ? "확인 문자"
            : m.purpose === "promotion"
              ? "안내 문자"
              : "직원 알림",
        lines: [messageState(m).text],
        by: null,
      });
  }
  for (const c of calls)
    timeline.push({
      at: c.at,
      kind: "call",
      title: `통화 · ${CALL_RESULT_LABEL[c.result]}`,
      lines: [
        ...(c.interest ? [`관심도 ${c.interest}`] : []),
        ...(c.next_contact_at ? [`다음 연락 ${kstDateTime(c.next_contact_at)}`] : []),
        ...(c.note ? [c.note] : []),
      ],
      by: c.admin_email,
    });
  for (const e of events)
    timeline.push({
      at: e.at,
      kind: e.kind,
      title:
        e.kind === "status"
          ? `상태 ${label(e.old_value)} → ${label(e.new_value)}`
          : e.kind === "assign"
            ? `담당 ${who(emails, e.old_value)} → ${who(emails, e.new_value)}`
            : "메모 수정",
      lines: [],
      by: e.admin_email,
    });
  // Newest first; at the same instant, the order they happened in (a call before its status change).
  const order = new Map(timeline.map((t, i) => [t, i]));
  timeline.sort((a, b) => (a.at === b.at ? order.get(b)! - order.get(a)! : a.at < b.at ? 1 : -1));
  const latest = leads.at(-1);
  return {
    card: toView(row, viewer, now, latest ? latestOf(latest, messages.get(latest.id) ?? []) : null),
    timeline,
  };
}

const label = (status: string | null) =>
  status ? (CUSTOMER_STATUS_LABEL[status as CustomerStatus] ?? status) : "—";
const who = (emails: Map<string, string>, id: string | null) =>
  id ? (emails.get(id) ?? "삭제된 계정") : "미배정";

async function accountEmails(ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.all<{ id: string; email: string }>(
    `SELECT id, email FROM admins WHERE id IN (${wanted.map((_, i) => `$${i + 1}`).join(", ")})`,
    wanted,
  );
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** The complex's consultants by id → e-mail (the desk's filter and columns). */
export async function consultantNames(siteId: string): Promise<Map<string, string>> {
  const db = await getDb();
  const rows = await db.all<{ id: string; email: string }>(
    `SELECT a.id, a.email FROM admins a JOIN admin_sites s ON s.admin_id = a.id AND s.site_id = $1
     WHERE a.role = 'consultant' ORDER BY a.email`,
    [siteId],
  );
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** "11월 29일 10:00" in Korean time: the timeline's short form (its line has the full date). */
function kstDateTime(iso: string): string {
  const at = new Date(iso);
  const [, month, day] = kstDate(at).split("-").map(Number);
  return `${month}월 ${day}일 ${kstTime(at)}`;
}
