/*
 * The access record of personal data (PIPA): who viewed, downloaded or changed which leads, when,
 * with which filter and how many rows. Written in the same request as the access itself.
 */
import { randomUUID } from "node:crypto";
import { getDb } from "~/db/db.server";

export type AccessAction = "view" | "download" | "update";

export type AccessEntry = {
  id: string;
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
    admin: { adminId: string; email: string };
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
    `INSERT INTO admin_access_log (id, at, admin_id, admin_email, action, target, filter, row_count, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
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
    ],
  );
}

/** The newest entries first. */
export async function recentAccess(limit = 20): Promise<AccessEntry[]> {
  const db = await getDb();
  const rows = await db.all<{
    id: string;
    at: string;
    admin_email: string;
    action: AccessAction;
    target: string;
    filter: string;
    row_count: number;
    ip: string | null;
  }>(
    `SELECT id, at, admin_email, action, target, filter, row_count, ip FROM admin_access_log
     ORDER BY at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    adminEmail: r.admin_email,
    action: r.action,
    target: r.target,
    filter: r.filter,
    rowCount: Number(r.row_count),
    ip: r.ip,
  }));
}
