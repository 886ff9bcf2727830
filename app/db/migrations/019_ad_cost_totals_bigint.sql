-- A cost file's total in won can pass 2,147,483,647 (₩2.1 billion: a year of a large complex's
-- search ads, or the bench's 100,000-row report), which PostgreSQL's INTEGER refuses
-- (scripts/bench-ad-costs.mjs found it). SQLite's INTEGER is 64-bit already; BIGINT is the same
-- there. The column is dropped and made again as BIGINT rather than widened in two releases
-- (migrations/README.md): no release before this one writes ad_cost_imports (018 made the tables,
-- nothing imports into them yet), so no running instance reads or writes the old column. Were a
-- file imported by hand, its total is made again from the rows it still holds.
ALTER TABLE ad_cost_imports DROP COLUMN total_won;
ALTER TABLE ad_cost_imports ADD COLUMN total_won BIGINT NOT NULL DEFAULT 0;
UPDATE ad_cost_imports
   SET total_won = (SELECT COALESCE(SUM(cost_won), 0) FROM ad_costs WHERE ad_costs.import_id = ad_cost_imports.id);
