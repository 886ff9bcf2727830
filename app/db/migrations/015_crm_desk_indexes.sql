-- The 분양 CRM desk at 100,000 leads and 70,000 cards (issue 30; scripts/bench-crm.mjs, figures in
-- docs/benchmarks.md). Each index below replaced a read of a whole table on PostgreSQL.
--
-- The complex's calls due today and overdue (app/crm/digest.server.ts dueCounts, on every page of
-- an administrator's desk and in the morning digest, and the 연락 예정 filter): by next contact
-- within the complex, the status beside it so the count reads the index alone (23 ms → 2 ms).
CREATE INDEX customers_site_next ON customers (site_id, next_contact_at, status);

-- The cards with a lead in the 접수일 range, and with a lead of one kind (구분): the lead side of
-- the desk's EXISTS from the index alone (the count of a two-week range 97 ms → 28 ms, of 방문예약
-- 86 ms → 36 ms). The range index gains customer_id and replaces leads_site_created, its prefix.
CREATE INDEX leads_site_created_customer ON leads (site_id, created_at, customer_id);
DROP INDEX leads_site_created;
CREATE INDEX leads_site_kind_customer ON leads (site_id, kind, customer_id);
