-- Administrator sessions, press posts with their photos, and the lead desk (status, memo, access log).
-- Portable SQL for SQLite and PostgreSQL (see README.md). Photo bytes: BYTEA, which is PostgreSQL's
-- byte string; SQLite stores a Buffer in it as a BLOB (its NUMERIC affinity leaves blobs alone).

-- A signed-in administrator. The cookie holds a random token; only its SHA-256 is stored here, so
-- a copy of this table signs nobody in. Idle expiry: last_seen_at; absolute expiry: expires_at.
CREATE TABLE admin_sessions (
  id TEXT PRIMARY KEY,
  admin_id TEXT NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  ip TEXT,
  user_agent TEXT
);
CREATE INDEX admin_sessions_admin ON admin_sessions (admin_id);
CREATE INDEX admin_sessions_expires ON admin_sessions (expires_at);

-- One uploaded photo, named by the hash of its bytes (the address of its files never changes).
CREATE TABLE press_photos (
  id TEXT PRIMARY KEY,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  created_at TEXT NOT NULL
);

-- The photo rendered at one width in one format.
CREATE TABLE press_photo_files (
  photo_id TEXT NOT NULL REFERENCES press_photos (id) ON DELETE CASCADE,
  format TEXT NOT NULL CHECK (format IN ('avif', 'webp', 'jpg')),
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  bytes BYTEA NOT NULL,
  PRIMARY KEY (photo_id, format, width)
);

-- A press post. Visitors see it when status = 'published' and published_at has come (scheduled
-- posts have a published_at in the future); drafts have no published_at. The list is ordered by
-- (published_at DESC, id DESC), which is also the paging cursor.
CREATE TABLE press_posts (
  id TEXT PRIMARY KEY,
  site TEXT NOT NULL,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  body TEXT NOT NULL DEFAULT '',
  source_name TEXT NOT NULL DEFAULT '',
  source_url TEXT NOT NULL DEFAULT '',
  press_date TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('draft', 'published')),
  published_at TEXT,
  views INTEGER NOT NULL DEFAULT 0,
  photo_id TEXT REFERENCES press_photos (id),
  created_by TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX press_posts_list ON press_posts (site, status, published_at, id);
CREATE INDEX press_posts_photo ON press_posts (photo_id);

-- The lead desk: a status per lead and a short memo, with when each last changed.
ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
  CHECK (status IN ('new', 'contacted', 'visited', 'closed', 'on_hold'));
ALTER TABLE leads ADD COLUMN memo TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN status_at TEXT;
ALTER TABLE leads ADD COLUMN memo_at TEXT;
CREATE INDEX leads_status_created ON leads (status, created_at);

-- Every view, download or change of personal data by an administrator (PIPA access record).
CREATE TABLE admin_access_log (
  id TEXT PRIMARY KEY,
  at TEXT NOT NULL,
  admin_id TEXT,
  admin_email TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('view', 'download', 'update')),
  target TEXT NOT NULL,
  filter TEXT NOT NULL DEFAULT '',
  row_count INTEGER NOT NULL,
  ip TEXT
);
CREATE INDEX admin_access_log_at ON admin_access_log (at);
