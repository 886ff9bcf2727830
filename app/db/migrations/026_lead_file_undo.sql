-- 리드 파일 되돌리기 (issue 42, app/leads/lead-file.server.ts undoLeadFile): a saved lead file taken
-- back, its leads and the cards only it made removed. The file's row stays, for the record:
-- removed_at (ISO UTC) and removed_by (the console account's e-mail) say when and by whom; NULL while
-- it stands. The same file may then be imported again: the content hash is unique only among the
-- files that stand.
ALTER TABLE lead_files ADD COLUMN removed_at TEXT;
ALTER TABLE lead_files ADD COLUMN removed_by TEXT;
DROP INDEX lead_files_site_sha256;
CREATE UNIQUE INDEX lead_files_site_sha256 ON lead_files (site_id, sha256) WHERE removed_at IS NULL;
