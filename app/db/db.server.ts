/*
 * The one database module. It creates the connection once, migrates before anyone queries, and hides
 * SQLite (one machine, a file under DATA_DIR) versus PostgreSQL (DATABASE_URL, several instances)
 * behind one small async interface. SQL is written once, with $1, $2 placeholders, in the portable
 * subset both engines share (TEXT ids, TEXT ISO-8601 UTC timestamps, INTEGER 0/1 flags).
 */
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { env } from "~/env.server";

export type Params = readonly unknown[];
type Dialect = "sqlite" | "postgres";

/** What a query can do; the same inside and outside a transaction. */
export interface Queryable {
  readonly dialect: Dialect;
  all<T = Record<string, unknown>>(sql: string, params?: Params): Promise<T[]>;
  get<T = Record<string, unknown>>(sql: string, params?: Params): Promise<T | undefined>;
  run(sql: string, params?: Params): Promise<{ changes: number }>;
}

export interface Db extends Queryable {
  /**
   * `get` for a write whose effect may be lost on power failure, though never when the process
   * crashes: a press view count. SQLite commits it without waiting for the disk (synchronous=NORMAL
   * for this one statement; the next lead's commit syncs it along). PostgreSQL: the same as `get`
   * (its commit does not hold up the event loop).
   */
  getRelaxed<T = Record<string, unknown>>(sql: string, params?: Params): Promise<T | undefined>;
  /**
   * Runs fn in one transaction: COMMIT when it resolves, ROLLBACK when it throws. Inside fn, query
   * through tx only: with SQLite, a query on db itself waits for the transaction to end (forever).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DbOptions =
  | { dialect: "sqlite"; file: string }
  | {
      dialect: "postgres";
      url: string;
      /** Work inside this schema (created if missing): tests use one per file. */
      schema?: string;
      poolSize?: number;
    };

const SLOW_QUERY_MS = 200;

