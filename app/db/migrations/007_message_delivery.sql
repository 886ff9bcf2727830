-- Delivery of a message beyond its provider's acceptance (Solapi, docs/decisions/021-solapi.md):
-- the provider's id of the message, the type it went as (ATA for 알림톡, SMS, LMS), and its
-- delivery state as the provider's reports (POST /hooks/solapi) tell it: 'accepted' when the
-- provider took it, then 'delivered', 'substituted' (an 알림톡 that went as a text instead) or
-- 'failed' with the provider's code. All NULL for rows of a gateway that reports nothing.
-- Plain added nullable columns: the same statements on SQLite and PostgreSQL, and old instances
-- that do not know them keep working during a deploy.
ALTER TABLE outbox ADD COLUMN provider_message_id TEXT;
ALTER TABLE outbox ADD COLUMN message_type TEXT;
ALTER TABLE outbox ADD COLUMN delivery_state TEXT
  CHECK (delivery_state IN ('accepted', 'delivered', 'substituted', 'failed'));
ALTER TABLE outbox ADD COLUMN delivery_code TEXT;
ALTER TABLE outbox ADD COLUMN delivery_reported_at TEXT;
-- A report names the message by the provider's id; NULLs (rows without one) do not collide.
CREATE UNIQUE INDEX outbox_provider_message ON outbox (provider_message_id);
