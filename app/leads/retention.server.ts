/*
 * The retention job: each complex's leads past content.privacy.retentionDays are deleted at start-up
 * and every 6 hours.
 */
import { periodicTask, type PeriodicTask } from "~/jobs/periodic.server";
import { purgeExpiredLeads, sitesWithLeads } from "./leads.server";

const RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;

async function purgeAndLog() {
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