function logIfSlow(sql: string, started: number) {
  const ms = performance.now() - started;
  if (ms > SLOW_QUERY_MS) {
    console.warn(
      `[db] 느린 쿼리 ${ms.toFixed(0)}ms: ${sql.replace(/\s+/g, " ").trim().slice(0, 200)}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// SQLite

/**
 * "$1 … $2 … $1" → "? … ? … ?" with the parameters repeated in order of appearance.
 * Quoted strings and identifiers are left alone.
 */
export function toSqlite(sql: string, params: Params): { sql: string; params: unknown[] } {
  let out = "";
  const ordered: unknown[] = [];
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    if (ch === "'" || ch === '"') {
      const end = sql.indexOf(ch, i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      out += sql.slice(i, stop);
      i = stop;
      continue;
    }
    if (ch === "$") {
      const m = /^\$([0-9]+)/.exec(sql.slice(i));
      if (m) {
        const n = Number(m[1]);
        if (n < 1 || n > params.length) throw new Error(`SQL 매개변수 $${n}에 값이 없습니다`);
        ordered.push(params[n - 1]);
        out += "?";
        i += m[0].length;
        continue;
      }
    }
    out += ch;
    i++;
  }
  return { sql: out, params: ordered.map(sqliteValue) };
}

function sqliteValue(v: unknown): unknown {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v instanceof Date) return v.toISOString();
  if (v === undefined) return null;
  return v;
}

/** A promise-chain mutex: one holder at a time, in arrival order. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  async lock<T>(fn: () => Promise<T> | T): Promise<T> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((r) => (release = r));
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

function createSqlite(file: string): Db {
  if (file !== ":memory:") mkdirSync(dirname(resolve(file)), { recursive: true });
  const conn = new BetterSqlite3(file);
  conn.pragma("journal_mode = WAL");
  conn.pragma("busy_timeout = 5000");
  // FULL: a lead is acknowledged to the visitor only after COMMIT, and in WAL mode NORMAL may lose
  // the last commits on power loss. At our write rate the extra fsync per commit costs nothing.
  conn.pragma("synchronous = FULL");
  conn.pragma("foreign_keys = ON");

  const statements = new Map<string, BetterSqlite3.Statement>();
  function prepare(sql: string) {
    let stmt = statements.get(sql);
    if (!stmt) {
      stmt = conn.prepare(sql);
      if (statements.size > 500) statements.clear();
      statements.set(sql, stmt);
    }
    return stmt;
  }
  function exec<R>(
    sql: string,
    params: Params,
    how: (stmt: BetterSqlite3.Statement, p: unknown[]) => R,
  ): R {
    const started = performance.now();
    const t = toSqlite(sql, params);
    try {
      return how(prepare(t.sql), t.params);
    } finally {
      logIfSlow(sql, started);
    }
  }
  // Synchronous calls on the one connection; the mutex keeps other requests out of an open transaction.
  const direct: Queryable = {
    dialect: "sqlite",
    async all<T>(sql: string, params: Params = []) {
      return exec(sql, params, (s, p) =>
        s.reader ? (s.all(...p) as T[]) : (s.run(...p), [] as T[]),
      );
    },
    async get<T>(sql: string, params: Params = []) {
      return exec(sql, params, (s, p) =>
        s.reader ? (s.get(...p) as T | undefined) : (s.run(...p), undefined),
      );
    },
    async run(sql: string, params: Params = []) {
      return exec(sql, params, (s, p) => {
        if (s.reader) return { changes: s.all(...p).length };
        return { changes: s.run(...p).changes };
      });
    },
  };

  const mutex = new Mutex();
  return {
    dialect: "sqlite",
    all: (sql, params) => mutex.lock(() => direct.all(sql, params)),
    get: (sql, params) => mutex.lock(() => direct.get(sql, params)),
    getRelaxed: (sql, params) =>
      mutex.lock(async () => {
        conn.pragma("synchronous = NORMAL");
        try {
          return await direct.get(sql, params);
        } finally {
          conn.pragma("synchronous = FULL");
        }
      }),
    run: (sql, params) => mutex.lock(() => direct.run(sql, params)),
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return mutex.lock(async () => {
        conn.exec("BEGIN IMMEDIATE");
        try {
          const result = await fn(direct);
          conn.exec("COMMIT");
          return result;
        } catch (error) {
          if (conn.inTransaction) conn.exec("ROLLBACK");
          throw error;
        }
      });
    },
    async close() {
      await mutex.lock(() => conn.close());
    },
  };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

// COUNT(*) and BIGINT come back as JavaScript numbers (our values stay far below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * No parallel workers (decision 058): a page's statements already run side by side, one per
 * connection, and several requests at once; workers only take the same cores from them (채널 성과
 * over a year, scripts/bench-crm.mjs: p95 421 → 296 ms). pg-pool awaits it on each new connection
 * before handing it out (its `onConnect`, not in @types/pg). A query, not a startup option, which
 * connection poolers such as PgBouncer refuse; the connection is kept if it fails.
 */
async function noParallelWorkers(client: pg.PoolClient) {
  try {
    await client.query("SET max_parallel_workers_per_gather = 0");
  } catch (error) {
    console.warn(`[db] PostgreSQL 설정 실패: ${(error as Error).message}`);
  }
}

function createPostgres(opts: Extract<DbOptions, { dialect: "postgres" }>): Db {
  if (opts.schema && !/^[a-z_][a-z0-9_]*$/.test(opts.schema))
    throw new Error(`잘못된 스키마 이름: ${opts.schema}`);
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.poolSize ?? 10,
    // While the database is unreachable a request fails after 5 s with the Korean error page,
    // instead of waiting for the operating system to give up on the connection.
    connectionTimeoutMillis: 5_000,
    ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
    onConnect: noParallelWorkers,
  } as pg.PoolConfig);
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on("error", (error) => console.warn(`[db] PostgreSQL 연결 오류: ${error.message}`));

  function on(client: pg.Pool | pg.PoolClient): Queryable {
    async function query(sql: string, params: Params = []) {
      const started = performance.now();
      try {
        return await client.query(sql, params.map(pgValue));
      } finally {
        logIfSlow(sql, started);
      }
    }
    return {
      dialect: "postgres",
      async all<T>(sql: string, params?: Params) {
        return (await query(sql, params)).rows as T[];
      },
      async get<T>(sql: string, params?: Params) {
        return (await query(sql, params)).rows[0] as T | undefined;
      },
      async run(sql: string, params?: Params) {
        return { changes: (await query(sql, params)).rowCount ?? 0 };
      },
    };
  }

  let ready: Promise<void> | undefined;
  const ensureSchema = () =>
    (ready ??= opts.schema
      ? pool.query(`CREATE SCHEMA IF NOT EXISTS ${opts.schema}`).then(() => undefined)
      : Promise.resolve());

  const top = on(pool);
  return {
    dialect: "postgres",
    all: async (sql, params) => (await ensureSchema(), top.all(sql, params)),
    get: async (sql, params) => (await ensureSchema(), top.get(sql, params)),
    getRelaxed: async (sql, params) => (await ensureSchema(), top.get(sql, params)),
    run: async (sql, params) => (await ensureSchema(), top.run(sql, params)),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      await ensureSchema();
      const client = await pool.connect();
      // A connection lost while the client is checked out and between queries is reported as an
      // 'error' event on the client, which would crash the process without a listener. The pool
      // drops such a client on release instead of handing it out again.
      const lost = (error: Error) =>
        console.warn(`[db] PostgreSQL 연결이 트랜잭션 중에 끊겼습니다: ${error.message}`);
      client.on("error", lost);
      try {
        await client.query("BEGIN");
        const result = await fn(on(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.off("error", lost);
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

function pgValue(v: unknown): unknown {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v === undefined) return null;
  return v;
}

// ---------------------------------------------------------------------------------------------
// Migrations

export type Migration = { version: number; name: string; sql: string };

const MIGRATION_FILE = /^([0-9]+)_([a-z0-9_-]+)\.sql$/;

function fromFiles(files: Record<string, string>): Migration[] {
  const list = Object.entries(files).map(([path, sql]) => {
    const file = path.split("/").pop()!;
    const m = MIGRATION_FILE.exec(file);
    if (!m) throw new Error(`마이그레이션 파일 이름이 규칙(NNN_name.sql)에 맞지 않습니다: ${file}`);
    return { version: Number(m[1]), name: m[2]!, sql };
  });
  list.sort((a, b) => a.version - b.version);
  for (let i = 1; i < list.length; i++) {
    if (list[i]!.version === list[i - 1]!.version)
      throw new Error(`마이그레이션 번호 중복: ${list[i]!.version}`);
  }
  return list;
}

/**
 * The migration files. The app build (Vite) inlines them; under plain Node (tsx: commands) they are
 * read from app/db/migrations beside this file.
 */
export function loadMigrations(): Migration[] {
  let files: Record<string, string>;
  try {
    files = import.meta.glob<string>("./migrations/*.sql", {
      query: "?raw",
      import: "default",
      eager: true,
    });
  } catch {
    const dir = join(dirname(fileURLToPath(import.meta.url)), "migrations");
    files = Object.fromEntries(
      readdirSync(dir)
        .filter((f) => f.endsWith(".sql"))
        .map((f) => [f, readFileSync(join(dir, f), "utf8")]),
    );
  }
  return fromFiles(files);
}

/** Splits a migration file into statements (no semicolons inside our string literals). */
function statementsOf(sql: string): string[] {
  return sql
    .replace(/--[^\n]*/g, "")
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean);
}

// Any constant: identifies "this application's migrations" for pg_advisory_lock.
const MIGRATION_LOCK = 72_190_501;

/** Applies pending migrations, each in its own transaction. Returns the versions applied now. */
export async function migrate(
  db: Db,
  migrations: Migration[] = loadMigrations(),
): Promise<number[]> {
  const run = async () => {
    await db.run(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version INTEGER PRIMARY KEY,
         name TEXT NOT NULL,
         applied_at TEXT NOT NULL
       )`,
    );
    const done = new Set(
      (await db.all<{ version: number }>("SELECT version FROM schema_migrations")).map((r) =>
        Number(r.version),
      ),
    );
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      const appliedNow = await db.transaction(async (tx) => {
        // Checked again inside the write transaction: another process (a command next to the server,
        // on the same SQLite file) may have applied it meanwhile.
        if (await tx.get("SELECT version FROM schema_migrations WHERE version = $1", [m.version]))
          return false;
        for (const statement of statementsOf(m.sql)) await tx.run(statement);
        await tx.run(
          "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
          [m.version, m.name, new Date().toISOString()],
        );
        return true;
      });
      if (appliedNow) applied.push(m.version);
    }
    return applied;
  };
  if (db.dialect === "sqlite") return run();
  // Several instances starting together: the first migrates, the others wait and find nothing to do.
  // The lock belongs to an outer transaction on its own connection, held until every migration
  // (each in its own transaction on another connection) is done.
  return db.transaction(async (lock) => {
    await lock.run("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    return run();
  });
}

