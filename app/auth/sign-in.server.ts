/*
 * Sign-in with e-mail and password. Attempts are counted in the database (shared by all instances,
 * docs/decisions/028-sign-in-throttle-per-address.md), in this order, each only once the one before
 * it let the attempt through:
 *   1. per client address and e-mail together: the tight limit, so that whoever fails five times
 *      locks out only themselves, never the administrator at another address;
 *   2. per client address: one address trying many e-mails;
 *   3. per e-mail, from all addresses: a high ceiling that stops guessing spread over many addresses.
 * A successful sign-in clears the first two, so they count failures in a row; the ceiling runs out
 * its hour. An unknown e-mail is checked against a dummy hash, so it costs the same time and gets
 * the same message as a wrong password; so does an administrator of other complexes only, who
 * cannot sign in on this one. A disabled account is told so, once its password is right.
 */
import { getDb } from "~/db/db.server";
import { hit } from "~/http/rate-limit.server";
import { AUTH_MESSAGES } from "~/lib/auth";
import { adminAccess, isAdminFor } from "./admin.server";
import { dummyPasswordHash, verifyPassword } from "./password.server";
import { createSession, pruneSessions } from "./session.server";

/** Attempts per client address and e-mail together, and per client address, in SIGN_IN_WINDOW_SECONDS. */
export const SIGN_IN_LIMIT_PER_ADDRESS_AND_ACCOUNT = 5;
export const SIGN_IN_LIMIT_PER_ADDRESS = 10;
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
/** Attempts per e-mail from all addresses in SIGN_IN_ACCOUNT_WINDOW_SECONDS: the ceiling on guessing. */
export const SIGN_IN_LIMIT_PER_ACCOUNT = 100;
export const SIGN_IN_ACCOUNT_WINDOW_SECONDS = 60 * 60;

export type SignInResult =
  | { ok: true; adminId: string; email: string; setCookie: string }
  | { ok: false; message: string; status: 400 | 401 | 403 | 429; retryAfterSeconds?: number };

// Computed once now, so that the first unknown e-mail does not take longer than a wrong password.
void dummyPasswordHash();

// An address holds no space, so the pair's key is one address and one e-mail.
const pairKey = (ip: string, email: string) => `signin:pair:${ip} ${email}`;
const addressKey = (ip: string) => `signin:address:${ip}`;
const accountKey = (email: string) => `signin:account:${email}`;

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
  const limits = [
    {
      key: pairKey(meta.ip, email),
      limit: SIGN_IN_LIMIT_PER_ADDRESS_AND_ACCOUNT,
      windowSeconds: SIGN_IN_WINDOW_SECONDS,
    },
    {
      key: addressKey(meta.ip),
      limit: SIGN_IN_LIMIT_PER_ADDRESS,
      windowSeconds: SIGN_IN_WINDOW_SECONDS,
    },
    {
      key: accountKey(email),
      limit: SIGN_IN_LIMIT_PER_ACCOUNT,
      windowSeconds: SIGN_IN_ACCOUNT_WINDOW_SECONDS,
    },
  ];
  // One after the other: an attempt one limit refuses is not counted by the next, so an address
  // locked out of an e-mail adds nothing to that e-mail's ceiling.
  for (const { key, ...limit } of limits) {
    const counted = await hit(db, siteId, key, { ...limit, now });
    if (!counted.allowed)
      return {
        ok: false,
        message: AUTH_MESSAGES.throttled(Math.ceil(counted.retryAfterSeconds / 60)),
        status: 429,
        retryAfterSeconds: counted.retryAfterSeconds,
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
  const access = admin && matches ? await adminAccess(admin.id) : undefined;
  if (!admin || !matches || !access || !isAdminFor(access, siteId))
    return { ok: false, message: AUTH_MESSAGES.wrong, status: 401 };
  if (access.disabled) return { ok: false, message: AUTH_MESSAGES.disabled, status: 403 };

  await db.run("DELETE FROM rate_limits WHERE site_id = $3 AND (key = $1 OR key = $2)", [
    pairKey(meta.ip, email),
    addressKey(meta.ip),
    siteId,
  ]);
  await pruneSessions(now);
  const setCookie = await startSession(admin.id, meta, now);
  return { ok: true, adminId: admin.id, email: admin.email, setCookie };
}

/** Starts a session for the account and notes the sign-in (the accounts list shows it). */
export async function startSession(
  adminId: string,
  meta: { ip?: string; userAgent?: string },
  now = new Date(),
): Promise<string> {
  const db = await getDb();
  await db.run("UPDATE admins SET last_sign_in_at = $1 WHERE id = $2", [
    now.toISOString(),
    adminId,
  ]);
  return createSession(adminId, meta, now);
}
