-- 채널 성과's leads per Korean day and source (issue 41, app/channels/channel-counts.server.ts
-- channelReport) group a period's leads by kstDayKeySql(created_at) (app/lib/korean-time.ts). This
-- index is on that expression, written exactly as the query writes it. It is here for its
-- statistics more than for lookups: PostgreSQL keeps statistics on an indexed expression, so it
-- knows a year of leads makes a few hundred keys and adds them up in a hash, where without them it
-- guessed a key per lead and sorted all the leads on disk (a year of 100,000 leads: about 150 ms to
-- 75 ms, measured on scripts/bench-crm.mjs's data). SQLite accepts the same index.
CREATE INDEX leads_site_day_key ON leads (site_id, (SUBSTR(created_at, 1, 10) || CASE WHEN SUBSTR(created_at, 12, 2) >= '15' THEN '+' ELSE '' END))
