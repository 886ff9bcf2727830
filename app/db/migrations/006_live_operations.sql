-- Live operations (운영 정보): values an administrator changes while a sale runs (the phone number,
-- remaining units, the notice…), each stored over its default in the complex's content file, and
-- every change kept: who, when, which field, the old and the new value (JSON text, NULL for "the
-- content file's value"). A revert is itself a change that names the one it undid. The number of a
-- complex's changes is its version: every instance compares it to re-render pages it serves.
CREATE TABLE live_settings (
  site_id TEXT NOT NULL,
  field TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  updated_by TEXT NOT NULL,
  PRIMARY KEY (site_id, field)
);

CREATE TABLE live_changes (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  field TEXT NOT NULL,
  old_value TEXT,
  new_value TEXT,
  changed_by TEXT NOT NULL,
  changed_at TEXT NOT NULL,
  reverts TEXT
);
CREATE INDEX live_changes_site_changed ON live_changes (site_id, changed_at);
