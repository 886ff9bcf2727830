import type { Route } from "./+types/business.plan.ics";
import { content } from "~/content";
import { calendarMilestones, milestoneIcsPath, SCHEDULE_PATH } from "~/content/pages";
import { publicEnv } from "~/env.server";
import { milestoneIcs } from "~/lib/schedule";

/*
 * "캘린더에 추가": one milestone of the sale schedule as an iCalendar file. Prerendered at build
 * time (react-router.config.ts), so the link works without JavaScript and costs no rendering.
 */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const milestone = calendarMilestones().find((m) => milestoneIcsPath(m) === pathname);
  const { siteUrl } = publicEnv();
  const body = milestone
    ? milestoneIcs(milestone, {
        siteName: content.project.siteName,
        uidHost: new URL(siteUrl).host,
        phone: content.contact.phone,
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
