import type { Route } from "./+types/leads.csv";
import { logAccess } from "~/auth/access-log.server";
import { allDeskLeads, deskCsv, deskScope } from "~/crm/lead-desk.server";
import { requireArea } from "~/auth/guards.server";
import { adminHeaders } from "~/lib/admin-page";
import { kstDate } from "~/lib/korean-time";
import { DESK_SITE_PARAM, describeDeskFilter, parseDeskFilter, siteLabel } from "~/crm/lead-desk";
import { ALL_SITES } from "~/lib/sites";
import { clientIp } from "~/http/client-ip.server";
import { requestSiteId } from "~/sites/request-site.server";

/**
 * /admin/leads.csv?<filters>: the filtered leads of the desk's complex (or, for an administrator of
 * every complex, of ?site=<id> or of all: ?site=*, with a 단지 column) as CSV (UTF-8 with BOM),
 * logged as a download.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const siteId = requestSiteId(request);
  const admin = await requireArea(request, siteId, "leads");
  const params = new URL(request.url).searchParams;
  const filter = parseDeskFilter(params);
  const { scope } = deskScope(admin, siteId, params.get(DESK_SITE_PARAM));
  const leads = await allDeskLeads(scope, filter, admin);
  await logAccess({
    scope,
    admin,
    action: "download",
    target: "상담 접수 CSV",
    filter: (scope !== siteId ? `단지=${siteLabel(scope)}, ` : "") + describeDeskFilter(filter),
    rowCount: leads.length,
    ip: clientIp(request, context),
  });
  const name = `leads-${kstDate()}.csv`;
  return new Response(deskCsv(leads, { withSite: scope === ALL_SITES }), {
    headers: {
      ...adminHeaders(),
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(`상담접수-${kstDate()}.csv`)}`,
    },
  });
}
