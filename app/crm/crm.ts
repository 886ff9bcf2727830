/*
 * The 분양 CRM's vocabulary, shared by the desk's pages and the server (app/crm/): a customer's
 * statuses and the funnel step each stands for, the results of a contact attempt, 관심도.
 */

export const CUSTOMER_STATUSES = [
  "new",
  "counseling",
  "visit_booked",
  "visited",
  "contracted",
  "on_hold",
  "invalid",
] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

/** 신규 → 상담 중 → 방문 예약 → 방문 완료 → 계약, or 보류, 무효. */
export const CUSTOMER_STATUS_LABEL: Record<CustomerStatus, string> = {
  new: "신규",
  counseling: "상담 중",
  visit_booked: "방문 예약",
  visited: "방문 완료",
  contracted: "계약",
  on_hold: "보류",
  invalid: "무효",
};

/**
 * The funnel step a status stands for (customers.stage keeps the furthest one a card ever
 * reached); 보류 and 무효 stand for none and leave it where it was.
 */
export const STATUS_STAGE: Record<CustomerStatus, number | null> = {
  new: 0,
  counseling: 1,
  visit_booked: 2,
  visited: 3,
  contracted: 4,
  on_hold: null,
  invalid: null,
};

/** Statuses whose card no longer waits for a call (left out of queues and digests). */
export const CLOSED_STATUSES: readonly CustomerStatus[] = ["contracted", "invalid"];

export function isCustomerStatus(value: unknown): value is CustomerStatus {
  return typeof value === "string" && (CUSTOMER_STATUSES as readonly string[]).includes(value);
}

export const CALL_RESULTS = [
  "answered",
  "no_answer",
  "refused",
  "wrong_number",
  "sms_sent",
  "visit_promised",
] as const;
export type CallResult = (typeof CALL_RESULTS)[number];

export const CALL_RESULT_LABEL: Record<CallResult, string> = {
  answered: "통화 완료",
  no_answer: "부재",
  refused: "거절",
  wrong_number: "결번",
  sms_sent: "문자 발송",
  visit_promised: "방문 약속",
};

export function isCallResult(value: unknown): value is CallResult {
  return typeof value === "string" && (CALL_RESULTS as readonly string[]).includes(value);
}

export const INTERESTS = ["A", "B", "C"] as const;
export type Interest = (typeof INTERESTS)[number];

export const INTEREST_LABEL: Record<Interest, string> = {
  A: "A (높음)",
  B: "B (보통)",
  C: "C (낮음)",
};

export function isInterest(value: unknown): value is Interest {
  return typeof value === "string" && (INTERESTS as readonly string[]).includes(value);
}

/**
 * Where a lead came from, as the desk's source filter writes it: its utm_source ("utm:naver"),
 * else the referring site ("ref:m.search.naver.com"), else "direct". A card keeps its first lead's.
 */
export function sourceKey(lead: { utmSource: string | null; referrerHost: string | null }): string {
  if (lead.utmSource) return `utm:${lead.utmSource}`;
  if (lead.referrerHost) return `ref:${lead.referrerHost}`;
  return "direct";
}

/** The page an outside lead (POST /hooks/leads/<id>) is recorded as coming from (leads.source). */
export const HOOK_SOURCE = "/hooks/leads";
/** The page a Meta lead ad's lead (GET/POST /hooks/meta/<id>) is recorded as coming from. */
export const META_SOURCE = "/hooks/meta";
/** A lead whose consent was not recorded as given where it was left (leads.consent_unconfirmed). */
export const CONSENT_UNCONFIRMED_LABEL = "동의 미확인 (마케팅 문자 보내지 않음)";

/** The page a lead file's leads are recorded as coming from (leads.source; app/leads/lead-file.server.ts). */
export const LEAD_FILE_SOURCE = "/admin/leads/import";
/** The page a 전화 접수 is recorded as coming from (leads.source): the desk's form. */
export const PHONE_LEAD_SOURCE = "/admin/leads/phone";

export const NOTE_MAX = 1000;
