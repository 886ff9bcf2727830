/*
 * Sign-in with e-mail and password. Attempts are counted in the database (shared by all instances,
 * docs/decisions/028-sign-in-throttle-per-address.md), once for the whole deployment, whichever
 * complex's sign-in page is used:
 * An address is counted as `rateLimitAddress` keys it (app/http/client-ip.server.ts): an IPv6 client
 * by its /64, an IPv4-mapped one by its IPv4 address.
 *   1. per client address and e-mail together: the tight limit, so that whoever fails five times
 *      locks out only themselves, never the administrator at another address;
 *   2. per client address: one address trying many e-mails.
 * Both count an attempt before its password is checked (so parallel requests cannot all slip under
 * a limit) and take it back when it succeeds: they count failures. A success clears its pair.
 *   3. per e-mail, from all addresses: failures only, counted after the check. Past its ceiling the
 *      e-mail's guessing is slowed, never stopped for its owner: an address that has already tried
 *      the e-mail in the pair's window is refused until that window ends, while an address that has
 *      not (the administrator at their own desk) still has its attempt checked, and the right
 *      password signs in.
 * An unknown e-mail is checked against a dummy hash, so it costs the same time and gets the same
 * message as a wrong password; so does an administrator of other complexes only, who cannot sign in
 * on this one. A disabled account is told so, once its password is right.
 */
import { getDb } from "~/db/db.server";
import { rateLimitAddress } from "~/http/client-ip.server";
import { hit, peek, unhit } from "~/http/rate-limit.server";
import { AUTH_MESSAGES } from "~/lib/auth";
import { adminAccess, isAdminFor } from "./admin.server";
import { dummyPasswordHash, verifyPassword } from "./password.server";
import { createSession, pruneSessions } from "./session.server";

/** Attempts per client address and e-mail together, and per client address, in SIGN_IN_WINDOW_SECONDS. */
const SIGN_IN_LIMIT_PER_ADDRESS_AND_ACCOUNT = 5;
const SIGN_IN_LIMIT_PER_ADDRESS = 10;
const SIGN_IN_WINDOW_SECONDS = 15 * 60;
/**
 * Failures per e-mail from all addresses in SIGN_IN_ACCOUNT_WINDOW_SECONDS past which each address
 * gets one attempt at that e-mail per SIGN_IN_WINDOW_SECONDS (instead of five).
 */
const SIGN_IN_LIMIT_PER_ACCOUNT = 100;
const SIGN_IN_ACCOUNT_WINDOW_SECONDS = 60 * 60;
/**
 * The rate_limits row's site_id for the sign-in counters: an account signs in on several complexes,
 * and one set of counters (not one per complex) is what a guesser cannot multiply. No complex has
 * this id.
 */
const SIGN_IN_COUNTERS_SITE = "*";

export type SignInResult =
  | { ok: true; adminId: string; email: string; setCookie: string }
  | { ok: false; message: string; status: 400 | 401 | 403 | 429; retryAfterSeconds?: number };

// Computed once now, so that the first unknown e-mail does not take longer than a wrong password.
void dummyPasswordHash();

// An address holds no space, so the pair's key is one address and one e-mail. The address is an
// IPv6 client's /64 (rateLimitAddress): one network, where each attempt could have a fresh address.
const pairKey = (ip: string, email: string) => `signin:pair:${ip} ${email}`;
const addressKey = (ip: string) => `signin:address:${ip}`;
const accountKey = (email: string) => `signin:account:${email}`;

const throttled = (retryAfterSeconds: number) =>
  ({
    ok: false,
    message: AUTH_MESSAGES.throttled(Math.ceil(retryAfterSeconds / 60)),
    status: 429,
    retryAfterSeconds,
  }) as const;

/** Signs in on the complex siteId (the request's); the attempts are counted for all complexes. */
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

  const ip = rateLimitAddress(meta.ip);
  const db = await getDb();
  const counters = SIGN_IN_COUNTERS_SITE;
  const window = { windowSeconds: SIGN_IN_WINDOW_SECONDS, now };
  // One after the other: an attempt the pair refuses is not counted by the address.
  const pair = await hit(db, counters, pairKey(ip, email), {
    limit: SIGN_IN_LIMIT_PER_ADDRESS_AND_ACCOUNT,
    ...window,
  });
  if (!pair.allowed) return throttled(pair.retryAfterSeconds);
  const address = await hit(db, counters, addressKey(ip), {
    limit: SIGN_IN_LIMIT_PER_ADDRESS,
    ...window,
  });
  if (!address.allowed) return throttled(address.retryAfterSeconds);
  // Past the e-mail's ceiling, only an address that has not tried it in the pair's window goes on.
  const account = await peek(db, counters, accountKey(email), {
    windowSeconds: SIGN_IN_ACCOUNT_WINDOW_SECONDS,
    now,
  });
  if (account.count >= SIGN_IN_LIMIT_PER_ACCOUNT && pair.count > 1)
    return throttled((await peek(db, counters, pairKey(ip, email), window)).retryAfterSeconds);

  const admin = await db.get<{ id: string; email: string; password_hash: string }>(
    "SELECT id, email, password_hash FROM admins WHERE email = $1",
    [email],
  );
  const matches = await verifyPassword(
    password,
    admin?.password_hash ?? (await dummyPasswordHash()),
  );
  const access = admin && matches ? await adminAccess(admin.id) : undefined;
  if (!admin || !matches || !access || !isAdminFor(access, siteId)) {
    await hit(db, counters, accountKey(email), {
      limit: SIGN_IN_LIMIT_PER_ACCOUNT,
      windowSeconds: SIGN_IN_ACCOUNT_WINDOW_SECONDS,
      now,
    });
    return { ok: false, message: AUTH_MESSAGES.wrong, status: 401 };
  }
  if (access.disabled) return { ok: false, message: AUTH_MESSAGES.disabled, status: 403 };

  // A success counts nowhere: its pair starts again, and the address's count loses this attempt.
  await db.run("DELETE FROM rate_limits WHERE site_id = $1 AND key = $2", [
    counters,
    pairKey(ip, email),
  ]);
  await unhit(db, counters, addressKey(ip));
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
