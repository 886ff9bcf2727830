-- A complex made as a copy of another (issue 39, item 3): the source's identity strings, recorded at
-- copy time (app/lib/identity-strings.ts: its names, addresses, companies, business facts, phone,
-- hosts), so that every field still holding one is listed in the editor and refused at 게시
-- (app/lib/leftovers.ts). `identity`: JSON [{ what, value }]. `kept`: JSON { path: value } of the
-- fields the editor marked 그대로 두기, with the value each had then; the console's, never part of
-- the published content.
CREATE TABLE site_copy_sources (
  site_id TEXT PRIMARY KEY REFERENCES site_documents (site_id) ON DELETE CASCADE,
  source_id TEXT NOT NULL,
  source_name TEXT NOT NULL,
  identity TEXT NOT NULL,
  kept TEXT NOT NULL,
  copied_at TEXT NOT NULL
);
