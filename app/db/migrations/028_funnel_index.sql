-- 채널 성과's funnel (issue 41, app/crm/funnel.server.ts funnelSql) counts each person once per
-- source and campaign over a period: it groups the period's leads by complex, card, source and
-- campaign. This index holds every column that read needs in that order, so that PostgreSQL reads
-- it alone (an index-only scan, no sort of the leads: a year of 100,000 leads went from about
-- 450 ms to about 190 ms per source, measured with scripts/bench-crm.mjs's data). Short periods
-- still use leads_site_created_customer. SQLite uses it as a covering index the same way.
CREATE INDEX leads_site_customer_source ON leads (site_id, customer_id, utm_source, created_at, utm_campaign, kind)
