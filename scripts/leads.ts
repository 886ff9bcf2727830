/*
 * Operator commands for leads:
 *   npm run leads -- export > leads.csv   all leads as CSV (UTF-8 with BOM, Korean header)
 *   npm run leads -- purge                delete leads past the retention period now
 * Uses the same database settings as the server (DATABASE_URL, or SQLite under DATA_DIR).
 */
import { content } from "~/content";
import { closeDb } from "~/db/db.server";
import { leadsToCsv } from "~/leads/csv.server";
import { listLeads, purgeExpiredLeads } from "~/leads/leads.server";

const USAGE = `사용법: npm run leads -- <명령>

명령:
  export   모든 접수 내역을 CSV(UTF-8, BOM 포함)로 표준 출력에 씁니다. 예: npm run leads -- export > leads.csv
  purge    보관 기간(${content.privacy.retentionDays}일)이 지난 접수 내역을 지금 삭제합니다.
`;

async function main(command: string | undefined): Promise<number> {
  switch (command) {
    case "export": {
      const csv = leadsToCsv(await listLeads());
      await new Promise<void>((resolve, reject) =>
        process.stdout.write(csv, (e) => (e ? reject(e) : resolve())),
      );
      return 0;
    }
    case "purge": {
      const deleted = await purgeExpiredLeads();
      console.log(
        `보관 기간(${content.privacy.retentionDays}일)이 지난 접수 ${deleted}건을 삭제했습니다.`,
      );
      return 0;
    }
    default:
      process.stderr.write(command ? `알 수 없는 명령입니다: ${command}\n\n${USAGE}` : USAGE);
      return 2;
  }
}

try {
  process.exitCode = await main(process.argv[2]);
} catch (error) {
  console.error(`실패했습니다: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await closeDb();
}
