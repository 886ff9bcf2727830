/*
 * What the client's link opens (/r/<token>, docs/decisions/053): the link's complex's weekly report,
 * after writing the opening to the access log (the link's id and name, the week, the address). An
 * unknown, expired or revoked token, a week not yet begun, or a complex gone: the same 404.
 */
import { data } from "react-router";
import { logAccess } from "~/auth/access-log.server";
import { clientIp } from "~/http/client-ip.server";
import { NO_STORE } from "~/lib/cache";
import { openReportLink } from "~/reports/report-links.server";
import { parseWeek } from "~/reports/weekly";
import { weeklyReport } from "~/reports/weekly.server";
import { siteById } from "~/sites/registry.server";

/** The client's pages: never stored, never indexed, their address (the token) never sent on. */
export const CLIENT_REPORT_HEADERS = {
  "Cache-Control": NO_STORE,
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
};

const notFound = () => data(null, { status: 404, headers: CLIENT_REPORT_HEADERS });

/** The report a link opens, logged as viewed (the page) or downloaded (the XLSX); else throws 404. */
export async function openClientReport(
  request: Request,
  context: { ip?: string } | undefined,
  token: string,
  action: "view" | "download",
) {
  const link = await openReportLink(token);
  const site = link ? siteById(link.siteId) : undefined;
  const week = parseWeek(new URL(request.url).searchParams);
  if (!link || !site || !week) throw notFound();
  const report = await weeklyReport(site, week, { allCampaigns: action === "download" });
  await logAccess({
    scope: link.siteId,
    admin: { adminId: null, email: `고객사 링크 (${link.label})` },
    action,
    target: action === "view" ? "주간 보고서 (고객사 링크)" : "주간 보고서 XLSX (고객사 링크)",
    filter: `link=${link.id} week=${week}`,
    rowCount: 0,
    ip: clientIp(request, context),
  });
  return { link, report };
}
