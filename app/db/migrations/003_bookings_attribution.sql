-- Visit booking by time slot, where each lead came from, and SMS bookkeeping in the outbox.

-- The booked slot (its start, ISO-8601 UTC), the hash of the booking page's token (sha256, hex; the
-- token itself is only in the visitor's SMS), and when the visitor cancelled.
ALTER TABLE leads ADD COLUMN visit_at TEXT;
ALTER TABLE leads ADD COLUMN visit_token_hash TEXT;
ALTER TABLE leads ADD COLUMN visit_cancelled_at TEXT;
CREATE UNIQUE INDEX leads_visit_token_hash ON leads (visit_token_hash);
CREATE INDEX leads_visit_at ON leads (visit_at);

-- First touch of the visit (app/lib/attribution.ts): utm_* of the landing page, referring host.
ALTER TABLE leads ADD COLUMN utm_source TEXT;
ALTER TABLE leads ADD COLUMN utm_medium TEXT;
ALTER TABLE leads ADD COLUMN utm_campaign TEXT;
ALTER TABLE leads ADD COLUMN utm_term TEXT;
ALTER TABLE leads ADD COLUMN utm_content TEXT;
ALTER TABLE leads ADD COLUMN referrer_host TEXT;
CREATE INDEX leads_utm_source ON leads (utm_source);

-- Seats taken per slot. A seat is claimed by one conditional statement in the lead's transaction
-- (booked < capacity), so concurrent bookings can never overbook; a cancellation gives it back.
CREATE TABLE visit_slots (
  starts_at TEXT PRIMARY KEY,
  booked INTEGER NOT NULL DEFAULT 0 CHECK (booked >= 0)
);

-- Who an SMS goes to and why: the daily SMS cap per phone counts the visitor's messages, and
-- promotional ones wait through the night (21:00-08:00 KST). Webhook rows leave both empty.
ALTER TABLE outbox ADD COLUMN recipient TEXT;
ALTER TABLE outbox ADD COLUMN purpose TEXT CHECK (purpose IN ('confirmation', 'promotion', 'staff'));
CREATE INDEX outbox_recipient_created ON outbox (recipient, created_at);
