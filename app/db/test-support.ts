/*
 * Test support for data tests: every data test runs against SQLite and, when TEST_DATABASE_URL is
 * set, against PostgreSQL too.
 *
 *   describe.each(engines())("leads ($name)", (engine) => {
 *     const t = useTestDb(engine);   // fresh migrated database for this file, emptied before each test
 *     it("…", async () => { await t.db().all(…) });
 *   });
 *
 * SQLite: a temp file, deleted afterwards. PostgreSQL: a fresh schema (search_path), dropped afterwards.
 * useTestDb also makes getDb() answer with the test database and resets env overrides after each test.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { resetEnvCache } from "~/env.server";
import { createDb, setDb, type Db, type Migration } from "./db.server";

export type Engine = { name: "sqlite" } | { name: "postgres"; url: string };

/** SQLite always; PostgreSQL when TEST_DATABASE_URL is set. */
export function engines(): Engine[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [{ name: "sqlite" }, { name: "postgres", url }] : [{ name: "sqlite" }];
}

/**
 * A fresh, migrated database on engine, and a way to throw it away. `migrations`: the ones to apply
 * (all by default; a migration's test starts before it). `reopen` applies all.
 */
export async function freshDb(
  engine: Engine,
  migrations?: Migration[],
): Promise<{
  db: Db;
  /** Another connection to the same database (a restarted process). */
  reopen(): Promise<Db>;
  /** Environment variables that point another process (server, command) at this database. */
  env: Record<string, string>;
  destroy(): Promise<void>;
}> {
  if (engine.name === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "bunyang-test-"));
    const file = join(dir, "site.db");
    const opened: Db[] = [];
    const open = async (only?: Migration[]) => {
      const db = await createDb({ dialect: "sqlite", file }, only);
      opened.push(db);
      return db;
    };
    return {
      db: await open(migrations),
      reopen: () => open(),
      env: { DATA_DIR: dir },
      async destroy() {
        for (const db of opened) await db.close().catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const opened: Db[] = [];
  const open = async (only?: Migration[]) => {
    const db = await createDb({ dialect: "postgres", url: engine.url, schema, poolSize: 4 }, only);
    opened.push(db);
    return db;
  };
  return {
    db: await open(migrations),
    reopen: () => open(),
    env: {
      DATABASE_URL: `${engine.url}${engine.url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    },
    async destroy() {
      for (const db of opened) await db.close().catch(() => undefined);
      const admin = new pg.Client({ connectionString: engine.url });
      await admin.connect();
      try {
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** Empties every table except the migration record (DELETE: much faster than TRUNCATE on tiny tables). */
async function emptyTables(db: Db) {
  const tables =
    db.dialect === "postgres"
      ? (
          await db.all<{ name: string }>(
            "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'",
          )
        ).map((t) => t.name)
      : (
          await db.all<{ name: string }>(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'",
          )
        ).map((t) => t.name);
  // Tables referenced by others refuse until those are empty: go round until all are.
  let left = tables;
  for (let pass = 0; left.length && pass <= tables.length; pass++) {
    const failed: string[] = [];
    for (const table of left) {
      await db.run(`DELETE FROM "${table}"`).catch(() => failed.push(table));
    }
    left = failed;
  }
  if (left.length) throw new Error(`테스트 데이터를 지우지 못했습니다: ${left.join(", ")}`);
}

/**
 * One fresh database per test file and engine; getDb() answers with it; tables are emptied and env
 * overrides (setTestEnv) undone before each test.
 */
export function useTestDb(engine: Engine) {
  let handle: Awaited<ReturnType<typeof freshDb>> | undefined;
  beforeAll(async () => {
    handle = await freshDb(engine);
  });
  beforeEach(async () => {
    vi.unstubAllEnvs();
    resetEnvCache();
    setDb(handle!.db);
    await emptyTables(handle!.db);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });
  afterAll(async () => {
    setDb(undefined);
    await handle?.destroy();
  });
  return {
    db: () => handle!.db,
    /** A second connection to the same database (a restarted process). */
    reopen: () => handle!.reopen(),
    /** Environment variables that point another process at this database. */
    env: () => handle!.env,
  };
}

/** Sets environment variables for the current test (undefined removes one). */
export function setTestEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) vi.stubEnv(k, v);
  resetEnvCache();
}
