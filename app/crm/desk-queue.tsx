import { useId } from "react";
import { Form, Link } from "react-router";
import { Options } from "~/components/admin/options";
import { DESK_SITE_PARAM, NO_CONSULTANT } from "~/crm/lead-desk";
import type { Queue } from "./card-view";
import { CardTable } from "./desk-table";

/*
 * 대기열: a consultant's new cards, then the calls due by the end of today. An administrator
 * chooses whose queue (or the cards nobody has) with a GET form.
 */

type Part = "fresh" | "due";

/** Each part of a queue: its table's caption, its empty line, and the list's filter for the rest. */
const PARTS: Record<Part, { caption: string; empty: string; rest: string }> = {
  fresh: {
    caption: "새 접수, 먼저 들어온 순",
    empty: "새로 들어온 고객이 없습니다.",
    rest: "status=new",
  },
  due: {
    caption: "오늘 연락할 고객, 연락 예정 순",
    empty: "오늘 연락할 고객이 없습니다.",
    rest: "due=today",
  },
};

const partTitle = (part: Part, { counts }: Queue) =>
  part === "fresh"
    ? `새 접수 (${counts.fresh}명)`
    : `오늘 연락할 고객 (${counts.due}명${counts.overdue ? `, 지연 ${counts.overdue}명` : ""})`;

export function QueueView({
  queue,
  whose,
  isConsultant,
  consultants,
  workSite,
  requestSite,
}: {
  queue: Queue;
  /** The consultant whose queue it is; null: the cards nobody has. */
  whose: string | null;
  isConsultant: boolean;
  consultants: { id: string; email: string }[];
  /** The complex worked on when it is not the host's. */
  workSite: string | null;
  requestSite: string;
}) {
  const id = useId();
  return (
    <>
      {isConsultant ? null : (
        <Form method="get" action="/admin/leads" className="desk-filters" aria-label="대기열 선택">
          <input type="hidden" name="view" value="queue" />
          {workSite ? <input type="hidden" name={DESK_SITE_PARAM} value={workSite} /> : null}
          <div className="field desk-filter is-select">
            <label htmlFor={`${id}-whose`}>상담원</label>
            <select id={`${id}-whose`} name="consultant" defaultValue={whose ?? NO_CONSULTANT}>
              <option value={NO_CONSULTANT}>미배정</option>
              <Options items={consultants.map((c) => [c.id, c.email])} />
            </select>
          </div>
          <div className="desk-filter-actions">
            <button type="submit" className="btn btn-primary btn-small">
              보기
            </button>
          </div>
        </Form>
      )}
      {(["fresh", "due"] as const).map((part) => (
        <QueueSection
          key={part}
          part={part}
          queue={queue}
          whose={whose ?? NO_CONSULTANT}
          requestSite={requestSite}
        />
      ))}
    </>
  );
}

/** One part of a queue: its table, and a link to the rest when it holds more than a page. */
function QueueSection({
  part,
  queue,
  whose,
  requestSite,
}: {
  part: Part;
  queue: Queue;
  whose: string;
  requestSite: string;
}) {
  const id = useId();
  const { caption, empty, rest } = PARTS[part];
  const cards = queue[part];
  const total = queue.counts[part];
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="admin-subtitle">
        {partTitle(part, queue)}
      </h2>
      <CardTable cards={cards} caption={caption} empty={empty} requestSite={requestSite} />
      {total > cards.length ? (
        <p className="desk-more">
          <Link to={`/admin/leads?view=all&${rest}&consultant=${whose}`}>
            나머지 {total - cards.length}명은 전체 고객에서 보기
          </Link>
        </p>
      ) : null}
    </section>
  );
}
