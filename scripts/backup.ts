/*
 * Backups of the SQLite database (one machine):
 *   npm run backup -- FILE            copy DATA_DIR/site.db to FILE while the server runs
 *                                     (SQLite's online backup API: a consistent snapshot)
 *   npm run backup -- restore FILE    put FILE in place as DATA_DIR/site.db (server stopped)
 * With DATABASE_URL (PostgreSQL) the database's own tools do this: pg_dump / pg_restore.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { env } from "~/env.server";

const USAGE = `사용법:
  npm run backup -- <파일>             운영 중인 SQLite 데이터베이스를 <파일>로 백업합니다.
  npm run backup -- restore <파일>     서버를 멈춘 뒤, 백업 <파일>을 DATA_DIR/site.db로 복원합니다.
`;

/** A consistent copy of a live database: SQLite's backup API, page by page, writers not blocked. */
async function backupSqlite(source: string, target: string): Promise<number> {
  if (!existsSync(source)) throw new Error(`데이터베이스 파일이 없습니다: ${source}`);
  if (existsSync(target)) throw new Error(`이미 있는 파일에는 백업하지 않습니다: ${target}`);
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    const { totalPages } = await db.backup(target);
    return totalPages;
  } finally {
    db.close();
  }
}

/**
 * Puts a backup in place of the database: checked first (integrity_check, migrations table), then
 * moved in with the old file kept beside it as site.db.before-restore. The server must be stopped.
 */
async function restoreSqlite(
  backup: string,
  dataDir: string,
): Promise<{ target: string; kept: boolean }> {
  const check = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    const ok = check.pragma("integrity_check", { simple: true });
    if (ok !== "ok") throw new Error(`백업 파일이 손상되었습니다: ${String(ok)}`);
    check.prepare("SELECT COUNT(*) FROM schema_migrations").get();
  } finally {
    check.close();
  }
  mkdirSync(dataDir, { recursive: true });
  const target = join(dataDir, "site.db");
  const staging = `${target}.restoring`;
  rmSync(staging, { force: true });
  const copy = new Database(backup, { readonly: true });
  try {
    await copy.backup(staging);
  } finally {
    copy.close();
  }
  const kept = existsSync(target);
  if (kept) renameSync(target, `${target}.before-restore`);
  for (const suffix of ["-wal", "-shm"]) rmSync(target + suffix, { force: true });
  renameSync(staging, target);
  return { target, kept };
}

async function main(args: string[]): Promise<number> {
  const { DATABASE_URL, DATA_DIR } = env();
  if (DATABASE_URL) {
    process.stderr.write(
      "DATABASE_URL(PostgreSQL)을 쓰는 경우 pg_dump와 pg_restore로 백업·복원합니다 (docs/deploy.md).\n",
    );
    return 2;
  }
  const database = resolve(DATA_DIR, "site.db");
  if (args[0] === "restore" && args[1]) {
    const { target, kept } = await restoreSqlite(resolve(args[1]), resolve(DATA_DIR));
    console.log(
      `복원했습니다: ${args[1]} → ${target}${kept ? " (이전 파일은 site.db.before-restore)" : ""}`,
    );
    return 0;
  }
  if (args.length === 1 && args[0] !== "restore") {
    const pages = await backupSqlite(database, resolve(args[0]!));
    console.log(`백업했습니다: ${database} → ${args[0]} (${pages}쪽)`);
    return 0;
  }
  process.stderr.write(USAGE);
  return 2;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`실패했습니다: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
