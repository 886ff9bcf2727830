import { Link } from "react-router";
import type { Milestone } from "~/content";
import { milestoneIcsPath, SCHEDULE_PATH } from "~/content/pages";
import {
  dDayLabel,
  milestoneState,
  milestoneTitle,
  milestoneWhen,
  nextMilestone,
} from "~/lib/schedule";
import { useNow } from "./use-now";
import "~/styles/schedule.css";

/*
 * The sale schedule: a timeline on /BusinessGuide/plan (with a calendar file per milestone) and a
 * compact list on the home page. The dates are in the HTML; the D-day badges and the "next"
 * mark are added in the browser, in space kept free for them (the mark is a colour and a border,
 * named for screen readers), so nothing moves when they appear.
 */

export function ScheduleList({
  milestones,
  label,
  variant,
}: {
  milestones: Milestone[];
  label: string;
  variant: "timeline" | "compact";
}) {
  const now = useNow();
  const next = now === null ? undefined : nextMilestone(milestones, now);
  return (
    <ol className={`schedule schedule-${variant}`} aria-label={label}>
      {milestones.map((m) => {
        const state = now === null ? undefined : milestoneState(m, now).kind;
        const isNext = m === next;
        return (
          <li
            key={m.key}
            className="milestone"
            data-state={state}
            data-next={isNext ? "true" : undefined}
            aria-current={isNext ? "step" : undefined}
          >
            <p className="milestone-step">
              {m.step}
              {m.detail ? <span className="milestone-detail"> · {m.detail}</span> : null}
            </p>
            <p className="milestone-when">
              {m.date ? <time dateTime={m.date}>{milestoneWhen(m)}</time> : milestoneWhen(m)}
            </p>
            {variant === "timeline" ? <p className="milestone-place">{m.place}</p> : null}
            <p className="milestone-badge">
              {state && m.date ? (
                <>
                  {isNext ? <span className="sr-only">다음 일정</span> : null}
                  <span className="dday">{dDayLabel(m, now!)}</span>
                </>
              ) : null}
            </p>
            {variant === "timeline" && m.date ? (
              <a className="milestone-ics" href={milestoneIcsPath(m)} download={`${m.key}.ics`}>
                캘린더에 추가<span className="sr-only"> ({milestoneTitle(m)}, .ics 파일)</span>
              </a>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The next milestone with its D-day, for the home page's first screen. Only in the browser (it
 * depends on today); absolutely placed by its parent, so its arrival moves nothing.
 */
export function NextMilestoneChip({ milestones }: { milestones: Milestone[] }) {
  const now = useNow();
  const next = now === null ? undefined : nextMilestone(milestones, now);
  if (!next || now === null) return null;
  return (
    <Link to={SCHEDULE_PATH} className="next-milestone">
      <span className="next-milestone-label">다음 일정</span>
      <span className="next-milestone-title">{milestoneTitle(next)}</span>
      <span className="next-milestone-when">{milestoneWhen(next)}</span>
      <span className="dday">{dDayLabel(next, now)}</span>
    </Link>
  );
}
