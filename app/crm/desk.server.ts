/*
 * The desk's reads (issue 30): people, not rows. The list of a complex's cards, filtered by the
 * desk's filters (a card matches a lead filter when one of its leads does); a consultant's queue
 * (new cards first, then the calls due by the end of the Korean day, overdue ones marked); one
 * card with its timeline. A consultant sees whole phone numbers only on cards given to them
 * (010-****-5678 elsewhere: card-view.server.ts), and a search by number finds only those
 * (desk-where.server.ts).
 */
import { getDb } from "~/db/db.server";
import {
  CALL_RESULT_LABEL,
  CUSTOMER_STATUS_LABEL,
  CONSENT_UNCONFIRMED_LABEL,
  HOOK_SOURCE,
  META_SOURCE,
  type CallResult,
  type CustomerStatus,
  type Interest,
} from "~/crm/crm";
import { DESK_PAGE_SIZE, leadKindLabel, messageState, type DeskFilter } from "~/crm/lead-desk";
import { ALL_SITES, type SiteScope } from "~/lib/sites";
import { formatKoreanDateTime, kstDate, kstTime } from "~/lib/korean-time";
import { formatSlot, slotKeyOf } from "~/bookings/visit-slots";
import { cardRights, type Viewer } from "./calls.server";
import type { CardView, Queue } from "./card-view";
import {
  CARD_COLUMNS,
  CARD_FROM,
  latestOf,
  messagesOf,
  originOf,
  toView,
  withLatest,
  type CustomerRow,
  type LeadLine,
} from "./card-view.server";
import { endOfKstDay, openCard } from "./customers.server";
import { deskWhere } from "./desk-where.server";

const OPEN = openCard("c.");

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
  /** Every source the person came by, first one first ("naver", "daangn · cpc", "직접 방문"). */
  sources: string[];
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
  const leads = await db.all<
    LeadLine & {
      message: string;
      shown_phone: string | null;
      consent_unconfirmed: number;
      sms_consent_at: string | null;
      consent_where: string | null;
      lead_file_row: number | null;
      lead_file_name: string | null;
      privacy_consent_at: string;
      sms_consent: number;
      consent_recorded_by: string | null;
    }
  >(
    `SELECT l.id, l.customer_id, l.kind, l.source, l.created_at, l.visit_at, l.visit_cancelled_at,
       l.utm_source, l.utm_medium, l.utm_campaign, l.referrer_host, l.message, l.shown_phone,
       l.consent_unconfirmed, l.sms_consent_at, l.consent_where, l.lead_file_row,
       f.file_name AS lead_file_name, l.privacy_consent_at, l.sms_consent, l.consent_recorded_by
     FROM leads l LEFT JOIN lead_files f ON f.id = l.lead_file_id
     WHERE l.customer_id = $1 ORDER BY l.created_at, l.id`,
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
        ...(l.kind === "phone"
          ? [
              `걸려 온 번호 ${l.shown_phone ?? "—"}`,
              `전화로 받은 동의: 개인정보 ${kstDateTime(l.privacy_consent_at)}, 문자 수신 ${
                Number(l.sms_consent) === 1 ? "동의" : "동의 미확인"
              }`,
              ...(l.message && own ? [l.message] : []),
            ]
          : l.lead_file_name !== null
            ? // A lead file's lead: its file and line, and the consent the file stated (or none).
              [
                `파일 「${l.lead_file_name}」 ${l.lead_file_row}행`,
                l.sms_consent_at && l.consent_where
                  ? `동의 ${formatKoreanDateTime(l.sms_consent_at)} · ${l.consent_where}`
                  : "동의 미확인 (홍보 문자 없음)",
                ...(l.message && own ? [`문의 내용: ${l.message}`] : []),
              ]
            : [
                ...(l.source === HOOK_SOURCE || l.source === META_SOURCE
                  ? []
                  : [`페이지 ${l.source}`]),
                ...(Number(l.consent_unconfirmed) === 1 ? [CONSENT_UNCONFIRMED_LABEL] : []),
                ...(l.message && own ? [`문의 내용: ${l.message}`] : []),
              ]),
      ],
      by: l.consent_recorded_by,
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
              : m.purpose === "reminder"
                ? "방문 전날 알림"
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
    sources: [...new Set(leads.map(originOf))],
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
