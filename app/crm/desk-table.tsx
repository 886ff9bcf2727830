import { DataTable, type Column } from "~/components/admin/data-table";
import { CALL_RESULT_LABEL } from "~/crm/crm";
import { messageState, sourceLabel } from "~/crm/lead-desk";
import { formatKoreanDate, formatKoreanDateTime } from "~/lib/korean-time";
import type { CardView } from "./card-view";
import { CardStatus, NextContact, PersonLink } from "./customer-bits";

/*
 * The desk's table of cards (전체 고객, and each part of a queue): a row per person, the overdue
 * ones marked; on a phone each row is a card of label and value.
 */

/** The desk's columns, a card's link keeping the request's complex. Adding a column: one entry. */
const columnsFor = (requestSite: string): Column<CardView>[] => [
  {
    key: "lastAt",
    label: "최근 접촉",
    cell: (c) => <When at={c.lastAt} />,
    className: "desk-created",
  },
  {
    key: "name",
    label: "이름",
    cell: (c) => <PersonLink card={c} requestSite={requestSite} />,
    className: "nowrap",
  },
  {
    key: "phone",
    label: "연락처",
    cell: (c) => (c.own ? <a href={`tel:${c.phone.replace(/-/g, "")}`}>{c.phone}</a> : c.phone),
    className: "nowrap",
  },
  { key: "status", label: "상태", cell: (c) => <CardStatus status={c.status} /> },
  { key: "interest", label: "관심도", cell: (c) => c.interest ?? "—", className: "nowrap" },
  {
    key: "consultant",
    label: "담당",
    cell: (c) => c.consultantEmail ?? "미배정",
    className: "desk-consultant",
  },
  {
    key: "touches",
    label: "접수·통화",
    cell: (c) => `접수 ${c.touches} · 통화 ${c.calls}`,
    className: "nowrap",
  },
  {
    key: "lastResult",
    label: "최근 결과",
    cell: (c) => (c.lastResult ? CALL_RESULT_LABEL[c.lastResult] : "—"),
    className: "nowrap",
  },
  { key: "next", label: "다음 연락", cell: (c) => <NextContact card={c} /> },
  { key: "latest", label: "최근 접수", cell: (c) => <LatestCell card={c} /> },
  {
    key: "source",
    label: "유입 경로",
    cell: (c) => sourceLabel(c.source),
    className: "desk-origin",
  },
];

/** `withSite`: a first column naming each card's complex (모든 단지). */
export function CardTable({
  cards,
  caption,
  empty,
  requestSite,
  withSite = false,
}: {
  cards: CardView[];
  requestSite: string;
  caption: string;
  empty: string;
  withSite?: boolean;
}) {
  const columns = columnsFor(requestSite);
  return (
    <DataTable
      wrapClassName="desk-table-wrap"
      className="admin-table admin-cards desk-table"
      caption={caption}
      empty={empty}
      columns={
        withSite
          ? [{ key: "site", label: "단지", cell: (c) => c.siteId, className: "nowrap" }, ...columns]
          : columns
      }
      rows={cards}
      rowKey={(card) => card.id}
      rowProps={(card) => ({ id: `card-${card.id}`, className: card.overdue ? "is-overdue" : "" })}
    />
  );
}

/** When: the date, and the time below it when the column is narrow (one element: a card's cell is a grid). */
function When({ at }: { at: string }) {
  const day = formatKoreanDate(at);
  return (
    <span>
      <span className="nowrap">{day}</span>{" "}
      <span className="nowrap">{formatKoreanDateTime(at).slice(day.length + 1)}</span>
    </span>
  );
}

/** The latest lead: its form, its booked visit, its confirmation's state. */
function LatestCell({ card }: { card: CardView }) {
  const l = card.latest;
  if (!l) return "—";
  const confirmation = l.confirmation ? messageState(l.confirmation) : null;
  return (
    <span className="desk-messages">
      <span className="nowrap">{l.kindLabel}</span>
      {confirmation ? (
        <span className={`state-badge is-message-${confirmation.tone}`}>{confirmation.text}</span>
      ) : null}
      {l.visitCancelled ? <span className="state-badge is-cancelled">예약 취소</span> : null}
    </span>
  );
}
