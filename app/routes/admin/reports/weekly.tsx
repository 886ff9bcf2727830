import { data } from "react-router";
import type { Route } from "./+types/weekly";
import { refuseCrossSite } from "~/auth/guards.server";
import { ReportLinks, type LinkAnswer, type LinkRow } from "~/components/reports/report-links";
import { WeeklyReportView } from "~/components/reports/weekly-report";
import { requireConsoleSite } from "~/console/console-site.server";
import { field, requireForm } from "~/http/form.server";
import { adminHeaders, adminTitle, orNotFound } from "~/lib/admin-page";
import { addDays, kstDate } from "~/lib/korean-time";
import {
  createReportLink,
  isOpen,
  lastOpenDay,
  listReportLinks,
  revokeReportLink,
} from "~/reports/report-links.server";
import { parseWeek, REPORT_LINK_PATH, WEEK_PARAM, weekChoices } from "~/reports/weekly";
import { weeklyReport } from "~/reports/weekly.server";
import { siteById, siteOrigin } from "~/sites/registry.server";

/*
 * /admin/reports/weekly?week=<Monday>: the complex's 주간 보고서 for the client (issue 41, item 6),
 * for an account with 채널 성과 (channels): the report (components/reports/weekly-report.tsx; the
 * last full Korean week by default), its XLSX (/admin/reports/weekly.xlsx) and print view, and the
 * client's read-only links (만들기 with 만료일, 목록, 취소; docs/decisions/053). Counts only: the
 * report is not written to the access log when the agency opens it; the client's openings are.
 */

export const meta = adminTitle("주간 보고서");
export const headers = adminHeaders;

/** How long a new link stays open unless the agency says otherwise. */
const DEFAULT_LINK_DAYS = 30;

export async function loader({ request }: Route.LoaderArgs) {
  const { siteId, query } = await requireConsoleSite(request, "channels");
  const site = orNotFound(siteById(siteId));
  const week = orNotFound(parseWeek(new URL(request.url).searchParams));
  const now = new Date();
  const [report, links] = await Promise.all([weeklyReport(site, week), listReportLinks(siteId)]);
  return data(
    {
      report,
      query,
      weeks: weekChoices(now),
      defaultLastDay: addDays(kstDate(now), DEFAULT_LINK_DAYS),
      links: links.map(
        (l): LinkRow => ({
          id: l.id,
          label: l.label,
          createdBy: l.createdBy,
          createdAt: l.createdAt,
          lastDay: lastOpenDay(l),
          state: l.revokedAt ? "revoked" : isOpen(l, now) ? "open" : "expired",
        }),
      ),
    },
    { headers: adminHeaders() },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const { admin, siteId } = await requireConsoleSite(request, "channels");
  const site = orNotFound(siteById(siteId));
  const form = await requireForm(request, 16 * 1024);
  const answer = (body: LinkAnswer, status = 200) =>
    data(body, { status, headers: adminHeaders() });

  if (field(form, "intent") === "revoke") {
    const done = await revokeReportLink(siteId, field(form, "id"));
    return done
      ? answer({
          intent: "revoke",
          ok: true,
          message: "링크를 취소했습니다. 이제 열리지 않습니다.",
        })
      : answer({ intent: "revoke", ok: false, message: "이미 취소했거나 없는 링크입니다." }, 404);
  }
  const values = { label: field(form, "label"), expiresOn: field(form, "expiresOn") };
  const made = await createReportLink(siteId, values, admin.email);
  if (!made.ok) return answer({ intent: "create", ok: false, errors: made.errors, values }, 400);
  return answer({
    intent: "create",
    ok: true,
    id: made.id,
    url: `${siteOrigin(site)}${REPORT_LINK_PATH}/${made.token}`,
    label: values.label.trim(),
    lastDay: values.expiresOn,
  });
}

export default function AdminWeeklyReport({ loaderData, actionData }: Route.ComponentProps) {
  const { report, query, weeks, links, defaultLastDay } = loaderData;
  const site = new URLSearchParams(query).get("site");
  const xlsxQuery = new URLSearchParams({ ...(site ? { site } : {}), [WEEK_PARAM]: report.week });
  const answer = actionData && "intent" in actionData ? actionData : null;
  const crossSite = actionData && "refused" in actionData ? actionData.formError : undefined;
  return (
    <>
      <WeeklyReportView
        report={report}
        weeks={weeks}
        pageAction="/admin/reports/weekly"
        xlsxHref={`/admin/reports/weekly.xlsx?${xlsxQuery}`}
        hidden={site ? <input type="hidden" name="site" value={site} /> : null}
      />
      {crossSite ? <p className="form-message is-error">{crossSite}</p> : null}
      <ReportLinks links={links} answer={answer} defaultLastDay={defaultLastDay} />
    </>
  );
}
