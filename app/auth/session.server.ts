/*
 * Administrator sessions, kept in the database so that every instance shares them and a session can
 * be revoked. The cookie carries only a random token (HttpOnly, SameSite=Lax; Secure and __Host-
 * prefixed when SITE_URL is https); the table stores its SHA-256. A session ends after SESSION_IDLE_MS
 * without a request, after SESSION_MAX_MS in any case, when its administrator signs out, or when the
 * account is disabled.
 */
import { createHash, randomBytes } from "node:crypto";
import { getDb } from "~/db/db.server";
import { env } from "~/env.server";
import type { Role } from "~/lib/roles";
import { mayPostLargeBodies } from "./access.server";
import { adminAccess, type AdminSites } from "./admin.server";

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 60 * 1000;

export type AdminSession = {
  adminId: string;
  email: string;
  sessionId: string;
  /** The complexes the administrator is for (the guards check the request's: access.server.ts). */
  sites: AdminSites;
  /** What the administrator may do on those complexes (access.server.ts). */
  role: Role;
};

const secure = () => env().SITE_URL.startsWith("https://");

/** The cookie's name: `__Host-` under https, so no subdomain or plain-http page can set it. */
export function sessionCookieName(): string {
  return secure() ? "__Host-admin_session" : "admin_session";
}

function cookieHeader(value: string, maxAgeSeconds: number): string {
  return [
    `${sessionCookieName()}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAgeSeconds}`,
    ...(secure() ? ["Secure"] : []),
  ].join("; ");
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

function tokenFrom(request: Request): string | null {
  const name = sessionCookieName();
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
  }
  return null;
}

/** Starts a session for adminId; returns the Set-Cookie header value. */
export async function createSession(
  adminId: string,
  meta: { ip?: string; userAgent?: string } = {},
  now = new Date(),
): Promise<string> {
  const db = await getDb();
  const token = randomBytes(32).toString("base64url");
  const at = now.toISOString();
  await db.run(
    `INSERT INTO admin_sessions (id, admin_id, created_at, last_seen_at, expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $3, $4, $5, $6)`,
    [
      hashToken(token),
      adminId,
      at,
      new Date(now.getTime() + SESSION_MAX_MS).toISOString(),
      meta.ip?.slice(0, 100) ?? null,
      meta.userAgent?.slice(0, 300) ?? null,
    ],
  );
  return cookieHeader(token, SESSION_MAX_MS / 1000);
}

/** The signed-in administrator of this request, or null (no cookie, unknown or expired session). */
export async function getSession(request: Request, now = new Date()): Promise<AdminSession | null> {
  const token = tokenFrom(request);
  if (!token) return null;
  const db = await getDb();
  const id = hashToken(token);
  const row = await db.get<{
    admin_id: string;
    email: string;
    last_seen_at: string;
    expires_at: string;
  }>(
    `SELECT s.admin_id, a.email, s.last_seen_at, s.expires_at
     FROM admin_sessions s JOIN admins a ON a.id = s.admin_id WHERE s.id = $1`,
    [id],
  );
  if (!row) return null;
  const t = now.getTime();
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (t >= new Date(row.expires_at).getTime() || t - lastSeen >= SESSION_IDLE_MS) {
    await db.run("DELETE FROM admin_sessions WHERE id = $1", [id]);
    return null;
  }
  if (t - lastSeen >= TOUCH_EVERY_MS) {
    await db.run("UPDATE admin_sessions SET last_seen_at = $1 WHERE id = $2", [
      now.toISOString(),
      id,
    ]);
  }
  const access = await adminAccess(row.admin_id);
  if (!access) return null;
  if (access.disabled) {
    // Disabling ends the account's sessions; one that a request was reading meanwhile ends here.
    await db.run("DELETE FROM admin_sessions WHERE id = $1", [id]);
    return null;
  }
  return {
    adminId: row.admin_id,
    email: row.email,
    sessionId: id,
    sites: access.sites,
    role: access.role,
  };
}

/**
 * The signed-in administrator whose session cookie `cookie` (a request's Cookie header) carries, or
 * null: the same check as getSession, made by the HTTP server on a request's headers before it
 * reads a large body (server/upload-guard.js). `mayUpload`: whether the account's role lets it post
 * a large body anywhere (access.server.ts mayPostLargeBodies); a 상담원's never does.
 */
export async function adminSessionOf(
  cookie: string | undefined,
): Promise<{ accountId: string; mayUpload: boolean } | null> {
  if (!cookie) return null;
  const session = await getSession(new Request("http://localhost/", { headers: { cookie } }));
  return session && { accountId: session.adminId, mayUpload: mayPostLargeBodies(session) };
}

/** Ends this request's session (deletes its row); returns the Set-Cookie header that clears it. */
export async function destroySession(request: Request): Promise<string> {
  const token = tokenFrom(request);
  if (token) {
    const db = await getDb();
    await db.run("DELETE FROM admin_sessions WHERE id = $1", [hashToken(token)]);
  }
  return cookieHeader("", 0);
}

/** Ends every session of one administrator (after a password change). */
export async function destroySessionsOf(adminId: string): Promise<number> {
  const db = await getDb();
  return (await db.run("DELETE FROM admin_sessions WHERE admin_id = $1", [adminId])).changes;
}

/** Forgets sessions that can no longer be used. */
export async function pruneSessions(now = new Date()): Promise<number> {
  const db = await getDb();
  return (
    await db.run("DELETE FROM admin_sessions WHERE expires_at <= $1 OR last_seen_at <= $2", [
      now.toISOString(),
      new Date(now.getTime() - SESSION_IDLE_MS).toISOString(),
    ])
  ).changes;
}
