-- 광고비 가져오기 (issue 41, app/channels/ad-cost-import.server.ts): a file is uploaded, previewed,
-- then saved; the preview and the save are separate requests, possibly on different instances, so
-- the uploaded file waits here between them.
--
-- ad_cost_pending: one uploaded cost file not yet saved, per complex. sha256: the file's content
-- hash (hex); bytes: the file itself (BYTEA: PostgreSQL's byte string, SQLite keeps the Buffer as a
-- BLOB), at most 10 MB. created_by: the console account's e-mail; created_at: ISO UTC. A row is
-- deleted when its file is saved or given up, and by the retention job 24 hours after it came.
CREATE TABLE ad_cost_pending (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  file_name TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  bytes BYTEA NOT NULL,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX ad_cost_pending_created ON ad_cost_pending (created_at);

-- ad_cost_choices: what a person chose once for a complex, proposed the next time. kind 'source':
-- choice_key is a report's platform (naver-search, meta…), value the complex's utm_source its files
-- are imported as. kind 'mapping': choice_key is the header of a file no platform claims
-- (app/channels/ad-cost/ad-cost.ts headerKey), value the picked columns as JSON. kind 'campaign':
-- choice_key is a Naver 검색광고 campaign ID, value its name (the API report names IDs only).
-- updated_by: the console account's e-mail; updated_at: ISO UTC.
CREATE TABLE ad_cost_choices (
  site_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('source', 'mapping', 'campaign')),
  choice_key TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_by TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (site_id, kind, choice_key)
);
