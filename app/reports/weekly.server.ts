/*
 * One complex's weekly report (issue 41, item 6): for a Korean week (Monday to Sunday), 채널 성과's
 * figures, costs and unit costs per source and per campaign (app/channels/cost-results.server.ts)
 * beside the week before, the best and worst campaigns by 유효 DB 단가, the visits booked for the
 * week after it (counts per day and slot), and 잔여 세대 from 운영 정보. Counts only: no query here
 * reads a name, phone number, memo or inquiry text, so the client's link can show all of it.
 */
import { costResults, previousRange, unitCosts } from "~/channels/cost-results.server";
import type { Site } from "~/content/schema";
import { getDb } from "~/db/db.server";
import { funnelLevels } from "~/crm/funnel.server";
import { addDays, kstDate, kstDayStartIso, kstTime } from "~/lib/korean-time";
import {
  costliestCampaigns,
  rankCampaigns,
  weekRange,
  weeklyLines,
  type RankedCampaign,
  type WeeklyLine,
} from "~/reports/weekly";
import type { ChannelRange } from "~/channels/channels";

/** Visits booked for a slot: how many, never who. */
type BookedSlot = { date: string; time: string; count: number };

export type WeeklyReport = {
  siteId: string;
  siteName: string;
  /** The week's Monday. */
  week: string;
  range: ChannelRange;
  previous: ChannelRange;
  sources: WeeklyLine[];
  /** The campaign lines (a page's: the costliest, costliestCampaigns), the total last. */
  campaigns: WeeklyLine[];
  /** Campaign lines left out of `campaigns` (in the XLSX only); 0 with `allCampaigns`. */
  hiddenCampaigns: number;
  best: RankedCampaign[];
  worst: RankedCampaign[];
  /** The week after the report's, and its booked visits per slot (not cancelled). */
  comingWeek: { range: ChannelRange; slots: BookedSlot[]; total: number };
  /** 운영 정보's 잔여 세대 per unit type, in the complex's order; null when none is given. */
  remaining: { updatedAt: string; units: { label: string; count: number }[] } | null;
};

/** The visits booked on the complex over the range's Korean days, per slot, cancelled ones left out. */
async function bookedSlots(siteId: string, range: ChannelRange): Promise<BookedSlot[]> {
  const db = await getDb();
  const rows = await db.all<{ visit_at: string; n: number }>(
    `SELECT visit_at, COUNT(*) AS n FROM leads
     WHERE site_id = $1 AND visit_at >= $2 AND visit_at < $3 AND visit_cancelled_at IS NULL
     GROUP BY visit_at ORDER BY visit_at`,
    [siteId, kstDayStartIso(range.from), kstDayStartIso(addDays(range.to, 1))],
  );
  const slots = new Map<string, BookedSlot>();
  for (const r of rows) {
    const at = new Date(r.visit_at);
    const slot = { date: kstDate(at), time: kstTime(at), count: 0 };
    const key = `${slot.date}T${slot.time}`;
    const found = slots.get(key) ?? slot;
    found.count += Number(r.n);
    slots.set(key, found);
  }
  return [...slots.values()];
}

function remainingOf(site: Site): WeeklyReport["remaining"] {
  const r = site.remainingUnits;
  if (!r) return null;
  const units = site.unitTypes
    .filter((u) => r.counts[u.key] !== undefined)
    .map((u) => ({ label: u.label, count: r.counts[u.key]! }));
  return units.length > 0 ? { updatedAt: r.updatedAt, units } : null;
}

/**
 * The complex's report for the week starting on `monday` (a Korean date): with a page's campaign
 * lines (the costliest), or every one (`allCampaigns`, the XLSX). The ranking reads them all.
 */
export async function weeklyReport(
  site: Site,
  monday: string,
  { allCampaigns = false }: { allCampaigns?: boolean } = {},
): Promise<WeeklyReport> {
  const range = weekRange(monday);
  const previous = previousRange(range);
  const coming = weekRange(addDays(monday, 7));
  // Each week's leads are read once, for its lines per source and per campaign.
  const week = funnelLevels(site.id, range, { campaigns: true });
  const weekBefore = funnelLevels(site.id, previous, { campaigns: true });
  const [sources, sourcesBefore, campaigns, campaignsBefore, slots] = await Promise.all([
    costResults(site.id, range, "source", { funnel: week }),
    costResults(site.id, previous, "source", { funnel: weekBefore }),
    costResults(site.id, range, "campaign", { funnel: week }),
    costResults(site.id, previous, "campaign", { funnel: weekBefore }),
    bookedSlots(site.id, coming),
  ]);
  const { best, worst } = rankCampaigns(campaigns, (f) => unitCosts(f).validCost);
  const campaignLines = weeklyLines(campaigns, campaignsBefore);
  const shown = allCampaigns
    ? { lines: campaignLines, hidden: 0 }
    : costliestCampaigns(campaignLines);
  return {
    siteId: site.id,
    siteName: site.identity.name,
    week: monday,
    range,
    previous,
    sources: weeklyLines(sources, sourcesBefore),
    campaigns: shown.lines,
    hiddenCampaigns: shown.hidden,
    best,
    worst,
    comingWeek: { range: coming, slots, total: slots.reduce((n, s) => n + s.count, 0) },
    remaining: remainingOf(site),
  };
}
