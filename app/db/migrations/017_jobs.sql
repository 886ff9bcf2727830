-- Slow media work as jobs (issue 43, item 2; docs/decisions/048-jobs.md): a notice's pages drawn
-- from its PDF, a panorama's widths, a large picture's variants. The upload stores its file and a
-- row here, and answers; a runner in each instance (app/jobs/jobs.server.ts) claims a due row,
-- does the work, and says how far it got (`done` of `total`) for the console. One row per piece of
-- work (`kind`, `subject`: the media key the work is for), so uploading the same file again adds
-- nothing. `status`: pending (due at `next_attempt_at`), running (held by `claim` until
-- `locked_until`, renewed while it works; a dead instance's row is taken again once that passes),
-- done, or failed (`last_error`: the Korean reason shown on the field). `attempts` counts claims,
-- bounded by the runner. `input`: JSON the work needs.
CREATE TABLE jobs (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  subject TEXT NOT NULL,
  site_id TEXT,
  input TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'done', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  done INTEGER NOT NULL DEFAULT 0,
  total INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  claim TEXT,
  locked_until TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE UNIQUE INDEX jobs_kind_subject ON jobs (kind, subject);
CREATE INDEX jobs_due ON jobs (status, next_attempt_at);
