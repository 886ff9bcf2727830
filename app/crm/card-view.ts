/*
 * What the desk shows of a card (CardView: the list, a queue, the card's page) and a consultant's
 * queue: read by app/crm/card-view.server.ts and desk.server.ts, rendered by the desk's markup.
 */
import type { CallResult, CustomerStatus, Interest } from "~/crm/crm";
import type { DeskMessage } from "~/crm/lead-desk";
import type { LeadRow } from "~/leads/leads.server";

/** A card as the desk shows it (phone masked when the viewer may not see it). */
export type CardView = {
  id: string;
  siteId: string;
  name: string;
  phone: string;
  /** The viewer sees the whole number and may work the card. */
  own: boolean;
  status: CustomerStatus;
  statusAt: string | null;
  interest: Interest | null;
  consultantId: string | null;
  consultantEmail: string | null;
  source: string;
  touches: number;
  calls: number;
  lastResult: CallResult | null;
  lastCallAt: string | null;
  nextContactAt: string | null;
  /** The next contact is past (and the card still open). */
  overdue: boolean;
  memo: string;
  firstAt: string;
  lastAt: string;
  /** The card's latest lead: what it was, its booked visit, its confirmation's state. */
  latest: LatestLead | null;
};

export type LatestLead = {
  kind: LeadRow["kind"];
  /** "방문예약", "관심고객 등록", "상담문의", "외부 접수" (crm/lead-desk.ts leadKindLabel). */
  kindLabel: string;
  createdAt: string;
  visitAt: string | null;
  visitCancelled: boolean;
  origin: string;
  confirmation: DeskMessage | null;
};

export type Queue = {
  /** Cards given to the consultant that nobody has called yet, oldest first. */
  fresh: CardView[];
  /** Cards whose next contact is due by the end of today (Korean time), earliest first. */
  due: CardView[];
  counts: { fresh: number; due: number; overdue: number };
};
