-- Issue 42, items 2, 4 and 5: leads taken by phone on the desk (전화 접수), the duplicate window per
-- complex, and the D-1 visit reminder.
--
-- leads.kind gains 'phone' (a call the consultant wrote down). Neither engine can change a CHECK in
-- place with the same SQL, so the column is replaced: a new one with the wider CHECK is added and
-- filled, the old one (and its two indexes) dropped, the new one renamed. SQLite (3.35+) and
-- PostgreSQL both do this; an instance of the release before keeps writing `kind` during the deploy.
ALTER TABLE leads ADD COLUMN kind_wide TEXT NOT NULL DEFAULT 'inquiry'
  CHECK (kind_wide IN ('visit', 'inquiry', 'phone'));
UPDATE leads SET kind_wide = kind;
DROP INDEX leads_site_phone_kind_created;
DROP INDEX leads_site_kind_customer;
ALTER TABLE leads DROP COLUMN kind;
ALTER TABLE leads RENAME COLUMN kind_wide TO kind;
CREATE INDEX leads_site_phone_kind_created ON leads (site_id, phone, kind, created_at);
CREATE INDEX leads_site_kind_customer ON leads (site_id, kind, customer_id);

-- A phone lead's consent as given on the call: who recorded it (the desk account's e-mail; the
-- time is privacy_consent_at / sms_consent_at), and the number that was dialled is shown_phone.
ALTER TABLE leads ADD COLUMN consent_recorded_by TEXT;
-- The D-1 reminder of the lead's booked visit: when it was queued (ISO UTC), once per booking.
ALTER TABLE leads ADD COLUMN visit_reminded_at TEXT;

-- outbox.purpose gains 'reminder' (the D-1 reminder), replaced as leads.kind above.
ALTER TABLE outbox ADD COLUMN purpose_wide TEXT
  CHECK (purpose_wide IN ('confirmation', 'promotion', 'staff', 'reminder'));
UPDATE outbox SET purpose_wide = purpose;
ALTER TABLE outbox DROP COLUMN purpose;
ALTER TABLE outbox RENAME COLUMN purpose_wide TO purpose;

-- Per complex: a phone that comes again within duplicate_days of the card's last touch is the same
-- person (one more touch); later, the card is reopened as 신규 for a fresh call. visit_reminder 1:
-- the D-1 reminder is sent.
ALTER TABLE crm_settings ADD COLUMN duplicate_days INTEGER NOT NULL DEFAULT 30
  CHECK (duplicate_days BETWEEN 1 AND 365);
ALTER TABLE crm_settings ADD COLUMN visit_reminder INTEGER NOT NULL DEFAULT 1
  CHECK (visit_reminder IN (0, 1));
