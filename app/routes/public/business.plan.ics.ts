import type { Route } from "./+types/business.plan.ics";
import { calendarMilestones, milestoneIcsPath, SCHEDULE_PATH } from "~/content/pages";
import { milestoneIcs } from "~/lib/schedule";
import { siteOf, siteOrigin } from "~/sites/registry.server";

/*
 * "캘린더에 추가": one milestone of the complex's sale schedule as an iCalendar file
 * (/BusinessGuide/plan/<key>.ics); 404 for a milestone it does not have, or one without a date.
 * Prerendered at build time (react-router.config.ts), so the link works without JavaScript.
 */
export function loader({ request }: Route.LoaderArgs) {
  const site = siteOf(request);
  const { pathname } = new URL(request.url);
  const milestone = calendarMilestones(site).find((m) => milestoneIcsPath(m) === pathname);
  const siteUrl = siteOrigin(site);
  const body = milestone
    ? milestoneIcs(milestone, {
        siteName: site.identity.name,
        uidHost: new URL(siteUrl).host,
        phone: site.identity.phone,
        scheduleUrl: siteUrl + SCHEDULE_PATH,
        now: Date.now(),
      })
    : undefined;
  if (!body) throw new Response("Not Found", { status: 404 });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${milestone!.key}.ics"`,
      "Cache-Control": "public, max-age=3600",
    },
  });
}
