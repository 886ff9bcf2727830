-- 리드 파일 가져오기 (issue 42, app/leads/lead-file.server.ts): files of leads from Kakao 비즈니스폼+,
-- 당근 비즈니스 and DB vendors, uploaded, mapped, previewed, then saved.
--
-- lead_files: one saved file per complex. sha256: the file's content hash (hex); the same file again
-- is refused (unique per complex). source, campaign: the utm_source and utm_campaign chosen for the
-- file's leads. consent_at, consent_where: what the form said of the whole file's consent (when and
-- where it was given), or NULL. The counts are the preview's: rows read, new cards, leads added to
-- an existing card, rows folded into an earlier row of the same phone, refused rows, leads stored as
-- 동의 미확인. imported_by: the console account's e-mail; imported_at: ISO UTC.
CREATE TABLE lead_files (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  file_name TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  source TEXT NOT NULL,
  campaign TEXT,
  consent_at TEXT,
  consent_where TEXT,
  row_count INTEGER NOT NULL,
  new_count INTEGER NOT NULL,
  joined_count INTEGER NOT NULL,
  duplicate_count INTEGER NOT NULL,
  refused_count INTEGER NOT NULL,
  unconfirmed_count INTEGER NOT NULL,
  imported_by TEXT NOT NULL,
  imported_at TEXT NOT NULL
);
CREATE UNIQUE INDEX lead_files_site_sha256 ON lead_files (site_id, sha256);

-- lead_file_pending: an uploaded lead file not yet saved (the columns of ad_cost_pending, migration
-- 022; app/tables/pending.server.ts), deleted when saved or given up, and 24 hours after it came.
CREATE TABLE lead_file_pending (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  file_name TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  bytes BYTEA NOT NULL,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX lead_file_pending_created ON lead_file_pending (created_at);

-- lead_file_mappings: the columns picked for a lead file's header (app/tables/read-table.ts
-- headerKey) in a complex, as JSON, proposed for the next file with that header.
CREATE TABLE lead_file_mappings (
  site_id TEXT NOT NULL,
  header_key TEXT NOT NULL,
  mapping TEXT NOT NULL,
  updated_by TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (site_id, header_key)
);

-- Provenance of an imported lead: its file (lead_files.id) and the file's line it was read from
-- (the first, when the phone was there more than once); NULL for every other lead. consent_where:
-- where the lead's consent was given, as its file said (NULL: not said, or not a file's lead).
ALTER TABLE leads ADD COLUMN lead_file_id TEXT;
ALTER TABLE leads ADD COLUMN lead_file_row INTEGER;
ALTER TABLE leads ADD COLUMN consent_where TEXT;
CREATE INDEX leads_lead_file ON leads (lead_file_id);
