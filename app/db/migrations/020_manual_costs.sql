-- Costs that are not in an ad platform's file (issue 41), entered on /admin/channels/manual-costs
-- (app/channels/manual-costs.server.ts) and counted by 채널 성과 beside the imported ones.
--
-- manual_costs: one entry per complex. kind 'flat': a flat-fee medium (medium: 현수막, 신문, 전단,
-- 문자 발송 대행, 기타) paid amount_won for first_day..last_day (Korean days, both included), spread
-- evenly over those days in whole won, the remainder on the last day. kind 'bought_db': bought DB
-- (분양 DB 구매) at amount_won per lead, times the leads of the source (and campaign, when given)
-- from first_day to last_day. source: the complex's utm_source as channel_counts keys it
-- (lower-cased); campaign: its utm_campaign, '' for every campaign of the source. note: the
-- agency's words. created_by / updated_by: the console account's e-mail; times ISO UTC.
CREATE TABLE manual_costs (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('flat', 'bought_db')),
  medium TEXT NOT NULL,
  source TEXT NOT NULL,
  campaign TEXT NOT NULL DEFAULT '',
  first_day TEXT NOT NULL,
  last_day TEXT NOT NULL,
  amount_won INTEGER NOT NULL CHECK (amount_won >= 0),
  note TEXT NOT NULL DEFAULT '',
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_by TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX manual_costs_site_days ON manual_costs (site_id, first_day, last_day);

-- manual_cost_history: every change of an entry, kept after the entry is removed. action: 'create',
-- 'update' or 'delete'; before_json / after_json: the entry's fields before and after (JSON text,
-- NULL on the side that did not exist); changed_by: the console account's e-mail; changed_at: ISO UTC.
CREATE TABLE manual_cost_history (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  cost_id TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('create', 'update', 'delete')),
  before_json TEXT,
  after_json TEXT,
  changed_by TEXT NOT NULL,
  changed_at TEXT NOT NULL
);
CREATE INDEX manual_cost_history_site_at ON manual_cost_history (site_id, changed_at);
