import type { Route } from "./+types/admin.channels.csv";
import { deskScope } from "~/admin/lead-desk.server";
import { channelCsv, channelReport } from "~/channels/channel-counts.server";
import { requireArea } from "~/auth/guards.server";
import { adminHeaders } from "~/lib/admin-page";
import { parseChannelRange } from "~/lib/channels";
import { DESK_SITE_PARAM } from "~/lib/lead-desk";
import { ALL_SITES } from "~/lib/sites";
import { requestSiteId } from "~/sites/request-site.server";

/**
 * /admin/channels.csv?from=&to=: the channel report of the desk's complex (or, for an administrator
 * of every complex, of ?site=<id> or of all: ?site=*, with a 단지 column) as CSV (UTF-8 with BOM).
 * Counts only, no personal data: not written to the access log.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const siteId = requestSiteId(request);
  const admin = await requireArea(request, siteId, "channels");
  const params = new URL(request.url).searchParams;
  const range = parseChannelRange(params);
  const { scope } = deskScope(admin, siteId, params.get(DESK_SITE_PARAM));
  const report = await channelReport(scope, range);
  const name = `${range.from}_${range.to}.csv`;
  return new Response(channelCsv(report, range, { withSite: scope === ALL_SITES }), {
    headers: {
      ...adminHeaders(),
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="channels-${name}"; filename*=UTF-8''${encodeURIComponent(`채널성과-${name}`)}`,
    },
  });
}
