import type { Route } from "./+types/admin.leads.csv";
import { logAccess } from "~/admin/access-log.server";
import { allDeskLeads, deskCsv } from "~/admin/lead-desk.server";
import { requireAdmin } from "~/auth/guards.server";
import { adminHeaders } from "~/lib/admin-page";
import { kstToday } from "~/lib/korean-date";
import { describeDeskFilter, parseDeskFilter } from "~/lib/lead-desk";
import { clientIp } from "./lead-action.server";
import { requestSiteId } from "~/sites/request-site.server";

/** /admin/leads.csv?<filters>: the filtered leads as CSV (UTF-8 with BOM), logged as a download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const siteId = requestSiteId(request);
  const admin = await requireAdmin(request, siteId);
  const filter = parseDeskFilter(new URL(request.url).searchParams);
  const leads = await allDeskLeads(filter);
  await logAccess({
    admin,
    action: "download",
    target: "상담 접수 CSV",
    filter: describeDeskFilter(filter),
    rowCount: leads.length,
    ip: clientIp(request, context),
  });
  const name = `leads-${kstToday()}.csv`;
  return new Response(deskCsv(leads), {
    headers: {
      ...adminHeaders(),
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(`상담접수-${kstToday()}.csv`)}`,
    },
  });
}
