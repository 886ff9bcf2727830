/*
 * The agency's portfolio (issue 41, item 7), the 에이전시 관리자's home: a line per complex with
 * today's and this week's DB, the week's ad cost and CPL, the visits and contracts of the week's DB,
 * and the desk's work waiting (미배정 신규, 기한 지난 통화); the lines in the order of what needs
 * attention first, each figure a link to the page it comes from. Counts only, nothing personal.
 * Pure, for the page and the server (app/console/portfolio.server.ts reads the figures).
 */
import { DESK_SITE_PARAM, deskFilterQuery, NO_CONSULTANT, type DeskFilter } from "~/crm/lead-desk";
import { formatWon as won, NO_COST, NO_FIGURE } from "~/channels/cost-results";
import { addDays, weekdayOf } from "~/lib/korean-time";

/** A complex's line. */
export type PortfolioRow = {
  siteId: string;
  name: string;
  /** Leads (접수) of today, Korean time. */
  todayLeads: number;
  /** Leads of the Korean week (Monday–Sunday) of today. */
  weekLeads: number;
  /** The week's imported ad costs in won; null when there is no cost row in the week. */
  weekCostWon: number | null;
  /** Of the people of the week's leads, those who reached 방문 완료, and 계약 (전환 퍼널's rule). */
  visited: number;
  contracted: number;
  /** The desk's 미배정 신규: 신규 cards given to nobody (status=new, consultant=none). */
  unassignedNew: number;
  /** The desk's 연락 지연: open cards whose next contact time has passed (due=overdue). */
  overdueCalls: number;
};

/** A Korean week, Monday to Sunday (Korean dates). */
export type Week = { from: string; to: string };

/** The Monday–Sunday week of a Korean date. */
export function weekOf(day: string): Week {
  const from = addDays(day, -((weekdayOf(day) + 6) % 7));
  return { from, to: addDays(from, 6) };
}

/** The order rule, as the line above the table says it. */
export const PORTFOLIO_ORDER =
  "기한 지난 통화가 많은 단지부터, 같으면 미배정 신규, 오늘 DB가 많은 순";

/** Most overdue calls first, then most unassigned new cards, then most leads today; then by name. */
export function byAttention(a: PortfolioRow, b: PortfolioRow): number {
  return (
    b.overdueCalls - a.overdueCalls ||
    b.unassignedNew - a.unassignedNew ||
    b.todayLeads - a.todayLeads ||
    a.name.localeCompare(b.name, "ko") ||
    a.siteId.localeCompare(b.siteId)
  );
}

/** The week's cost: "1,234,000원", or 비용 없음. */
export function costText(row: Pick<PortfolioRow, "weekCostWon">): string {
  return row.weekCostWon === null ? NO_COST : won(row.weekCostWon);
}

/** CPL, 비용 ÷ 이번 주 DB rounded to the won: "—" without DB, 비용 없음 without a cost. */
export function cplText(row: Pick<PortfolioRow, "weekCostWon" | "weekLeads">): string {
  if (row.weekLeads === 0) return NO_FIGURE;
  if (row.weekCostWon === null) return NO_COST;
  return won(Math.round(row.weekCostWon / row.weekLeads));
}

/** The lead desk's list of the complex with the filter. */
function deskHref(siteId: string, filter: DeskFilter): string {
  return `/admin/leads?${deskFilterQuery(filter, { view: "all", [DESK_SITE_PARAM]: siteId })}`;
}

/** 채널 성과 of the complex over the week (`hash`: a part of the page). */
function channelsHref(siteId: string, week: Week, hash = ""): string {
  const query = new URLSearchParams({ [DESK_SITE_PARAM]: siteId, from: week.from, to: week.to });
  return `/admin/channels?${query.toString()}${hash}`;
}

/** Where each figure of a line leads: the page that shows it. */
export function portfolioLinks(siteId: string, today: string, week: Week) {
  return {
    todayLeads: deskHref(siteId, { from: today, to: today }),
    weekLeads: channelsHref(siteId, week),
    weekCost: channelsHref(siteId, week),
    cpl: channelsHref(siteId, week),
    visited: channelsHref(siteId, week, "#channel-funnel"),
    contracted: channelsHref(siteId, week, "#channel-funnel"),
    unassignedNew: deskHref(siteId, { status: "new", consultant: NO_CONSULTANT }),
    overdueCalls: deskHref(siteId, { due: "overdue" }),
  };
}
