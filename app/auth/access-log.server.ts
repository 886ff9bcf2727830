/*
 * The access record of personal data (PIPA): who viewed, downloaded or changed which complex's
 * leads, when, with which filter and how many rows. Written in the same request as the access
 * itself. An access to every complex's leads at once (모든 단지) is recorded under ALL_SITES and
 * shown in every complex's record.
 */
import { randomUUID } from "node:crypto";
import { getDb } from "~/db/db.server";
import { ALL_SITES, type SiteScope } from "~/lib/sites";

export type AccessAction = "view" | "download" | "update";

export type AccessEntry = {
  id: string;
  /** The complex whose leads were accessed, or ALL_SITES. */
  siteId: string;
  at: string;
  adminEmail: string;
  action: AccessAction;
  target: string;
  filter: string;
  rowCount: number;
  ip: string | null;
};

export async function logAccess(
  entry: {
    /** Whose leads: the complex, or ALL_SITES. */
    scope: SiteScope;
    /**
     * Who: a console account, or a client's report link (adminId null, the link named in `email`
     * and its id in `filter`: app/reports/report-links.server.ts).
     */
    admin: { adminId: string | null; email: string };
    action: AccessAction;
    target: string;
    filter: string;
    rowCount: number;
    ip?: string;
  },
  now = new Date(),
): Promise<void> {
  const db = await getDb();
  await db.run(
    `INSERT INTO admin_access_log (id, at, admin_id, admin_email, action, target, filter, row_count, ip,
       site_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      randomUUID(),
      now.toISOString(),
      entry.admin.adminId,
      entry.admin.email,
      entry.action,
      entry.target.slice(0, 200),
      entry.filter.slice(0, 500),
      entry.rowCount,
      entry.ip?.slice(0, 100) ?? null,
      entry.scope,
    ],
  );
}

/** The newest entries of a complex (with those of every complex at once) or of all, first. */
export async function recentAccess(scope: SiteScope, limit = 20): Promise<AccessEntry[]> {
  const db = await getDb();
  const rows = await db.all<{
    id: string;
    site_id: string;
    at: string;
    admin_email: string;
    action: AccessAction;
    target: string;
    filter: string;
    row_count: number;
    ip: string | null;
  }>(
    `SELECT id, site_id, at, admin_email, action, target, filter, row_count, ip FROM admin_access_log
     WHERE $2 = '${ALL_SITES}' OR site_id = $2 OR site_id = '${ALL_SITES}'
     ORDER BY at DESC, id DESC LIMIT $1`,
    [limit, scope],
  );
  return rows.map((r) => ({
    id: r.id,
    siteId: r.site_id,
    at: r.at,
    adminEmail: r.admin_email,
    action: r.action,
    target: r.target,
    filter: r.filter,
    rowCount: Number(r.row_count),
    ip: r.ip,
  }));
}
