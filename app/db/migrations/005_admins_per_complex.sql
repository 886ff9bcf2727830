-- Administrators per complex. An administrator is for every complex (all_sites = 1: the one from
-- ADMIN_EMAIL, and `npm run admin -- set-password EMAIL` without --site), or only for the complexes
-- listed in admin_sites (all_sites = 0). Existing administrators were for the one complex there
-- was and stay for every complex. Sessions stay shared: the guard checks the complex on each
-- request (docs/decisions/018-data-per-complex.md).
ALTER TABLE admins ADD COLUMN all_sites INTEGER NOT NULL DEFAULT 1 CHECK (all_sites IN (0, 1));

CREATE TABLE admin_sites (
  admin_id TEXT NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  site_id TEXT NOT NULL,
  PRIMARY KEY (admin_id, site_id)
);
CREATE INDEX admin_sites_site ON admin_sites (site_id);
