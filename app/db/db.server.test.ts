import { describe, expect, it, vi } from "vitest";
import { createDb, loadMigrations, migrate, toSqlite, type Db } from "./db.server";
import { engines, freshDb, useTestDb } from "./test-support";

/** The tables and columns the code expects after all migrations. */
const EXPECTED: Record<string, string[]> = {
  leads: [
    "id",
    "kind",
    "name",
    "phone",
    "message",
    "privacy_consent_at",
    "privacy_consent_version",
    "sms_consent",
    "sms_consent_at",
    "source",
    "ip",
    "user_agent",
    "idempotency_key",
    "created_at",
    "status",
    "memo",
    "status_at",
    "memo_at",
    "visit_at",
    "visit_token_hash",
    "visit_cancelled_at",
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "utm_term",
    "utm_content",
    "referrer_host",
    "site_id",
    "shown_phone",
    "customer_id",
  ],
  outbox: [
    "id",
    "lead_id",
    "kind",
    "payload",
    "status",
    "attempts",
    "next_attempt_at",
    "locked_until",
    "last_error",
    "created_at",
    "delivered_at",
    "recipient",
    "purpose",
    "site_id",
    "provider_message_id",
    "message_type",
    "delivery_state",
    "delivery_code",
    "delivery_reported_at",
  ],
  outbox_attempts: [
    "id",
    "outbox_id",
    "attempt",
    "started_at",
    "finished_at",
    "ok",
    "status_code",
    "error",
  ],
  rate_limits: ["site_id", "key", "window_start", "count"],
  visit_slots: ["site_id", "starts_at", "booked"],
  admins: [
    "id",
    "email",
    "password_hash",
    "created_at",
    "updated_at",
    "all_sites",
    "role",
    "disabled_at",
    "last_sign_in_at",
    "phone",
  ],
  admin_invitations: [
    "id",
    "token_hash",
    "email",
    "role",
    "sites",
    "created_by",
    "created_at",
    "expires_at",
    "used_at",
    "admin_id",
  ],
  admin_sites: ["admin_id", "site_id"],
  admin_sessions: [
    "id",
    "admin_id",
    "created_at",
    "last_seen_at",
    "expires_at",
    "ip",
    "user_agent",
  ],
  press_photos: ["id", "width", "height", "created_at"],
  press_photo_files: ["photo_id", "format", "width", "height", "bytes"],
  press_posts: [
    "id",
    "site",
    "title",
    "summary",
    "body",
    "source_name",
    "source_url",
    "press_date",
    "status",
    "published_at",
    "views",
    "photo_id",
    "created_by",
    "created_at",
    "updated_at",
    "site_id",
  ],
  admin_access_log: [
    "id",
    "at",
    "admin_id",
    "admin_email",
    "action",
    "target",
    "filter",
    "row_count",
    "ip",
    "site_id",
  ],
  schema_migrations: ["version", "name", "applied_at"],
  live_settings: ["site_id", "field", "value", "updated_at", "updated_by"],
  live_changes: [
    "id",
    "site_id",
    "field",
    "old_value",
    "new_value",
    "changed_by",
    "changed_at",
    "reverts",
    "content_value",
  ],
  channel_counts: ["site_id", "day", "source", "landings", "tel_taps"],
  site_documents: [
    "site_id",
    "draft",
    "draft_revision",
    "draft_saved_at",
    "draft_saved_by",
    "state",
    "state_changed_at",
    "created_at",
    "created_by",
  ],
  site_pages: ["site_id", "page_key", "pages", "rendered_at"],
  site_copy_sources: ["site_id", "source_id", "source_name", "identity", "kept", "copied_at"],
  site_versions: [
    "site_id",
    "version",
    "content",
    "note",
    "published_by",
    "published_at",
    "live_from",
  ],
  customers: [
    "id",
    "site_id",
    "phone",
    "name",
    "status",
    "status_at",
    "stage",
    "interest",
    "consultant_id",
    "assigned_at",
    "source",
    "touches",
    "calls",
    "last_result",
    "last_call_at",
    "next_contact_at",
    "memo",
    "memo_at",
    "first_at",
    "last_at",
    "created_at",
  ],
  customer_calls: [
    "id",
    "site_id",
    "customer_id",
    "admin_id",
    "admin_email",
    "at",
    "result",
    "note",
    "interest",
    "next_contact_at",
    "created_at",
  ],
  customer_events: [
    "id",
    "site_id",
    "customer_id",
    "at",
    "kind",
    "old_value",
    "new_value",
    "admin_id",
    "admin_email",
  ],
  crm_settings: ["site_id", "auto_assign", "updated_at"],
  crm_consultants: ["site_id", "admin_id", "active", "last_assigned_at"],
  crm_digests: ["site_id", "admin_id", "day", "created_at", "due"],
  jobs: [
    "id",
    "kind",
    "subject",
    "site_id",
    "input",
    "status",
    "attempts",
    "done",
    "total",
    "next_attempt_at",
    "claim",
    "locked_until",
    "last_error",
    "created_at",
    "updated_at",
    "finished_at",
  ],
};

