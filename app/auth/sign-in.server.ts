/*
 * Sign-in with e-mail and password. Every attempt counts against two fixed-window limits in the
 * database (per account and per client address, shared by all instances); a successful sign-in
 * clears both, so the limits count failures in a row. An unknown e-mail is checked against a dummy
 * hash, so it costs the same time and gets the same message as a wrong password; so does an
 * administrator of other complexes only, who cannot sign in on this one.
 */
import { getDb } from "~/db/db.server";
import { hit } from "~/http/rate-limit.server";
import { AUTH_MESSAGES } from "~/lib/auth";
import { adminSites, isAdminFor } from "./admin.server";
import { dummyPasswordHash, verifyPassword } from "./password.server";
import { createSession, pruneSessions } from "./session.server";

/** Failures allowed per account, and per client address, in SIGN_IN_WINDOW_SECONDS. */
export const SIGN_IN_LIMIT_PER_ACCOUNT = 5;
export const SIGN_IN_LIMIT_PER_ADDRESS = 10;
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;

export type SignInResult =
  | { ok: true; adminId: string; email: string; setCookie: string }
  | { ok: false; message: string; status: 400 | 401 | 429; retryAfterSeconds?: number };

// Computed once now, so that the first unknown e-mail does not take longer than a wrong password.
void dummyPasswordHash();

const accountKey = (email: string) => `signin:account:${email}`;
const addressKey = (ip: string) => `signin:address:${ip}`;

/** Signs in on the complex siteId (the request's): its counters limit the attempts. */
export async function signIn(
  siteId: string,
  input: { email: unknown; password: unknown },
  meta: { ip: string; userAgent?: string },
  now = new Date(),
): Promise<SignInResult> {
  const email =
    typeof input.email === "string" ? input.email.trim().toLowerCase().slice(0, 200) : "";
  const password = typeof input.password === "string" ? input.password.slice(0, 1000) : "";
  if (!email || !password) return { ok: false, message: AUTH_MESSAGES.missing, status: 400 };

  const db = await getDb();
  const window = { windowSeconds: SIGN_IN_WINDOW_SECONDS, now };
  const [account, address] = await Promise.all([
    hit(db, siteId, accountKey(email), { ...window, limit: SIGN_IN_LIMIT_PER_ACCOUNT }),
    hit(db, siteId, addressKey(meta.ip), { ...window, limit: SIGN_IN_LIMIT_PER_ADDRESS }),
  ]);
  if (!account.allowed || !address.allowed) {
    const retryAfterSeconds = Math.max(
      account.allowed ? 0 : account.retryAfterSeconds,
      address.allowed ? 0 : address.retryAfterSeconds,
    );
    return {
      ok: false,
      message: AUTH_MESSAGES.throttled(Math.ceil(retryAfterSeconds / 60)),
      status: 429,
      retryAfterSeconds,
    };
  }

  const admin = await db.get<{ id: string; email: string; password_hash: string }>(
    "SELECT id, email, password_hash FROM admins WHERE email = $1",
    [email],
  );
  const matches = await verifyPassword(
    password,
    admin?.password_hash ?? (await dummyPasswordHash()),
  );
  const sites = admin && matches ? await adminSites(admin.id) : undefined;
  if (!admin || !matches || !sites || !isAdminFor({ sites }, siteId))
    return { ok: false, message: AUTH_MESSAGES.wrong, status: 401 };

  await db.run("DELETE FROM rate_limits WHERE site_id = $3 AND (key = $1 OR key = $2)", [
    accountKey(email),
    addressKey(meta.ip),
    siteId,
  ]);
  await pruneSessions(now);
  const setCookie = await createSession(admin.id, meta, now);
  return { ok: true, adminId: admin.id, email: admin.email, setCookie };
}
