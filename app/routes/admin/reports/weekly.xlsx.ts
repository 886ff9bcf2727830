import type { Route } from "./+types/weekly.xlsx";
import { requireConsoleSite } from "~/console/console-site.server";
import { adminHeaders, orNotFound } from "~/lib/admin-page";
import { parseWeek } from "~/reports/weekly";
import { weeklyReport } from "~/reports/weekly.server";
import { weeklyXlsx, weeklyXlsxHeaders } from "~/reports/weekly-xlsx.server";
import { siteById } from "~/sites/registry.server";

/**
 * /admin/reports/weekly.xlsx?week=<Monday>: the console's weekly report as a workbook (요약, 경로별,
 * 캠페인별). Counts only: not written to the access log.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { siteId } = await requireConsoleSite(request, "channels");
  const site = orNotFound(siteById(siteId));
  const report = await weeklyReport(
    site,
    orNotFound(parseWeek(new URL(request.url).searchParams)),
    {
      allCampaigns: true,
    },
  );
  return new Response(new Uint8Array(await weeklyXlsx(report)), {
    headers: { ...adminHeaders(), ...weeklyXlsxHeaders(report) },
  });
}
