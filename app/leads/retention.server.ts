/*
 * The retention job: each complex's leads past content.privacy.retentionDays are deleted at start-up
 * and every 6 hours.
 */
import { purgeExpiredLeads, sitesWithLeads } from "./leads.server";

const RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;

async function purgeAndLog() {
  try {
    for (const siteId of await sitesWithLeads()) {
      const deleted = await purgeExpiredLeads(siteId);
      if (deleted > 0)
        console.info(`[retention] ${siteId}: 보관 기간이 지난 접수 ${deleted}건을 삭제했습니다`);
    }
  } catch (error) {
    console.error("[retention] 보관 기간이 지난 접수를 삭제하지 못했습니다:", error);
  }
}

export function startRetentionJob(intervalMs = RETENTION_INTERVAL_MS): { stop(): Promise<void> } {
  let running: Promise<void> | undefined = purgeAndLog();
  const timer = setInterval(() => {
    running ??= purgeAndLog().finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  void running.finally(() => (running = undefined));
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