// ---------------------------------------------------------------------------------------------
// The application's connection

function optionsFromEnv(): DbOptions {
  const { DATABASE_URL, DATA_DIR } = env();
  if (DATABASE_URL) {
    if (!/^postgres(ql)?:\/\//.test(DATABASE_URL)) {
      throw new Error(
        "DATABASE_URL은 postgres:// 또는 postgresql://로 시작해야 합니다 (비워 두면 SQLite 사용)",
      );
    }
    return { dialect: "postgres", url: DATABASE_URL };
  }
  return { dialect: "sqlite", file: join(DATA_DIR, "site.db") };
}

/**
 * A new, migrated connection (tests, commands). The app uses getDb(). `migrations`: the ones to apply
 * (a test of a migration starts from the schema before it); every one by default.
 */
export async function createDb(
  options: DbOptions | string,
  migrations: Migration[] = loadMigrations(),
): Promise<Db> {
  const opts: DbOptions =
    typeof options === "string"
      ? /^postgres(ql)?:\/\//.test(options)
        ? { dialect: "postgres", url: options }
        : { dialect: "sqlite", file: options }
      : options;
  const db = opts.dialect === "sqlite" ? createSqlite(opts.file) : createPostgres(opts);
  try {
    await migrate(db, migrations);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}

// Kept on globalThis so that the development server's module reloads reuse one connection.
const holder = globalThis as typeof globalThis & { __siteDb?: Promise<Db> };

/** The application's connection: created once from env, migrated before it resolves. */
export function getDb(): Promise<Db> {
  if (!holder.__siteDb) {
    const created = createDb(optionsFromEnv());
    holder.__siteDb = created;
    created.catch(() => {
      if (holder.__siteDb === created) holder.__siteDb = undefined; // the next call tries again
    });
  }
  return holder.__siteDb;
}

/** Makes getDb() answer with this connection (tests); undefined forgets it. */
export function setDb(db: Db | undefined) {
  holder.__siteDb = db ? Promise.resolve(db) : undefined;
}

/** Closes the application's connection (shutdown). */
export async function closeDb() {
  const db = await holder.__siteDb?.catch(() => undefined);
  holder.__siteDb = undefined;
  await db?.close();
}
