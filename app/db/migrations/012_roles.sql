-- Roles and accounts (docs/decisions/034-roles.md). Each administrator has a role: 'agency'
-- (에이전시 관리자: every complex, accounts), 'editor' (단지 편집자: content, press and channels
-- of their complexes) or 'consultant' (상담원: the lead desk of their complexes). Existing
-- administrators for every complex become agency, the others editors of their complexes. An
-- instance of the release before this one still writes admins without a role during a deploy: the
-- default is the role that can do least of the two it could mean. all_sites stays what it was
-- (agency is always 1; editors and consultants 0 with their complexes in admin_sites).
ALTER TABLE admins ADD COLUMN role TEXT NOT NULL DEFAULT 'editor' CHECK (role IN ('agency', 'editor', 'consultant'));
UPDATE admins SET role = 'agency' WHERE all_sites = 1;

-- A disabled account cannot sign in; its sessions were ended when it was disabled.
ALTER TABLE admins ADD COLUMN disabled_at TEXT;
ALTER TABLE admins ADD COLUMN last_sign_in_at TEXT;

-- One-time invitation links (/admin/invite/<token>): only the token's SHA-256 is kept. sites is a
-- JSON array of complex ids ('[]' for agency, who gets every complex). A link works once (used_at)
-- and until expires_at; admin_id is the account it made.
CREATE TABLE admin_invitations (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('agency', 'editor', 'consultant')),
  sites TEXT NOT NULL,
  created_by TEXT REFERENCES admins (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  admin_id TEXT REFERENCES admins (id) ON DELETE SET NULL
);
CREATE INDEX admin_invitations_email ON admin_invitations (email)
