-- The channel report (채널 성과): per complex, Korean day (YYYY-MM-DD) and ad source, how many visits
-- landed with that utm_source and how many phone links (tel:) were tapped. Counts only: no cookie,
-- no address, no visitor. source is the utm_source lower-cased (at most 50 characters); '' is a tap
-- of a visit without one (visits without one are not counted as landings); '*' collects the sources
-- past the day's cap, so a hostile visitor cannot fill the table. The key is what the report reads by.
CREATE TABLE channel_counts (
  site_id TEXT NOT NULL,
  day TEXT NOT NULL,
  source TEXT NOT NULL,
  landings INTEGER NOT NULL DEFAULT 0,
  tel_taps INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, day, source)
);
