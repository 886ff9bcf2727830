/*
 * The retention job: each complex's leads past content.privacy.retentionDays are deleted at start-up
 * and every 6 hours, with what hangs on them; so are cost and lead files uploaded a day ago and never
 * saved.
 */
import { purgePending } from "~/channels/ad-cost-import.server";
import { getDb } from "~/db/db.server";
import { purgeLeadFiles } from "~/leads/lead-file.server";
import { pruneRateLimits } from "~/http/rate-limit.server";
import { periodicTask, type PeriodicTask } from "~/jobs/periodic.server";
import { requireSite } from "~/sites/registry.server";

const RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;

async function purgeAndLog() {
  // Cost files uploaded and never saved, 24 hours on (광고비 가져오기).
  await purgePending();
  // Lead files uploaded and never saved, as long (리드 파일 가져오기).
  await purgeLeadFiles();
  for (const siteId of await sitesWithLeads()) {
    const deleted = await purgeExpiredLeads(siteId);
    if (deleted > 0)
      console.info(`[retention] ${siteId}: 보관 기간이 지난 접수 ${deleted}건을 삭제했습니다`);
  }
}

/** The purge, every intervalMs (app/entry.server.tsx starts it). */
export const retentionTask = (intervalMs = RETENTION_INTERVAL_MS): PeriodicTask =>
  periodicTask({
    intervalMs,
    run: purgeAndLog,
    failure: "[retention] 보관 기간이 지난 접수를 삭제하지 못했습니다:",
  });

/** The complexes that have leads or booked seats (the retention job goes through each). */
export async function sitesWithLeads(): Promise<string[]> {
  const db = await getDb();
  const rows = await db.all<{ site_id: string }>(
    "SELECT site_id FROM leads UNION SELECT site_id FROM visit_slots ORDER BY site_id",
  );
  return rows.map((r) => r.site_id);
}

/**
 * Deletes one complex's leads older than its privacy.retentionDays, with their outbox rows and
 * attempts, the customer cards left without a lead (with their calls and timeline), and its past
 * slot counters; forgets stale rate-limit counters. Returns how many leads
 * were deleted.
 */
export async function purgeExpiredLeads(siteId: string, now: Date = new Date()): Promise<number> {
  const db = await getDb();
  const retentionDays = requireSite(siteId).privacy.retentionDays;
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  const deleted = await db.transaction(async (tx) => {
    await tx.run(
      `DELETE FROM outbox_attempts WHERE outbox_id IN
         (SELECT o.id FROM outbox o JOIN leads l ON l.id = o.lead_id
          WHERE l.site_id = $2 AND l.created_at < $1)`,
      [cutoff, siteId],
    );
    await tx.run(
      "DELETE FROM outbox WHERE lead_id IN (SELECT id FROM leads WHERE site_id = $2 AND created_at < $1)",
      [cutoff, siteId],
    );
    const leads = (
      await tx.run("DELETE FROM leads WHERE site_id = $2 AND created_at < $1", [cutoff, siteId])
    ).changes;
    // A card goes with its last lead: its calls, its timeline and the card itself.
    const orphans = `SELECT c.id FROM customers c WHERE c.site_id = $1
      AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.customer_id = c.id)`;
    await tx.run(`DELETE FROM customer_calls WHERE customer_id IN (${orphans})`, [siteId]);
    await tx.run(`DELETE FROM customer_events WHERE customer_id IN (${orphans})`, [siteId]);
    await tx.run(`DELETE FROM customers WHERE id IN (${orphans})`, [siteId]);
    await tx.run("DELETE FROM visit_slots WHERE site_id = $2 AND starts_at < $1", [cutoff, siteId]);
    return leads;
  });
  await pruneRateLimits(db, now);
  return deleted;
}
