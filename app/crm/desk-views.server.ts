/*
 * The lead desk's two views read for a viewer, each written to the access log in the same request
 * (app/routes/admin/crm/leads.tsx): a consultant's queue, and a page of every card.
 */
import { logAccess } from "~/auth/access-log.server";
import { describeDeskFilter, NO_CONSULTANT, siteLabel, type DeskFilter } from "~/crm/lead-desk";
import type { SiteScope } from "~/lib/sites";
import type { Viewer } from "./calls.server";
import { listCards, queueOf } from "./desk.server";

type Reading = {
  viewer: Viewer;
  filter: DeskFilter;
  /** The complex's consultants by id → e-mail, to name them in the log. */
  consultants: Map<string, string>;
  ip: string;
};

/** 대기열 in a complex: a consultant's own; an administrator chooses whose (or the cards nobody has). */
export async function readQueue(siteId: string, { viewer, filter, consultants, ip }: Reading) {
  const isConsultant = viewer.role === "consultant";
  const chosen = filter.consultant ?? (isConsultant ? viewer.adminId : NO_CONSULTANT);
  const whose = isConsultant ? viewer.adminId : chosen === NO_CONSULTANT ? null : chosen;
  const queue = await queueOf(siteId, whose, viewer);
  await logAccess({
    scope: siteId,
    admin: viewer,
    action: "view",
    target: "상담 대기열",
    filter: whose ? (consultants.get(whose) ?? whose) : "미배정",
    rowCount: queue.fresh.length + queue.due.length,
    ip,
  });
  return { queue, whose };
}

/** 전체 고객: a page of the scope's cards (a scope other than the host's complex is named in the log). */
export async function readList(
  scope: SiteScope,
  hostSite: string,
  page: number,
  { viewer, filter, consultants, ip }: Reading,
) {
  const result = await listCards(scope, filter, viewer, page);
  await logAccess({
    scope,
    admin: viewer,
    action: "view",
    target: "고객 목록",
    filter:
      (scope !== hostSite ? `단지=${siteLabel(scope)}, ` : "") +
      describeDeskFilter(filter, consultants) +
      (result.page > 1 ? ` (${result.page}쪽)` : ""),
    rowCount: result.cards.length,
    ip,
  });
  return result;
}
