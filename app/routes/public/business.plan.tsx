import { ComingSoon, PageShell } from "~/components/layout/page-shell";
import { InfoSection } from "~/components/info/info-blocks";
import { ScheduleList } from "~/components/schedule/schedule-list";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";

export { pageLoader as loader } from "./page-guard.server";
export const meta = pageMeta;

export default function BusinessPlan() {
  const site = useSite();
  const schedule = site.infoPages.schedule;
  const dated = schedule.milestones.some((m) => m.date);
  return (
    <PageShell>
      <InfoSection id="schedule-title" title={schedule.heading} intro={schedule.intro}>
        <ScheduleList
          milestones={schedule.milestones}
          label={schedule.listLabel}
          variant="timeline"
        />
      </InfoSection>
      {dated ? null : (
        <div className="info-coming">
          <ComingSoon>{schedule.comingSoon}</ComingSoon>
        </div>
      )}
    </PageShell>
  );
}
