import { describe, expect, it } from "vitest";
import { loadMigrations, migrate, type Db } from "./db.server";
import { engines, freshDb } from "./test-support";

/*
 * Every migration applied to a fresh database gives the tables and columns the code expects, and the
 * migration files are numbered one after another.
 */

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
  ad_cost_imports: [
    "id",
    "site_id",
    "source",
    "platform",
    "file_name",
    "file_sha256",
    "row_count",
    "first_day",
    "last_day",
    "replaced_rows",
    "imported_by",
    "imported_at",
    "total_won",
  ],
  ad_costs: [
    "id",
    "site_id",
    "day",
    "source",
    "campaign",
    "ad_group",
    "impressions",
    "clicks",
    "cost_won",
    "import_id",
    "file_row",
    "created_at",
  ],
  manual_costs: [
    "id",
    "site_id",
    "kind",
    "medium",
    "source",
    "campaign",
    "first_day",
    "last_day",
    "amount_won",
    "note",
    "created_by",
    "created_at",
    "updated_by",
    "updated_at",
  ],
  manual_cost_history: [
    "id",
    "site_id",
    "cost_id",
    "action",
    "before_json",
    "after_json",
    "changed_by",
    "changed_at",
  ],
  report_links: [
    "id",
    "site_id",
    "token_hash",
    "label",
    "created_by",
    "created_at",
    "expires_at",
    "revoked_at",
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

describe.each(engines())("database ($name)", (engine) => {
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
});
