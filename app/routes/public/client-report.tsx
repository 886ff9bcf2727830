import { data } from "react-router";
import type { Route } from "./+types/client-report";
import { WeeklyReportView } from "~/components/reports/weekly-report";
import type { RouteHandle } from "~/lib/route-hydration";
import { CLIENT_REPORT_HEADERS, openClientReport } from "~/reports/client-report.server";
import { lastOpenDay } from "~/reports/report-links.server";
import { REPORT_LINK_PATH, WEEK_PARAM, weekChoices } from "~/reports/weekly";
import { formatKoreanDay } from "~/lib/korean-time";
import "~/styles/admin.css";

/*
 * /r/<token>: the client's read-only weekly report (issue 41, item 6; docs/decisions/053). The
 * report, its weeks, 인쇄 and XLSX, and nothing else: no console frame, no menu, no link to another
 * page, no session. Hydrated (for 인쇄), outside the public frame, without the complex's ad tags.
 */
export const handle: RouteHandle = { hydrate: true, console: true, tracking: false };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { link, report } = await openClientReport(request, context, params.token, "view");
  return data(
    { report, token: params.token, lastDay: lastOpenDay(link), weeks: weekChoices() },
    { headers: CLIENT_REPORT_HEADERS },
  );
}

export function headers() {
  return CLIENT_REPORT_HEADERS;
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded ? `주간 보고서 | ${loaded.report.siteName}` : "페이지를 찾을 수 없습니다" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function ClientReport({ loaderData }: Route.ComponentProps) {
  const { report, token, lastDay, weeks } = loaderData;
  const base = `${REPORT_LINK_PATH}/${token}`;
  return (
    <main id="main" tabIndex={-1} className="client-report">
      <p className="client-report-note">
        고객사 열람용 링크입니다 ({formatKoreanDay(lastDay)}까지). 열람 기록이 남습니다.
      </p>
      <WeeklyReportView
        report={report}
        weeks={weeks}
        pageAction={base}
        xlsxHref={`${base}/weekly.xlsx?${WEEK_PARAM}=${report.week}`}
      />
    </main>
  );
}
