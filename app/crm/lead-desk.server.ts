/*
 * The lead desk's scope and choices, and its CSV: the desk lists people (customer cards, see
 * app/crm/desk.server.ts); its CSV has a row per lead of the matching cards with the card's status,
 * latest call result, 관심도, consultant and next contact. Every view, download and change of
 * personal data is written to the access log in the same request (access-log.server.ts).
 *
 * Every function takes the desk's scope first: the request's complex, or for an administrator of
 * every complex any complex or all of them (ALL_SITES, "모든 단지"; deskScope decides).
 */
import { isAdminFor, type AdminSites } from "~/auth/admin.server";
import type { Viewer } from "~/crm/calls.server";
import { deskWhere } from "~/crm/desk-where.server";
import { getDb } from "~/db/db.server";
import { SITE_COLUMN, toCsv } from "~/http/csv.server";
import { CSV_HEADER, formatKst, leadCsvRow } from "~/leads/csv.server";
import { toLead, type Lead, type LeadRow } from "~/leads/leads.server";
import {
  CALL_RESULT_LABEL,
  CUSTOMER_STATUS_LABEL,
  type CallResult,
  type CustomerStatus,
} from "~/crm/crm";
import type { DeskFilter, SourceOptions } from "~/crm/lead-desk";
import { ALL_SITES, SITE_ID, type SiteScope } from "~/lib/sites";

/**
 * The desk's scope for a request on the complex siteId. An administrator of every complex may ask
 * for another complex or for all (`?site=*`, "모든 단지"); anyone else sees the request's complex,
 * whatever the address says. `choosable`: the desk offers the choice (and the 단지 column).
 */
export function deskScope(
  admin: { sites: AdminSites },
  siteId: string,
  requested: string | null,
): { scope: SiteScope; choosable: boolean } {
  if (admin.sites !== ALL_SITES) return { scope: siteId, choosable: false };
  if (requested === ALL_SITES) return { scope: ALL_SITES, choosable: true };
  if (requested && SITE_ID.test(requested) && isAdminFor(admin, requested))
    return { scope: requested, choosable: true };
  return { scope: siteId, choosable: true };
}

/** Most choices of each kind the source filter offers (the most frequent ones). */
const SOURCE_OPTIONS_MAX = 100;

/** The sources of the scope's cards (their first lead's), for the source filter (each group alphabetical). */
export async function deskSources(scope: SiteScope): Promise<SourceOptions> {
  const db = await getDb();
  const rows = await db.all<{ v: string }>(
    `SELECT source AS v FROM customers WHERE ($1 = '${ALL_SITES}' OR site_id = $1)
     GROUP BY source ORDER BY COUNT(*) DESC, source LIMIT $2`,
    [scope, SOURCE_OPTIONS_MAX * 2],
  );
  const byKo = (a: string, b: string) => a.localeCompare(b, "ko");
  const values = rows.map((r) => r.v);
  const of = (prefix: string) =>
    values
      .filter((v) => v.startsWith(prefix))
      .slice(0, SOURCE_OPTIONS_MAX)
      .map((v) => v.slice(prefix.length))
      .sort(byKo);
  return { utm: of("utm:"), referrers: of("ref:"), direct: values.includes("direct") };
}

/** A lead with its card's state, for the CSV. */
export type DeskCsvLead = Lead & {
  cardStatus: CustomerStatus;
  memo: string;
  statusAt: string | null;
  lastResult: CallResult | null;
  interest: string | null;
  consultantEmail: string | null;
  nextContactAt: string | null;
};

/**
 * Every lead of the scope's matching cards that itself matches the lead filters (form, dates,
 * confirmation), newest first. A consultant gets the leads of their own cards only.
 */
export async function allDeskLeads(
  scope: SiteScope,
  filter: DeskFilter,
  viewer: Viewer,
  now: Date = new Date(),
): Promise<DeskCsvLead[]> {
  const db = await getDb();
  const w = deskWhere(scope, filter, viewer, now, { ownCardsOnly: true });
  const all = [...w.card, ...w.lead];
  const rows = await db.all<
    LeadRow & {
      card_status: CustomerStatus;
      card_memo: string;
      card_status_at: string | null;
      last_result: CallResult | null;
      interest: string | null;
      consultant_email: string | null;
      next_contact_at: string | null;
    }
  >(
    `SELECT l.*, c.status AS card_status, c.memo AS card_memo, c.status_at AS card_status_at,
       c.last_result, c.interest, a.email AS consultant_email, c.next_contact_at
     FROM leads l JOIN customers c ON c.id = l.customer_id
     LEFT JOIN admins a ON a.id = c.consultant_id
     ${all.length ? `WHERE ${all.join(" AND ")}` : ""}
     ORDER BY l.created_at DESC, l.id DESC`,
    w.params,
  );
  return rows.map((r) => ({
    ...toLead(r),
    cardStatus: r.card_status,
    memo: r.card_memo,
    statusAt: r.card_status_at,
    lastResult: r.last_result,
    interest: r.interest,
    consultantEmail: r.consultant_email,
    nextContactAt: r.next_contact_at,
  }));
}

/**
 * The desk's CSV: the export's columns (UTF-8 BOM, Korean header, formulas defused) plus the
 * card's state; `withSite` (모든 단지): each row starts with its complex.
 */
export function deskCsv(leads: readonly DeskCsvLead[], { withSite = false } = {}): string {
  return toCsv(
    [
      ...(withSite ? [SITE_COLUMN] : []),
      ...CSV_HEADER,
      "상태",
      "메모",
      "상태변경일시 (KST)",
      "최근 통화 결과",
      "관심도",
      "담당 상담원",
      "다음 연락 (KST)",
    ],
    leads.map((l) => {
      return [
        ...(withSite ? [l.siteId] : []),
        ...leadCsvRow(l),
        CUSTOMER_STATUS_LABEL[l.cardStatus] ?? l.cardStatus,
        l.memo,
        l.statusAt ? formatKst(l.statusAt) : "",
        l.lastResult ? CALL_RESULT_LABEL[l.lastResult] : "",
        l.interest ?? "",
        l.consultantEmail ?? "",
        l.nextContactAt ? formatKst(l.nextContactAt).slice(0, 16) : "",
      ];
    }),
  );
}

/** The complex's new cards waiting for a first call (the administrator's home). */
export async function countNewLeads(siteId: string): Promise<number> {
  const db = await getDb();
  return Number(
    (
      await db.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM customers WHERE site_id = $1 AND status = 'new'",
        [siteId],
      )
    )?.n ?? 0,
  );
}
