import type { Route } from "./+types/channels.csv";
import { deskScope } from "~/crm/lead-desk.server";
import { channelCsv, channelReport } from "~/channels/channel-counts.server";
import { funnel, funnelCsv } from "~/crm/funnel.server";
import { costResults, costResultsCsv } from "~/channels/cost-results.server";
import { requireArea } from "~/auth/guards.server";
import { adminHeaders } from "~/lib/admin-page";
import { parseChannelRange } from "~/channels/channels";
import { DESK_SITE_PARAM } from "~/crm/lead-desk";
import { ALL_SITES } from "~/lib/sites";
import { requestSiteId } from "~/sites/request-site.server";

/** The path of the funnel's download (the same loader: app/routes.ts). */
const FUNNEL_CSV = "/admin/channels/funnel.csv";

/**
 * /admin/channels.csv?from=&to=: the channel report of the desk's complex (or, for an administrator
 * of every complex, of ?site=<id> or of all: ?site=*, with a 단지 column) as CSV (UTF-8 with BOM);
 * /admin/channels/funnel.csv with the same query: its 전환 퍼널 (app/crm/funnel.server.ts); with
 * ?by=source or ?by=campaign: 비용과 단가, the page's cost table (app/channels/cost-results.server.ts).
 * Counts only, no personal data: not written to the access log.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const siteId = requestSiteId(request);
  const admin = await requireArea(request, siteId, "channels");
  const url = new URL(request.url);
  const range = parseChannelRange(url.searchParams);
  const { scope } = deskScope(admin, siteId, url.searchParams.get(DESK_SITE_PARAM));
  const withSite = scope === ALL_SITES;
  const name = `${range.from}_${range.to}.csv`;
  const by = url.searchParams.get("by");
  const [body, file, korean] =
    url.pathname === FUNNEL_CSV && (by === "source" || by === "campaign")
      ? [
          costResultsCsv(await costResults(scope, range, by), range, { withSite }),
          `costs-${by}`,
          by === "campaign" ? "캠페인별비용" : "경로별비용",
        ]
      : url.pathname === FUNNEL_CSV
        ? [funnelCsv(await funnel(scope, range), range, { withSite }), "funnel", "전환퍼널"]
        : [
            channelCsv(await channelReport(scope, range), range, { withSite }),
            "channels",
            "채널성과",
          ];
  return new Response(body, {
    headers: {
      ...adminHeaders(),
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file}-${name}"; filename*=UTF-8''${encodeURIComponent(`${korean}-${name}`)}`,
    },
  });
}
