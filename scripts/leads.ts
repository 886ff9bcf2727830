/*
 * Operator commands for leads:
 *   npm run leads -- export > leads.csv              every complex's leads as CSV, 단지 column first
 *   npm run leads -- export --site anyang > a.csv    one complex's leads (no 단지 column)
 *   npm run leads -- purge [--site anyang]           delete leads past the retention period now
 * CSV: UTF-8 with BOM, Korean header. Uses the same database settings as the server (DATABASE_URL,
 * or SQLite under DATA_DIR).
 */
import { requireSite } from "~/sites/registry.server";
import { closeDb } from "~/db/db.server";
import { leadsToCsv } from "~/leads/csv.server";
import { listLeads } from "~/leads/leads.server";
import { ALL_SITES, SITE_ID } from "~/lib/sites";
import { purgeExpiredLeads, sitesWithLeads } from "~/leads/retention.server";

const USAGE = `사용법: npm run leads -- <명령> [--site <단지 ID>]

명령:
  export   접수 내역을 CSV(UTF-8, BOM 포함)로 표준 출력에 씁니다. --site 없이는 모든 단지의 접수를
           첫 열(단지)과 함께, --site로는 그 단지의 접수만 씁니다.
           예: npm run leads -- export --site anyang > leads.csv
  purge    단지마다 보관 기간(개인정보 처리방침의 보관 일수)이 지난 접수 내역을 지금 삭제합니다
           (--site 없이는 모든 단지).
`;

class UsageError extends Error {}

/** The command and its --site (one complex) or ALL_SITES. */
function parseArgs(args: string[]): { command: string | undefined; scope: string } {
  const [command, ...rest] = args;
  let scope = ALL_SITES;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const value = arg === "--site" ? rest[++i] : arg.startsWith("--site=") ? arg.slice(7) : null;
    if (value === null) throw new UsageError(`알 수 없는 인자입니다: ${arg}`);
    if (!value || !SITE_ID.test(value))
      throw new UsageError(`단지 ID가 올바르지 않습니다: ${value ?? "(없음)"}`);
    if (scope !== ALL_SITES) throw new UsageError("--site는 한 번만 쓸 수 있습니다");
    scope = value;
  }
  return { command, scope };
}

async function main(args: string[]): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  const { command, scope } = parsed;
  switch (command) {
    case "export": {
      const csv = leadsToCsv(await listLeads(scope), { withSite: scope === ALL_SITES });
      await new Promise<void>((resolve, reject) =>
        process.stdout.write(csv, (e) => (e ? reject(e) : resolve())),
      );
      return 0;
    }
    case "purge": {
      const sites = scope === ALL_SITES ? await sitesWithLeads() : [scope];
      for (const siteId of sites) {
        const deleted = await purgeExpiredLeads(siteId);
        const days = requireSite(siteId).privacy.retentionDays;
        console.log(`${siteId}: 보관 기간(${days}일)이 지난 접수 ${deleted}건을 삭제했습니다.`);
      }
      return 0;
    }
    default:
      process.stderr.write(command ? `알 수 없는 명령입니다: ${command}\n\n${USAGE}` : USAGE);
      return 2;
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`실패했습니다: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await closeDb();
}
