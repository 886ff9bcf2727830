/*
 * The administrator account. ADMIN_EMAIL + ADMIN_PASSWORD at start-up create that administrator, or
 * set its password when it changed. (Sessions and sign-in come with the press administration.)
 */
import { randomUUID } from "node:crypto";
import { getDb } from "~/db/db.server";
import { env } from "~/env.server";
import { hashPassword, verifyPassword } from "./password.server";

export type AdminUpsert = "created" | "updated" | "unchanged";

export async function upsertAdmin(
  email: string,
  password: string,
  now: Date = new Date(),
): Promise<AdminUpsert> {
  const db = await getDb();
  const normalized = email.trim().toLowerCase();
  const existing = await db.get<{ id: string; password_hash: string }>(
    "SELECT id, password_hash FROM admins WHERE email = $1",
    [normalized],
  );
  if (existing && (await verifyPassword(password, existing.password_hash))) return "unchanged";
  const hash = await hashPassword(password);
  const at = now.toISOString();
  // One statement, so two instances starting together cannot both insert.
  await db.run(
    `INSERT INTO admins (id, email, password_hash, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (email) DO UPDATE SET password_hash = excluded.password_hash, updated_at = excluded.updated_at`,
    [randomUUID(), normalized, hash, at],
  );
  return existing ? "updated" : "created";
}

/** Start-up: the administrator from ADMIN_EMAIL + ADMIN_PASSWORD when both are set. */
export async function ensureAdminFromEnv(): Promise<AdminUpsert | "not_configured"> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = env();
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) return "not_configured";
  return upsertAdmin(ADMIN_EMAIL, ADMIN_PASSWORD);
}
