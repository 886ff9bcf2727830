/*
 * The agency's portfolio read (app/console/portfolio.ts): every complex of the account in five
 * queries (and one per bought-DB entry of the week), each over all of them at once (GROUP BY site_id), never a query per complex: the week's
 * leads by their time (leads_created), the costs and cards with the complexes as an IN list so
 * each engine walks its per-complex index. The desk's work waiting is counted with the desk's own
 * filters (deskWhere), so a figure and the list its link opens agree. `npm run bench`
 * (scripts/bench-portfolio.mjs) times it at 500 complexes.
 */
import { costsBySite } from "~/channels/ad-costs.server";
import { manualCostLines } from "~/channels/manual-costs.server";
import type { Viewer } from "~/crm/calls.server";
import { STATUS_STAGE } from "~/crm/crm";
import { deskWhere } from "~/crm/desk-where.server";
import { NO_CONSULTANT, type DeskFilter } from "~/crm/lead-desk";
import { getDb } from "~/db/db.server";
import { addDays, kstDate, kstDayStartIso } from "~/lib/korean-time";
import { ALL_SITES } from "~/lib/sites";
import { byAttention, weekOf, type PortfolioRow, type Week } from "./portfolio";

export type Portfolio = { today: string; week: Week; rows: PortfolioRow[] };

/** "$first, $first+1, …": `count` placeholders. */
const placeholders = (first: number, count: number) =>
  Array.from({ length: count }, (_, i) => `$${first + i}`).join(", ");

const n = (v: number | string | null | undefined) => Number(v ?? 0);

/** The cards of the complexes matching a desk filter, per complex. */
async function cardsPerSite(
  siteIds: readonly string[],
  filter: DeskFilter,
  viewer: Viewer,
  now: Date,
): Promise<Map<string, number>> {
  const db = await getDb();
  const w = deskWhere(ALL_SITES, filter, viewer, now, { ownCardsOnly: false });
  const sites = `c.site_id IN (${placeholders(w.params.length + 1, siteIds.length)})`;
  const rows = await db.all<{ site_id: string; n: number | string }>(
    `SELECT c.site_id, COUNT(*) AS n FROM customers c
     WHERE ${[sites, ...w.card].join(" AND ")} GROUP BY c.site_id`,
    [...w.params, ...siteIds],
  );
  return new Map(rows.map((r) => [r.site_id, n(r.n)]));
}

type LeadCounts = { today: number; week: number; visited: number; contracted: number };

/**
 * The leads of the week per complex, those of today among them, and of the week's people (cards)
 * those who reached 방문 완료 and 계약, whenever: 전환 퍼널's rule (app/crm/funnel.server.ts).
 */
async function leadsPerSite(
  siteIds: readonly string[],
  today: string,
  week: Week,
): Promise<Map<string, LeadCounts>> {
  const db = await getDb();
  const rows = await db.all<{
    site_id: string;
    today: number | string | null;
    week: number | string | null;
    visited: number | string | null;
    contracted: number | string | null;
  }>(
    `SELECT site_id, SUM(today) AS today, SUM(leads) AS week,
       SUM(CASE WHEN stage >= ${STATUS_STAGE.visited} THEN 1 ELSE 0 END) AS visited,
       SUM(CASE WHEN stage >= ${STATUS_STAGE.contracted} THEN 1 ELSE 0 END) AS contracted
     FROM (SELECT l.site_id, l.customer_id, COUNT(*) AS leads,
         SUM(CASE WHEN l.created_at >= $3 THEN 1 ELSE 0 END) AS today, MAX(c.stage) AS stage
       FROM leads l LEFT JOIN customers c ON c.id = l.customer_id
       WHERE l.created_at >= $1 AND l.created_at < $2
       GROUP BY l.site_id, l.customer_id) p
     GROUP BY site_id`,
    [kstDayStartIso(week.from), kstDayStartIso(addDays(week.to, 1)), kstDayStartIso(today)],
  );
  // A week of every complex's leads is read by its time (leads_created), then kept to the account's.
  const wanted = new Set(siteIds);
  return new Map(
    rows
      .filter((r) => wanted.has(r.site_id))
      .map((r) => [
        r.site_id,
        { today: n(r.today), week: n(r.week), visited: n(r.visited), contracted: n(r.contracted) },
      ]),
  );
}

/**
 * The portfolio of the complexes (the account's: consoleComplexes) on the Korean day of `now`, in
 * attention order. The viewer is the account (the desk's filters take it; an agency account's
 * filters see every card).
 */
export async function portfolio(
  complexes: readonly { id: string; name: string }[],
  viewer: Viewer,
  now: Date = new Date(),
): Promise<Portfolio> {
  const today = kstDate(now);
  const week = weekOf(today);
  const ids = complexes.map((c) => c.id);
  if (ids.length === 0) return { today, week, rows: [] };
  const [leads, costs, manual, unassigned, overdue] = await Promise.all([
    leadsPerSite(ids, today, week),
    costsBySite(ids, week.from, week.to),
    manualCostLines(ids.length === 1 ? ids[0]! : ALL_SITES, week),
    cardsPerSite(ids, { status: "new", consultant: NO_CONSULTANT }, viewer, now),
    cardsPerSite(ids, { due: "overdue" }, viewer, now),
  ]);
  // The costs entered by hand (flat fees' days, bought DB's leads) count as 채널 성과 counts them.
  for (const m of manual)
    if (ids.includes(m.siteId)) costs.set(m.siteId, (costs.get(m.siteId) ?? 0) + m.costWon);
  const rows = complexes.map(({ id, name }): PortfolioRow => {
    const l = leads.get(id);
    return {
      siteId: id,
      name,
      todayLeads: l?.today ?? 0,
      weekLeads: l?.week ?? 0,
      weekCostWon: costs.get(id) ?? null,
      visited: l?.visited ?? 0,
      contracted: l?.contracted ?? 0,
      unassignedNew: unassigned.get(id) ?? 0,
      overdueCalls: overdue.get(id) ?? 0,
    };
  });
  return { today, week, rows: rows.sort(byAttention) };
}
