-- The client's read-only link to the weekly report (issue 41, item 6; docs/decisions/053). The agency
-- makes a link per complex for the 시행사 or 분양대행사 that pays it; the link opens that complex's
-- weekly report and nothing else (app/reports/report-links.server.ts).
--
-- token_hash: sha256 (hex) of the random token in the link; the token itself is shown once, when the
-- link is made, and never stored. label: whom it was made for (고객사 이름). created_by: the console
-- account's e-mail (kept after the account is deleted). created_at, expires_at, revoked_at: ISO UTC;
-- a link past expires_at or with revoked_at opens nothing (404).
CREATE TABLE report_links (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  label TEXT NOT NULL,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE UNIQUE INDEX report_links_token_hash ON report_links (token_hash);
CREATE INDEX report_links_site_created ON report_links (site_id, created_at);
