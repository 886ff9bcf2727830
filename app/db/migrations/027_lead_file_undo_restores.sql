-- 리드 파일 되돌리기 puts back what a file changed on the cards the complex had (issue 42,
-- app/leads/lead-file.server.ts undoLeadFile): the status and assignment events a file wrote carry
-- its id, so that a card the file brought back to 신규 from 보류, 무효 or past the duplicate window
-- gets its status back when nobody has changed it since. The one staff alert a big file sends
-- carries the file's id too, and goes with the file while it is not yet being sent. NULL for
-- everything else.
ALTER TABLE customer_events ADD COLUMN lead_file_id TEXT;
ALTER TABLE outbox ADD COLUMN lead_file_id TEXT;
CREATE INDEX customer_events_lead_file ON customer_events (lead_file_id) WHERE lead_file_id IS NOT NULL;
CREATE INDEX outbox_lead_file ON outbox (lead_file_id) WHERE lead_file_id IS NOT NULL
