-- Meta lead ads (issue 42, item 1; app/leads/meta-leads.server.ts): Meta's webhook names a lead
-- (leadgen_id) and its form; the lead itself is read from the Graph API by a job (kind 'meta-lead',
-- one per leadgen_id), and its answers are mapped onto our fields by the form's mapping.
--
-- meta_forms: one Meta lead form of a complex. name: the form's name on Meta, or ''. questions: the
-- form's questions as JSON [{ key, label, type }], read from Graph (`GET /<form_id>?fields=name,questions`)
-- when its first lead comes, or, when Graph does not answer that, the answer names its leads carried
-- (questions_from 'graph' or 'leads'). mapping: what the console chose, as JSON ({ fields: { <key>:
-- name|phone|message|consent|sms_consent|ignore }, campaign: campaign_name|ad_name, source }), or
-- NULL: the default mapping by the standard names. updated_by: the console account's e-mail, or ''
-- for a form only seen; updated_at: ISO UTC.
CREATE TABLE meta_forms (
  site_id TEXT NOT NULL,
  form_id TEXT NOT NULL,
  name TEXT NOT NULL DEFAULT '',
  questions TEXT NOT NULL,
  questions_from TEXT NOT NULL CHECK (questions_from IN ('graph', 'leads')),
  mapping TEXT,
  updated_by TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL,
  PRIMARY KEY (site_id, form_id)
);

-- A lead whose consent to the privacy terms was not recorded as given where it was left (a Meta
-- form without the consent question answered, a file without a consent column): 동의 미확인. Such a
-- lead gets no marketing SMS (its sms_consent is 0). 0 for every lead left on our own forms.
ALTER TABLE leads ADD COLUMN consent_unconfirmed INTEGER NOT NULL DEFAULT 0 CHECK (consent_unconfirmed IN (0, 1));
