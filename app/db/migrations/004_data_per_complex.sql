-- One deployment serves many apartment complexes ("sites", ids like 'anyang'). Every row of a
-- complex's data says whose it is (site_id); the rows that existed before belong to 'anyang', the
-- complex this site served alone. Indexes lead with site_id where queries filter by it, and what was
-- unique across the site is unique per complex (docs/decisions/018-data-per-complex.md).
--
-- The DEFAULT 'anyang' on the added columns is how SQLite adds a NOT NULL column to existing rows;
-- the code always writes site_id itself. visit_slots and rate_limits are rebuilt: their primary key
-- gains site_id, which neither engine can add to an existing key. Old instances use the old keys
-- in ON CONFLICT, so stop them before a new one migrates (docs/deploy.md).

-- Leads: per complex, the duplicate window, the idempotency key, the booking token and the desk.
ALTER TABLE leads ADD COLUMN site_id TEXT NOT NULL DEFAULT 'anyang';
DROP INDEX leads_idempotency_key;
CREATE UNIQUE INDEX leads_site_idempotency_key ON leads (site_id, idempotency_key);
DROP INDEX leads_phone_kind_created;
CREATE INDEX leads_site_phone_kind_created ON leads (site_id, phone, kind, created_at);
DROP INDEX leads_created;
CREATE INDEX leads_site_created ON leads (site_id, created_at);
DROP INDEX leads_status_created;
CREATE INDEX leads_site_status_created ON leads (site_id, status, created_at);
DROP INDEX leads_visit_token_hash;
CREATE UNIQUE INDEX leads_site_visit_token_hash ON leads (site_id, visit_token_hash);
DROP INDEX leads_visit_at;
CREATE INDEX leads_site_visit_at ON leads (site_id, visit_at);
DROP INDEX leads_utm_source;
CREATE INDEX leads_site_utm_source ON leads (site_id, utm_source);

-- Seats per slot per complex: two complexes open the same hour with their own seats.
ALTER TABLE visit_slots RENAME TO visit_slots_before_sites;
CREATE TABLE visit_slots (
  site_id TEXT NOT NULL,
  starts_at TEXT NOT NULL,
  booked INTEGER NOT NULL DEFAULT 0 CHECK (booked >= 0),
  CONSTRAINT visit_slots_site_starts PRIMARY KEY (site_id, starts_at)
);
INSERT INTO visit_slots (site_id, starts_at, booked)
  SELECT 'anyang', starts_at, booked FROM visit_slots_before_sites;
DROP TABLE visit_slots_before_sites;

-- The outbox: whose settings deliver a row (SMS gateway and sender, webhook), and the daily SMS
-- count per phone, per complex. The worker still claims due rows of every complex (outbox_due).
ALTER TABLE outbox ADD COLUMN site_id TEXT NOT NULL DEFAULT 'anyang';
DROP INDEX outbox_recipient_created;
CREATE INDEX outbox_site_recipient_created ON outbox (site_id, recipient, created_at);

-- Rate-limit counters per complex (lead forms, sign-in).
ALTER TABLE rate_limits RENAME TO rate_limits_before_sites;
CREATE TABLE rate_limits (
  site_id TEXT NOT NULL,
  key TEXT NOT NULL,
  window_start TEXT NOT NULL,
  count INTEGER NOT NULL,
  CONSTRAINT rate_limits_site_key PRIMARY KEY (site_id, key)
);
INSERT INTO rate_limits (site_id, key, window_start, count)
  SELECT 'anyang', key, window_start, count FROM rate_limits_before_sites;
DROP TABLE rate_limits_before_sites;

-- Press posts: the complex (site_id) beside the press address's segment (site, /<site>/press).
ALTER TABLE press_posts ADD COLUMN site_id TEXT NOT NULL DEFAULT 'anyang';
DROP INDEX press_posts_list;
CREATE INDEX press_posts_site_list ON press_posts (site_id, site, status, published_at, id);

-- The access record: which complex's leads were viewed, downloaded or changed ('*': every complex,
-- from the desk's 모든 단지).
ALTER TABLE admin_access_log ADD COLUMN site_id TEXT NOT NULL DEFAULT 'anyang';
DROP INDEX admin_access_log_at;
CREATE INDEX admin_access_log_site_at ON admin_access_log (site_id, at);
