/*
 * Leads as CSV (the file's format: app/http/csv.server.ts): the Korean header, one row a lead,
 * times in KST.
 */
import { SITE_COLUMN, toCsv } from "~/http/csv.server";
import { formatKstStamp } from "~/lib/korean-time";
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
] as const;

/** "2026-03-01T01:02:03.000Z" → "2026-03-01 10:02:03" (Korea has no daylight saving time); null → "". */
export function formatKst(iso: string | null): string {
  if (iso === null) return "";
  return formatKstStamp(iso);
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
