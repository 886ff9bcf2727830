-- Leads (visit registrations and inquiries), their outbox, rate-limit counters, administrators.
-- Portable SQL for SQLite and PostgreSQL: TEXT ids made in code, TEXT ISO-8601 UTC timestamps
-- (new Date().toISOString(), so text order is time order), INTEGER 0/1 flags.

CREATE TABLE leads (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('visit', 'inquiry')),
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  message TEXT NOT NULL DEFAULT '',
  privacy_consent_at TEXT NOT NULL,
  privacy_consent_version TEXT NOT NULL,
  sms_consent INTEGER NOT NULL DEFAULT 0 CHECK (sms_consent IN (0, 1)),
  sms_consent_at TEXT,
  source TEXT NOT NULL,
  ip TEXT NOT NULL,
  user_agent TEXT,
  idempotency_key TEXT,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX leads_idempotency_key ON leads (idempotency_key);
CREATE INDEX leads_phone_kind_created ON leads (phone, kind, created_at);
CREATE INDEX leads_created ON leads (created_at);

CREATE TABLE outbox (
  id TEXT PRIMARY KEY,
  lead_id TEXT REFERENCES leads (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('sms', 'webhook')),
  payload TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  locked_until TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  delivered_at TEXT
);
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE INDEX outbox_lead ON outbox (lead_id);

CREATE TABLE outbox_attempts (
  id TEXT PRIMARY KEY,
  outbox_id TEXT NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
  attempt INTEGER NOT NULL,
  started_at TEXT NOT NULL,
  finished_at TEXT NOT NULL,
  ok INTEGER NOT NULL CHECK (ok IN (0, 1)),
  status_code INTEGER,
  error TEXT
);
CREATE INDEX outbox_attempts_outbox ON outbox_attempts (outbox_id, attempt);

CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  window_start TEXT NOT NULL,
  count INTEGER NOT NULL
);

CREATE TABLE admins (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
