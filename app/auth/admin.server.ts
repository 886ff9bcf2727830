/*
 * Administrator accounts. ADMIN_EMAIL + ADMIN_PASSWORD at start-up create that administrator (an
 * agency administrator, for every complex), or set its password when it changed; `npm run admin --
 * set-password` does the same for any account, with its role (--role) and complexes (--site). The
 * console manages accounts too (accounts.server.ts). Roles: docs/decisions/034-roles.md.
 */
import { randomUUID } from "node:crypto";
import { getDb } from "~/db/db.server";
import { env } from "~/env.server";
import type { Role } from "~/lib/roles";
import { ALL_SITES } from "~/lib/sites";
import { hashPassword, verifyPassword } from "./password.server";

export type AdminUpsert = "created" | "updated" | "unchanged";

/** The complexes an administrator is for: every one (ALL_SITES), or those named. */
export type AdminSites = typeof ALL_SITES | readonly string[];

/** True when an administrator for `sites` may see and change the complex siteId's data. */
export function isAdminFor(admin: { sites: AdminSites }, siteId: string): boolean {
  return admin.sites === ALL_SITES || admin.sites.includes(siteId);
}

/**
 * What a role's complexes must be: an agency administrator has every complex; an editor or a
 * consultant has at least one named complex. A Korean message when they do not fit, else null.
 */
export function scopeProblem(role: Role, sites: AdminSites): string | null {
  if (role === "agency")
    return sites === ALL_SITES
      ? null
      : "에이전시 관리자는 모든 단지를 관리합니다 (단지를 지정하지 않습니다)";
  if (sites === ALL_SITES || sites.length === 0)
    return "단지 편집자와 상담원은 맡을 단지를 하나 이상 지정해야 합니다";
  return null;
}

/**
 * Creates the administrator, or sets its password (when it changed), its role and its complexes
 * (role: agency for every complex, else editor, unless told). A disabled account stays disabled.
 * Answers what became of the password.
 */
export async function upsertAdmin(
  email: string,
  password: string,
  {
    sites = ALL_SITES,
    role = sites === ALL_SITES ? "agency" : "editor",
    now = new Date(),
  }: { sites?: AdminSites; role?: Role; now?: Date } = {},
): Promise<AdminUpsert> {
  const problem = scopeProblem(role, sites);
  if (problem) throw new Error(problem);
  const db = await getDb();
  const normalized = email.trim().toLowerCase();
  const existing = await db.get<{ id: string; password_hash: string }>(
    "SELECT id, password_hash FROM admins WHERE email = $1",
    [normalized],
  );
  const same = existing ? await verifyPassword(password, existing.password_hash) : false;
  const hash = same ? existing!.password_hash : await hashPassword(password);
  const at = now.toISOString();
  await db.transaction(async (tx) => {
    // One statement, so two instances starting together cannot both insert.
    const row = await tx.get<{ id: string }>(
      `INSERT INTO admins (id, email, password_hash, created_at, updated_at, all_sites, role)
       VALUES ($1, $2, $3, $4, $4, $5, $6)
       ON CONFLICT (email) DO UPDATE SET
         updated_at = CASE WHEN admins.password_hash = excluded.password_hash
           AND admins.all_sites = excluded.all_sites AND admins.role = excluded.role
           THEN admins.updated_at ELSE excluded.updated_at END,
         password_hash = excluded.password_hash, all_sites = excluded.all_sites,
         role = excluded.role
       RETURNING id`,
      [randomUUID(), normalized, hash, at, sites === ALL_SITES ? 1 : 0, role],
    );
    await tx.run("DELETE FROM admin_sites WHERE admin_id = $1", [row!.id]);
    if (sites !== ALL_SITES)
      for (const siteId of new Set(sites))
        await tx.run("INSERT INTO admin_sites (admin_id, site_id) VALUES ($1, $2)", [
          row!.id,
          siteId,
        ]);
  });
  return same ? "unchanged" : existing ? "updated" : "created";
}

/** What an account may do and whether it may sign in. */
export type AdminAccess = { role: Role; sites: AdminSites; disabled: boolean };

/** The role, complexes and state of the administrator with this id; undefined when unknown. */
export async function adminAccess(adminId: string): Promise<AdminAccess | undefined> {
  const db = await getDb();
  const admin = await db.get<{ all_sites: number; role: Role; disabled_at: string | null }>(
    "SELECT all_sites, role, disabled_at FROM admins WHERE id = $1",
    [adminId],
  );
  if (!admin) return undefined;
  const access = { role: admin.role, disabled: admin.disabled_at !== null };
  if (Number(admin.all_sites) === 1) return { ...access, sites: ALL_SITES };
  const rows = await db.all<{ site_id: string }>(
    "SELECT site_id FROM admin_sites WHERE admin_id = $1 ORDER BY site_id",
    [adminId],
  );
  return { ...access, sites: rows.map((r) => r.site_id) };
}

/**
 * Start-up: the administrator from ADMIN_EMAIL + ADMIN_PASSWORD, an agency administrator for every
 * complex, when both are set.
 */
export async function ensureAdminFromEnv(): Promise<AdminUpsert | "not_configured"> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = env();
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) return "not_configured";
  return upsertAdmin(ADMIN_EMAIL, ADMIN_PASSWORD, { sites: ALL_SITES, role: "agency" });
}
