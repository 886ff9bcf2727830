-- A complex's rendered pages, stored once per content (issue 29, item 9): a start or a new instance
-- loads them instead of rendering (server/app.js). `page_key`: the content's key (app/sites/
-- content-store.server.ts contentKey, with its live values) and the build's assets version, so a new
-- build or new content never reuses old pages. `pages`: the rendered complex as JSON
-- (server/render-site.js RenderedSite), gzip-compressed. The first instance to render a key stores
-- it; the others' inserts do nothing (ON CONFLICT DO NOTHING).
CREATE TABLE site_pages (
  site_id TEXT NOT NULL,
  page_key TEXT NOT NULL,
  pages BYTEA NOT NULL,
  rendered_at TEXT NOT NULL,
  PRIMARY KEY (site_id, page_key)
);