async function columnsOf(db: Db): Promise<Record<string, string[]>> {
  const rows =
    db.dialect === "postgres"
      ? await db.all<{ table_name: string; column_name: string }>(
          `SELECT table_name, column_name FROM information_schema.columns
           WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
        )
      : await db.all<{ table_name: string; column_name: string }>(
          `SELECT m.name AS table_name, p.name AS column_name
           FROM sqlite_master m JOIN pragma_table_info(m.name) p
           WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, p.cid`,
        );
  const tables: Record<string, string[]> = {};
  for (const r of rows) (tables[r.table_name] ??= []).push(r.column_name);
  return tables;
}

describe("migration files", () => {
  it("are numbered without gaps or repeats", () => {
    const versions = loadMigrations().map((m) => m.version);
    expect(versions).toEqual(versions.map((_, i) => i + 1));
  });
});

describe("SQLite placeholders", () => {
  it("turns $1, $2 into ? and repeats reused parameters, leaving quoted text alone", () => {
    expect(toSqlite("SELECT $2, '$1', $1, \"$3\", $2", ["a", "b"])).toEqual({
      sql: "SELECT ?, '$1', ?, \"$3\", ?",
      params: ["b", "a", "b"],
    });
    expect(() => toSqlite("SELECT $3", ["a"])).toThrow("$3");
  });
});

describe.each(engines())("database ($name)", (engine) => {
  const t = useTestDb(engine);

  it("applies every migration to a fresh database and has the tables and columns the code expects", async () => {
    const { db, destroy } = await freshDb(engine);
    try {
      expect(await columnsOf(db)).toEqual(EXPECTED);
      const applied = await db.all<{ version: number }>(
        "SELECT version FROM schema_migrations ORDER BY version",
      );
      expect(applied.map((r) => Number(r.version))).toEqual(loadMigrations().map((m) => m.version));
      // Running again applies nothing.
      expect(await migrate(db)).toEqual([]);
    } finally {
      await destroy();
    }
  });

  it("puts every row that existed before the complexes on anyang, and keys per complex after", async () => {
    const before = loadMigrations().filter((m) => m.version < 4);
    const { db, destroy } = await freshDb(engine, before);
    try {
      const at = "2026-03-01T01:00:00.000Z";
      await db.run(
        `INSERT INTO leads (id, kind, name, phone, privacy_consent_at, privacy_consent_version, source, ip,
           idempotency_key, created_at, visit_at, visit_token_hash)
         VALUES ('l1', 'visit', '홍길동', '010-1234-5678', $1, 'v1', '/', '1', 'key.1', $1, $2, 'hash1')`,
        [at, "2026-03-02T01:00:00.000Z"],
      );
      await db.run(
        `INSERT INTO outbox (id, lead_id, kind, payload, next_attempt_at, created_at, recipient, purpose)
         VALUES ('o1', 'l1', 'sms', '{}', $1, $1, '010-1234-5678', 'confirmation')`,
        [at],
      );
      await db.run("INSERT INTO visit_slots (starts_at, booked) VALUES ($1, 3)", [
        "2026-03-02T01:00:00.000Z",
      ]);
      await db.run("INSERT INTO rate_limits (key, window_start, count) VALUES ('lead:1', $1, 2)", [
        at,
      ]);
      await db.run(
        `INSERT INTO press_posts (id, site, title, summary, press_date, status, published_at, created_at, updated_at)
         VALUES ('p1', 'anyang', '제목', '요약', '2026-03-01', 'published', $1, $1, $1)`,
        [at],
      );
      await db.run(
        `INSERT INTO admin_access_log (id, at, admin_email, action, target, row_count)
         VALUES ('a1', $1, 'admin@example.com', 'view', '상담 접수 목록', 1)`,
        [at],
      );

      expect(await migrate(db)).toEqual(
        loadMigrations()
          .filter((m) => m.version >= 4)
          .map((m) => m.version),
      );

      for (const table of [
        "leads",
        "outbox",
        "visit_slots",
        "rate_limits",
        "press_posts",
        "admin_access_log",
      ]) {
        expect(await db.all(`SELECT site_id FROM ${table}`), table).toEqual([
          { site_id: "anyang" },
        ]);
      }
      expect(await db.get("SELECT booked, starts_at FROM visit_slots")).toEqual({
        booked: 3,
        starts_at: "2026-03-02T01:00:00.000Z",
      });
      expect(await db.get("SELECT key, count FROM rate_limits")).toEqual({
        key: "lead:1",
        count: 2,
      });
      // What was unique across the site is unique per complex: the same slot, counter, key and
      // token on another complex are other rows; on the same complex, refused.
      await db.run(
        "INSERT INTO visit_slots (site_id, starts_at, booked) VALUES ('bundang', $1, 1)",
        ["2026-03-02T01:00:00.000Z"],
      );
      await db.run(
        "INSERT INTO rate_limits (site_id, key, window_start, count) VALUES ('bundang', 'lead:1', $1, 1)",
        [at],
      );
      await db.run(
        `INSERT INTO leads (id, site_id, kind, name, phone, privacy_consent_at, privacy_consent_version, source, ip,
           idempotency_key, created_at, visit_token_hash)
         VALUES ('l2', 'bundang', 'visit', '홍길동', '010-1234-5678', $1, 'v1', '/', '1', 'key.1', $1, 'hash1')`,
        [at],
      );
      await expect(
        db.run("INSERT INTO visit_slots (site_id, starts_at, booked) VALUES ('anyang', $1, 1)", [
          "2026-03-02T01:00:00.000Z",
        ]),
      ).rejects.toThrow();
      await expect(
        db.run(
          `INSERT INTO leads (id, site_id, kind, name, phone, privacy_consent_at, privacy_consent_version, source, ip,
             idempotency_key, created_at)
           VALUES ('l3', 'anyang', 'visit', '홍길동', '010-1234-5678', $1, 'v1', '/', '1', 'key.1', $1)`,
          [at],
        ),
      ).rejects.toThrow();
    } finally {
      await destroy();
    }
  });

  it("makes the administrators of every complex agency administrators and the others editors", async () => {
    const before = loadMigrations().filter((m) => m.version < 12);
    const { db, destroy } = await freshDb(engine, before);
    try {
      const at = "2026-03-01T01:00:00.000Z";
      await db.run(
        `INSERT INTO admins (id, email, password_hash, created_at, updated_at, all_sites)
         VALUES ('a1', 'all@example.com', 'x', $1, $1, 1), ('a2', 'one@example.com', 'x', $1, $1, 0)`,
        [at],
      );
      await db.run("INSERT INTO admin_sites (admin_id, site_id) VALUES ('a2', 'suwon')");
      await migrate(db);
      expect(
        await db.all("SELECT email, role, all_sites, disabled_at FROM admins ORDER BY email"),
      ).toEqual([
        { email: "all@example.com", role: "agency", all_sites: 1, disabled_at: null },
        { email: "one@example.com", role: "editor", all_sites: 0, disabled_at: null },
      ]);
      // An instance of the release before writes an administrator without a role: an editor.
      await db.run(
        `INSERT INTO admins (id, email, password_hash, created_at, updated_at, all_sites)
         VALUES ('a3', 'old@example.com', 'x', $1, $1, 0)`,
        [at],
      );
      expect(await db.get("SELECT role FROM admins WHERE id = 'a3'")).toEqual({ role: "editor" });
      await expect(db.run("UPDATE admins SET role = 'owner' WHERE id = 'a3'")).rejects.toThrow();
    } finally {
      await destroy();
    }
  });

  // PostgreSQL only: SQLite is one process by design (a second process waits on the file lock).
  it.runIf(engine.name === "postgres")(
    "migrates once when several instances start together",
    async () => {
      const { reopen, destroy, db } = await freshDb(engine);
      try {
        // Same database, more connections migrating at the same time (pending: a new migration).
        const extra = {
          version: 999,
          name: "extra",
          sql: "CREATE TABLE extra_test (id TEXT PRIMARY KEY)",
        };
        const others = await Promise.all([reopen(), reopen(), reopen()]);
        const results = await Promise.all(
          [db, ...others].map((d) => migrate(d, [...loadMigrations(), extra])),
        );
        expect(results.flat()).toEqual([999]);
      } finally {
        await destroy();
      }
    },
  );

  it("commits a transaction as a whole and rolls it back as a whole", async () => {
    const db = t.db();
    await db.transaction(async (tx) => {
      await tx.run(
        "INSERT INTO rate_limits (site_id, key, window_start, count) VALUES ('anyang', $1, $2, $3)",
        ["a", "w", 1],
      );
      await tx.run(
        "INSERT INTO rate_limits (site_id, key, window_start, count) VALUES ('anyang', $1, $2, $3)",
        ["b", "w", 2],
      );
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.run(
          "INSERT INTO rate_limits (site_id, key, window_start, count) VALUES ('anyang', $1, $2, $3)",
          ["c", "w", 3],
        );
        await tx.run(
          "INSERT INTO rate_limits (site_id, key, window_start, count) VALUES ('anyang', $1, $2, $3)",
          ["a", "w", 4],
        );
      }),
    ).rejects.toThrow();
    const rows = await db.all<{ key: string; count: number }>(
      "SELECT key, count FROM rate_limits ORDER BY key",
    );
    expect(rows).toEqual([
      { key: "a", count: 1 },
      { key: "b", count: 2 },
    ]);
  });

  it("keeps other requests' queries out of an open transaction", async () => {
    const db = t.db();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const tx = db.transaction(async (q) => {
      await q.run(
        "INSERT INTO rate_limits (site_id, key, window_start, count) VALUES ('anyang', 't', 'w', 1)",
      );
      entered();
      await held;
      throw new Error("rolled back");
    });
    await inside;
    // Another request writes while the transaction is open; it must not become part of it.
    const other = db.run(
      "INSERT INTO rate_limits (site_id, key, window_start, count) VALUES ('anyang', 'other', 'w', 1)",
    );
    release();
    await expect(tx).rejects.toThrow("rolled back");
    await other;
    expect(await db.all("SELECT key FROM rate_limits ORDER BY key")).toEqual([{ key: "other" }]);
  });

  it("returns rows, single rows and changed-row counts the same way on both engines", async () => {
    const db = t.db();
    expect(
      await db.run(
        "INSERT INTO rate_limits (site_id, key, window_start, count) VALUES ('anyang', $1, $2, $3)",
        ["x", "w", 7],
      ),
    ).toEqual({
      changes: 1,
    });
    expect(await db.get("SELECT key, count FROM rate_limits WHERE key = $1", ["x"])).toEqual({
      key: "x",
      count: 7,
    });
    expect(await db.get("SELECT key FROM rate_limits WHERE key = $1", ["none"])).toBeUndefined();
    expect(await db.get("SELECT COUNT(*) AS n FROM rate_limits")).toEqual({ n: 1 });
    expect(
      (await db.run("UPDATE rate_limits SET count = count + 1 WHERE key = $1", ["x"])).changes,
    ).toBe(1);
    expect((await db.run("DELETE FROM rate_limits WHERE key = $1", ["none"])).changes).toBe(0);
  });

  it("a relaxed write answers like get, and later writes are durable again", async () => {
    const db = t.db();
    await db.run(
      "INSERT INTO rate_limits (site_id, key, window_start, count) VALUES ('anyang', $1, $2, $3)",
      ["v", "w", 1],
    );
    const counted = await Promise.all(
      Array.from({ length: 20 }, () =>
        db.getRelaxed<{ count: number }>(
          "UPDATE rate_limits SET count = count + 1 WHERE key = $1 RETURNING count",
          ["v"],
        ),
      ),
    );
    expect(counted.map((r) => r!.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 2),
    );
    if (engine.name === "sqlite")
      // 2 = FULL: a lead committed next waits for the disk, as decided.
      expect(await db.get("PRAGMA synchronous")).toEqual({ synchronous: 2 });
  });

  it("warns about slow queries", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const clock = vi.spyOn(performance, "now");
    clock.mockReturnValueOnce(1000).mockReturnValueOnce(1000 + 250);
    try {
      await t.db().get("SELECT 1 AS one");
    } finally {
      clock.mockRestore();
    }
    expect(warn.mock.calls.some((c) => String(c[0]).includes("느린 쿼리 250ms"))).toBe(true);
    warn.mockRestore();
  });
});

describe("createDb", () => {
  it("refuses an unreachable PostgreSQL with an error instead of hanging", async () => {
    await expect(createDb("postgres://nobody@127.0.0.1:1/none")).rejects.toThrow();
  });
});
