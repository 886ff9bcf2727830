-- What the ads cost (issue 41: what each lead, visit and contract cost). An agency exports a cost
-- report from the ad platform and imports it per complex and source (app/channels/ad-costs.server.ts).
--
-- ad_cost_imports: one row per imported file. source: the complex's utm_source as channel_counts
-- keys it (lower-cased), so costs sit beside the landings and leads of the same source. platform:
-- the report's format. file_sha256: the file's content hash (hex); the same file imported again for
-- the same complex and source is recognised by the unique index and changes nothing. row_count,
-- total_won, first_day, last_day: what the file held; replaced_rows: the rows of earlier files it
-- replaced (same complex, source, campaign and day). imported_by: who imported it (the console
-- account's e-mail, kept after the account is deleted); imported_at: ISO UTC.
CREATE TABLE ad_cost_imports (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  source TEXT NOT NULL,
  platform TEXT NOT NULL
    CHECK (platform IN ('naver-search', 'naver-api', 'kakao-moment', 'meta', 'google-ads', 'daangn', 'mapped', 'manual')),
  file_name TEXT NOT NULL,
  file_sha256 TEXT NOT NULL,
  row_count INTEGER NOT NULL,
  total_won INTEGER NOT NULL,
  first_day TEXT NOT NULL,
  last_day TEXT NOT NULL,
  replaced_rows INTEGER NOT NULL DEFAULT 0,
  imported_by TEXT NOT NULL,
  imported_at TEXT NOT NULL
);
CREATE UNIQUE INDEX ad_cost_imports_site_source_sha ON ad_cost_imports (site_id, source, file_sha256);
CREATE INDEX ad_cost_imports_site_at ON ad_cost_imports (site_id, imported_at);

-- ad_costs: one row per line of an imported file. day: the Korean date (YYYY-MM-DD); campaign and
-- ad_group: '' when the report has none; impressions and clicks: NULL when the report has none.
-- cost_won: whole won, VAT included. import_id and file_row: the file and its line it came from
-- (the import row says who imported it and when). A later file covering the same complex, source,
-- campaign and day replaces that day's rows; deleting an import deletes its rows.
CREATE TABLE ad_costs (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  day TEXT NOT NULL,
  source TEXT NOT NULL,
  campaign TEXT NOT NULL DEFAULT '',
  ad_group TEXT NOT NULL DEFAULT '',
  impressions INTEGER,
  clicks INTEGER,
  cost_won INTEGER NOT NULL CHECK (cost_won >= 0),
  import_id TEXT NOT NULL REFERENCES ad_cost_imports (id) ON DELETE CASCADE,
  file_row INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX ad_costs_site_day ON ad_costs (site_id, day);
CREATE INDEX ad_costs_site_source_campaign_day ON ad_costs (site_id, source, campaign, day);
CREATE INDEX ad_costs_import ON ad_costs (import_id);
