import { Link } from "react-router";
import { CUSTOMER_STATUS_LABEL, type CustomerStatus } from "~/crm/crm";
import { formatKoreanDateTime } from "~/lib/korean-time";

/** What the desk's list and the card show of a card (a subset of app/crm/desk.server.ts CardView). */
type CardLike = {
  id: string;
  siteId: string;
  name: string;
  nextContactAt: string | null;
  overdue: boolean;
};

/** The card's status as a badge ("상담 중"). */
export function CardStatus({ status }: { status: CustomerStatus }) {
  return <span className={`state-badge is-status-${status}`}>{CUSTOMER_STATUS_LABEL[status]}</span>;
}

/** The next contact ("2026. 11. 29. 오전 10:00"), marked 지연 when it is past. */
export function NextContact({ card }: { card: CardLike }) {
  if (!card.nextContactAt) return "—";
  return (
    <span className={card.overdue ? "desk-next is-overdue" : "desk-next"}>
      <span className="nowrap">{formatKoreanDateTime(card.nextContactAt)}</span>
      {card.overdue ? <span className="state-badge is-overdue">지연</span> : null}
    </span>
  );
}

/** The person's name, a link to their card (naming its complex when it is not the request's). */
export function PersonLink({ card, requestSite }: { card: CardLike; requestSite: string }) {
  const site = card.siteId === requestSite ? "" : `?site=${encodeURIComponent(card.siteId)}`;
  return <Link to={`/admin/leads/${card.id}${site}`}>{card.name}</Link>;
}
