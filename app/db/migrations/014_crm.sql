-- The 분양 CRM (issue 30, docs/decisions/038-crm.md). One customer card per phone number in a
-- complex: every lead of that phone hangs on it (leads.customer_id), with its calls and its status
-- and assignment changes. Cards of existing leads are made by code at start-up
-- (app/crm/customers.server.ts attachOrphanLeads), not here: ids are made in code.
--
-- status: new 신규, counseling 상담 중, visit_booked 방문 예약, visited 방문 완료, contracted 계약,
-- on_hold 보류, invalid 무효. stage: the furthest step of new(0) counseling(1) visit_booked(2)
-- visited(3) contracted(4) the card has ever reached (보류 and 무효 keep it): the funnel counts by it.
-- source: the first lead's source as the desk's source filter writes it ('utm:naver',
-- 'ref:m.search.naver.com', 'direct'). touches: forms (and outside leads) on the card; calls:
-- calls logged. last_at: the latest form or call (the desk's order). next_contact_at: the next
-- contact the latest call set (ISO UTC), cleared by a call without one.
CREATE TABLE customers (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  phone TEXT NOT NULL,
  name TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'new'
    CHECK (status IN ('new', 'counseling', 'visit_booked', 'visited', 'contracted', 'on_hold', 'invalid')),
  status_at TEXT,
  stage INTEGER NOT NULL DEFAULT 0 CHECK (stage BETWEEN 0 AND 4),
  interest TEXT CHECK (interest IN ('A', 'B', 'C')),
  consultant_id TEXT REFERENCES admins (id) ON DELETE SET NULL,
  assigned_at TEXT,
  source TEXT NOT NULL,
  touches INTEGER NOT NULL DEFAULT 0,
  calls INTEGER NOT NULL DEFAULT 0,
  last_result TEXT,
  last_call_at TEXT,
  next_contact_at TEXT,
  memo TEXT NOT NULL DEFAULT '',
  memo_at TEXT,
  first_at TEXT NOT NULL,
  last_at TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX customers_site_phone ON customers (site_id, phone);
CREATE INDEX customers_site_last ON customers (site_id, last_at);
CREATE INDEX customers_site_status_last ON customers (site_id, status, last_at);
CREATE INDEX customers_site_source_last ON customers (site_id, source, last_at);
CREATE INDEX customers_site_consultant_status ON customers (site_id, consultant_id, status, last_at);
CREATE INDEX customers_site_consultant_next ON customers (site_id, consultant_id, next_contact_at);

ALTER TABLE leads ADD COLUMN customer_id TEXT;
CREATE INDEX leads_customer_created ON leads (customer_id, created_at);

-- Every contact attempt. result: answered 통화 완료, no_answer 부재, refused 거절, wrong_number
-- 결번, sms_sent 문자 발송, visit_promised 방문 약속. admin_email is kept for the timeline after
-- the account is deleted.
CREATE TABLE customer_calls (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  customer_id TEXT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  admin_id TEXT REFERENCES admins (id) ON DELETE SET NULL,
  admin_email TEXT NOT NULL,
  at TEXT NOT NULL,
  result TEXT NOT NULL
    CHECK (result IN ('answered', 'no_answer', 'refused', 'wrong_number', 'sms_sent', 'visit_promised')),
  note TEXT NOT NULL DEFAULT '',
  interest TEXT CHECK (interest IN ('A', 'B', 'C')),
  next_contact_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX customer_calls_customer_at ON customer_calls (customer_id, at);
CREATE INDEX customer_calls_site_at ON customer_calls (site_id, at);

-- Status, assignment and memo changes, for the timeline (old and new value as stored).
CREATE TABLE customer_events (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  customer_id TEXT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  at TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('status', 'assign', 'memo')),
  old_value TEXT,
  new_value TEXT,
  admin_id TEXT REFERENCES admins (id) ON DELETE SET NULL,
  admin_email TEXT
);
CREATE INDEX customer_events_customer_at ON customer_events (customer_id, at);

-- Per complex: new leads given out round-robin among its active consultants, or not.
CREATE TABLE crm_settings (
  site_id TEXT PRIMARY KEY,
  auto_assign INTEGER NOT NULL DEFAULT 0 CHECK (auto_assign IN (0, 1)),
  updated_at TEXT NOT NULL
);

-- Per complex and consultant: whether they take new leads (a consultant without a row does), and
-- when they last got one (the round-robin gives the next lead to the one who waited longest).
CREATE TABLE crm_consultants (
  site_id TEXT NOT NULL,
  admin_id TEXT NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  last_assigned_at TEXT,
  PRIMARY KEY (site_id, admin_id)
);

-- A consultant's own mobile number, for the morning digest of the day's calls.
ALTER TABLE admins ADD COLUMN phone TEXT;

-- The 09:00 digest, once per complex, consultant and Korean day, whichever instance comes first.
CREATE TABLE crm_digests (
  site_id TEXT NOT NULL,
  admin_id TEXT NOT NULL,
  day TEXT NOT NULL,
  created_at TEXT NOT NULL,
  due INTEGER NOT NULL,
  PRIMARY KEY (site_id, admin_id, day)
)
