import { describe, expect, it } from "vitest";
import { loadMigrations, migrate } from "./db.server";
import { engines, freshDb } from "./test-support";

/*
 * What the migrations do to the rows a database held before them (every row on anyang when the
 * complexes came; roles from the administrators' scopes), and several instances migrating at once.
 */

describe.each(engines())("database ($name)", (engine) => {
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

  it("sums the cost rows stored before migration 030 per day and source, and per month and campaign", async () => {
    const before = loadMigrations().filter((m) => m.version < 30);
    const { db, destroy } = await freshDb(engine, before);
    try {
      const at = "2026-03-01T01:00:00.000Z";
      await db.run(
        `INSERT INTO ad_cost_imports (id, site_id, source, platform, file_name, file_sha256,
           row_count, total_won, first_day, last_day, imported_by, imported_at)
         VALUES ('i1', 'anyang', 'naver', 'naver-search', 'n.csv', $1, 4, 0, '2026-01-31',
           '2026-02-01', 'a@example.com', $2)`,
        ["a".repeat(64), at],
      );
      const row = (id: string, day: string, campaign: string, group: string, won: number) =>
        db.run(
          `INSERT INTO ad_costs (id, site_id, day, source, campaign, ad_group, impressions, clicks,
             cost_won, import_id, file_row, created_at)
           VALUES ($1, 'anyang', $2, 'naver', $3, $4, $5, NULL, $6, 'i1', 2, $7)`,
          [id, day, campaign, group, won / 10, won, at],
        );
      await row("c1", "2026-01-31", "brand", "a", 1_000);
      await row("c2", "2026-01-31", "brand", "b", 2_000);
      await row("c3", "2026-02-01", "brand", "a", 4_000);
      await row("c4", "2026-02-01", "region", "a", 8_000);
      await migrate(db);
      expect(
        await db.all(
          "SELECT site_id, day, source, impressions, clicks, cost_won FROM ad_cost_days ORDER BY day",
        ),
      ).toEqual([
        {
          site_id: "anyang",
          day: "2026-01-31",
          source: "naver",
          impressions: 300,
          clicks: null,
          cost_won: 3_000,
        },
        {
          site_id: "anyang",
          day: "2026-02-01",
          source: "naver",
          impressions: 1_200,
          clicks: null,
          cost_won: 12_000,
        },
      ]);
      expect(
        await db.all(
          "SELECT month, campaign, impressions, cost_won FROM ad_cost_months ORDER BY month, campaign",
        ),
      ).toEqual([
        { month: "2026-01", campaign: "brand", impressions: 300, cost_won: 3_000 },
        { month: "2026-02", campaign: "brand", impressions: 400, cost_won: 4_000 },
        { month: "2026-02", campaign: "region", impressions: 800, cost_won: 8_000 },
      ]);
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
});
