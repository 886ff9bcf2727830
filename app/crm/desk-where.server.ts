/*
 * The desk's filters as SQL: the conditions on a card (alias c) and on its leads (alias l). What a
 * search by number may match depends on who searches (a consultant: their own cards' numbers).
 */
import { kstDayStartIso } from "~/lib/korean-time";
import { NO_CONSULTANT, type DeskFilter, type DeskFilterName } from "~/crm/lead-desk";
import { normalizePhone } from "~/lib/phone";
import { ALL_SITES, type SiteScope } from "~/lib/sites";
import type { Viewer } from "./calls.server";
import { endOfKstDay, openCard } from "./customers.server";

const OPEN = openCard("c.");

type Param = (value: unknown) => string;
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const nextDay = (day: string) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);

/** Conditions on the card (alias c). */
const CARD_CONDITIONS: Partial<
  Record<DeskFilterName, (v: string, p: Param, now: Date, viewer: Viewer) => string | null>
> = {
  status: (v, p) => `c.status = ${p(v)}`,
  consultant: (v, p) =>
    v === NO_CONSULTANT ? "c.consultant_id IS NULL" : `c.consultant_id = ${p(v)}`,
  interest: (v, p) => `c.interest = ${p(v)}`,
  due: (v, p, now) =>
    v === "overdue"
      ? `(${OPEN} AND c.next_contact_at < ${p(now.toISOString())})`
      : `(${OPEN} AND c.next_contact_at < ${p(endOfKstDay(now))})`,
  source: (v, p) => `c.source = ${p(v)}`,
  q: (v, p, _now, viewer) => {
    // A name, or a phone number in any format: a whole number matches exactly, a few digits anywhere.
    const byName = `c.name LIKE ${p(`%${likeEscape(v)}%`)} ESCAPE '\\'`;
    const phone = normalizePhone(v);
    const digits = v.replace(/[\s\-().]/g, "");
    const byPhone = phone
      ? `c.phone = ${p(phone)}`
      : /^[0-9]{3,}$/.test(digits)
        ? `REPLACE(c.phone, '-', '') LIKE ${p(`%${digits}%`)}`
        : null;
    if (!byPhone) return byName;
    // A consultant's number matches only the cards whose number they see whole (their own, as
    // cardRights says): digits added one at a time must not tell a masked number (issue 38).
    if (viewer.role === "consultant")
      return `(${byName} OR (c.consultant_id = ${p(viewer.adminId)} AND ${byPhone}))`;
    return `(${byName} OR ${byPhone})`;
  },
};

/** Conditions on a lead of the card (alias l). */
const LEAD_CONDITIONS: Partial<Record<DeskFilterName, (v: string, p: Param) => string | null>> = {
  kind: (v, p) => `l.kind = ${p(v)}`,
  confirmation: () =>
    `EXISTS (SELECT 1 FROM outbox o WHERE o.lead_id = l.id AND o.purpose = 'confirmation'
       AND (o.delivery_state = 'failed' OR o.status = 'failed'))`,
  from: (v, p) => `l.created_at >= ${p(kstDayStartIso(v))}`,
  to: (v, p) => `l.created_at < ${p(kstDayStartIso(nextDay(v)))}`,
};

/**
 * The WHERE of the desk's cards (alias c) and, separately, of their leads (alias l): the list
 * takes the cards with a matching lead; the CSV takes the matching leads of matching cards.
 * The viewer's role decides what a search by number may match; `ownCardsOnly` (the CSV) keeps a
 * consultant to their own cards.
 */
export function deskWhere(
  scope: SiteScope,
  filter: DeskFilter,
  viewer: Viewer,
  now: Date,
  { ownCardsOnly }: { ownCardsOnly: boolean },
): { card: string[]; lead: string[]; params: unknown[] } {
  const params: unknown[] = [];
  const p: Param = (value) => `$${params.push(value)}`;
  const card = scope === ALL_SITES ? [] : [`c.site_id = ${p(scope)}`];
  // The CSV of a consultant: their own cards only (the page masks the others instead).
  if (ownCardsOnly && viewer.role === "consultant")
    card.push(`c.consultant_id = ${p(viewer.adminId)}`);
  const lead: string[] = [];
  for (const [name, value] of Object.entries(filter) as [DeskFilterName, string][]) {
    if (!value) continue;
    const onCard = CARD_CONDITIONS[name]?.(value, p, now, viewer);
    if (onCard) card.push(onCard);
    const onLead = LEAD_CONDITIONS[name]?.(value, p);
    if (onLead) lead.push(onLead);
  }
  return { card, lead, params };
}
