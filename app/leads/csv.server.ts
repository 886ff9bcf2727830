/*
 * Leads as CSV (the file's format: app/http/csv.server.ts): the Korean header, one row a lead,
 * times in KST.
 */
import { SITE_COLUMN, toCsv } from "~/http/csv.server";
import { formatKstStamp } from "~/lib/korean-time";
import { HOOK_SOURCE, META_SOURCE } from "~/crm/crm";
import { leadKindLabel } from "~/crm/lead-desk";
import type { Lead } from "./leads.server";

export const CSV_HEADER = [
  "접수일시 (KST)",
  "구분",
  "이름",
  "연락처",
  "문의내용",
  "개인정보동의일시",
  "동의버전",
  "SMS수신동의",
  "접수페이지",
  "방문예약일시 (KST)",
  "예약취소일시 (KST)",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "유입 사이트",
  "표시 번호",
  "동의 확인",
  "동의 받은 곳",
  "동의 기록자",
] as const;

/** "2026-03-01T01:02:03.000Z" → "2026-03-01 10:02:03" (Korea has no daylight saving time); null → "". */
export function formatKst(iso: string | null): string {
  if (iso === null) return "";
  return formatKstStamp(iso);
}

/**
 * Where the privacy consent was given: the place a lead file states, a call (전화 접수), the sender
 * of the hook or a Meta form, or the form of the page it was sent from; "" for 동의 미확인.
 */
function consentWhereOf(l: Lead): string {
  if (l.consentUnconfirmed) return "";
  if (l.consentWhere) return l.consentWhere;
  if (l.kind === "phone") return "전화";
  if (l.source === HOOK_SOURCE) return "외부 연동 (보낸 곳의 확인)";
  if (l.source === META_SOURCE) return "Meta 리드 양식";
  return `홈페이지 신청서 (${l.source})`;
}

/** One lead's cells, in CSV_HEADER order (the lead desk adds its own columns after them). */
export function leadCsvRow(l: Lead): string[] {
  return [
    formatKst(l.createdAt),
    leadKindLabel(l),
    l.name,
    l.phone,
    l.message,
    formatKst(l.privacyConsentAt),
    l.privacyConsentVersion,
    l.smsConsent ? "동의" : "미동의",
    l.source,
    formatKst(l.visitAt).slice(0, 16),
    formatKst(l.visitCancelledAt),
    l.utmSource ?? "",
    l.utmMedium ?? "",
    l.utmCampaign ?? "",
    l.utmTerm ?? "",
    l.utmContent ?? "",
    l.referrerHost ?? "",
    l.shownPhone ?? "",
    l.consentUnconfirmed ? "동의 미확인" : "확인",
    consentWhereOf(l),
    l.consentRecordedBy ?? "",
  ];
}

/** Leads as CSV; `withSite`: every complex's leads, each row starting with its complex (SITE_COLUMN). */
export function leadsToCsv(leads: readonly Lead[], { withSite = false } = {}): string {
  if (!withSite) return toCsv(CSV_HEADER, leads.map(leadCsvRow));
  return toCsv(
    [SITE_COLUMN, ...CSV_HEADER],
    leads.map((l) => [l.siteId, ...leadCsvRow(l)]),
  );
}
