import type { Milestone } from "~/content/schema";
import { milestoneIcsPath, SCHEDULE_PATH } from "~/content/pages";
import { milestoneTitle, milestoneWhen } from "~/lib/schedule";
import "~/styles/schedule.css";

/*
 * The sale schedule: a timeline on /BusinessGuide/plan (with a calendar file per milestone) and a
 * compact list on the home page. The dates are in the HTML; the D-day badges, the "next" mark and
 * the home page's next-milestone chip depend on today, so app/enhance/schedule.ts adds them in the
 * browser (Korean time), in space kept free for them (the mark is a colour and a border, named for
 * screen readers): nothing moves when they appear, and a prerendered page never shows a stale count.
 * The milestones travel to the script as a JSON block inside the element marked `data-schedule`.
 */

/** The milestones as the browser script reads them (`<` escaped so the block cannot end early). */
function MilestoneData({ milestones }: { milestones: Milestone[] }) {
  return (
    <script
      type="application/json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(milestones).replace(/</g, "\\u003c") }}
    />
  );
}

export function ScheduleList({
  milestones,
  label,
  variant,
}: {
  milestones: Milestone[];
  label: string;
  variant: "timeline" | "compact";
}) {
  return (
    <ol className={`schedule schedule-${variant}`} aria-label={label} data-schedule="list">
      <MilestoneData milestones={milestones} />
      {milestones.map((m) => (
        <li key={m.key} className="milestone" data-key={m.key}>
          <p className="milestone-step">
            {m.step}
            {m.detail ? <span className="milestone-detail"> · {m.detail}</span> : null}
          </p>
          <p className="milestone-when">
            {m.date ? <time dateTime={m.date}>{milestoneWhen(m)}</time> : milestoneWhen(m)}
          </p>
          {variant === "timeline" ? <p className="milestone-place">{m.place}</p> : null}
          <p className="milestone-badge" />
          {variant === "timeline" && m.date ? (
            <a className="milestone-ics" href={milestoneIcsPath(m)} download={`${m.key}.ics`}>
              캘린더에 추가<span className="sr-only"> ({milestoneTitle(m)}, .ics 파일)</span>
            </a>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * The place of the next milestone's chip (with its D-day) on the home page's first screen. The
 * chip itself is made in the browser (it depends on today), inside this absolutely placed box,
 * so its arrival moves nothing; it links to the schedule page.
 */
export function NextMilestoneChip({
  milestones,
  className,
}: {
  milestones: Milestone[];
  className?: string;
}) {
  return (
    <div className={className} data-schedule="chip" data-href={SCHEDULE_PATH}>
      <MilestoneData milestones={milestones} />
    </div>
  );
}
