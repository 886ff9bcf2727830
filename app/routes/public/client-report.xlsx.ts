import type { Route } from "./+types/client-report.xlsx";
import { CLIENT_REPORT_HEADERS, openClientReport } from "~/reports/client-report.server";
import { weeklyXlsx, weeklyXlsxHeaders } from "~/reports/weekly-xlsx.server";

/** /r/<token>/weekly.xlsx?week=: the client's report as a workbook, logged as a download. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { report } = await openClientReport(request, context, params.token, "download");
  return new Response(new Uint8Array(await weeklyXlsx(report)), {
    headers: { ...CLIENT_REPORT_HEADERS, ...weeklyXlsxHeaders(report) },
  });
}
