-- A complex's content in the database (issue 29): one draft per complex, and its published
-- versions, each a whole document (JSON text, as `sites/<id>/site.yaml` parses) with who, when and a
-- note. A version is live from `live_from` (a scheduled publish is a version whose time has not come);
-- a complex's current version is its highest one whose time has come. `state`: 'live' (its current
-- version is served), 'unpublished' (its hosts answer 준비 중). A complex never published has no
-- version and answers 준비 중 too. `draft_revision` moves with every save: a save based on an older
-- revision is refused (two editors at once).
CREATE TABLE site_documents (
  site_id TEXT PRIMARY KEY,
  draft TEXT NOT NULL,
  draft_revision INTEGER NOT NULL,
  draft_saved_at TEXT NOT NULL,
  draft_saved_by TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('live', 'unpublished')),
  state_changed_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL
);

CREATE TABLE site_versions (
  site_id TEXT NOT NULL REFERENCES site_documents (site_id) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  content TEXT NOT NULL,
  note TEXT NOT NULL,
  published_by TEXT NOT NULL,
  published_at TEXT NOT NULL,
  live_from TEXT NOT NULL,
  PRIMARY KEY (site_id, version)
);
CREATE INDEX site_versions_live_from ON site_versions (live_from);
