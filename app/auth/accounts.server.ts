/*
 * Accounts as the console manages them (/admin/accounts, agency administrators only): the list,
 * one-time invitation links, a change of role or complexes, disabling and enabling. Only the SHA-256
 * of an invitation's token is stored; the link is shown once, to be passed on by hand (no e-mail is
 * sent). Two rules keep the console usable: nobody changes or disables their own account, and the
 * last agency administrator in use stays one (docs/decisions/034-roles.md).
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { getDb, type Queryable } from "~/db/db.server";
import { ACCOUNT_MESSAGES, INVITATION_DAYS, type CheckedAccount } from "~/lib/accounts";
import type { Role } from "~/lib/roles";
import { ALL_SITES } from "~/lib/sites";
import type { AdminSites } from "./admin.server";
import { hashPassword } from "./password.server";
import { startSession } from "./sign-in.server";

export const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;

export type Account = {
  id: string;
  email: string;
  role: Role;
  /** The account's own mobile number (the morning digest of calls goes to it), or null. */
  phone: string | null;
  sites: AdminSites;
  createdAt: string;
  disabledAt: string | null;
  lastSignInAt: string | null;
};

type AccountRow = {
  id: string;
  email: string;
  role: Role;
  phone: string | null;
  all_sites: number;
  created_at: string;
  disabled_at: string | null;
  last_sign_in_at: string | null;
};

async function withSites(db: Queryable, rows: AccountRow[]): Promise<Account[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const links = await db.all<{ admin_id: string; site_id: string }>(
    `SELECT admin_id, site_id FROM admin_sites
     WHERE admin_id IN (${ids.map((_, i) => `$${i + 1}`).join(", ")}) ORDER BY site_id`,
    ids,
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    phone: r.phone,
    sites:
      Number(r.all_sites) === 1
        ? ALL_SITES
        : links.filter((l) => l.admin_id === r.id).map((l) => l.site_id),
    createdAt: r.created_at,
    disabledAt: r.disabled_at,
    lastSignInAt: r.last_sign_in_at,
  }));
}

const ACCOUNT_COLUMNS =
  "id, email, role, phone, all_sites, created_at, disabled_at, last_sign_in_at";

/** Every account: agency administrators first, then by e-mail. */
export async function listAccounts(): Promise<Account[]> {
  const db = await getDb();
  const rows = await db.all<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM admins
     ORDER BY CASE role WHEN 'agency' THEN 0 WHEN 'editor' THEN 1 ELSE 2 END, email`,
  );
  return withSites(db, rows);
}

export async function getAccount(id: string): Promise<Account | undefined> {
  const db = await getDb();
  const row = await db.get<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM admins WHERE id = $1`, [id]);
  return row ? (await withSites(db, [row]))[0] : undefined;
}

/** Sets an account's role and complexes (an agency administrator's are every one). */
async function writeScope(tx: Queryable, id: string, role: Role, sites: readonly string[]) {
  await tx.run("UPDATE admins SET role = $1, all_sites = $2 WHERE id = $3", [
    role,
    role === "agency" ? 1 : 0,
    id,
  ]);
  await tx.run("DELETE FROM admin_sites WHERE admin_id = $1", [id]);
  if (role !== "agency")
    for (const siteId of new Set(sites))
      await tx.run("INSERT INTO admin_sites (admin_id, site_id) VALUES ($1, $2)", [id, siteId]);
}

type Refusal = { ok: false; message: string };

/**
 * Whether a change may take the account `target` away from the agency administrators in use: never
 * the last one. On PostgreSQL the rows are locked, so two administrators demoting each other at the
 * same moment cannot both succeed (SQLite writes one transaction at a time).
 */
async function lastAgencyRefusal(
  tx: Queryable,
  target: { id: string; role: Role; disabled_at: string | null },
  after: { role: Role; disabled: boolean },
): Promise<Refusal | null> {
  const losesOne =
    target.role === "agency" &&
    target.disabled_at === null &&
    (after.role !== "agency" || after.disabled);
  if (!losesOne) return null;
  const lock = tx.dialect === "postgres" ? " FOR UPDATE" : "";
  const agencies = await tx.all<{ id: string }>(
    `SELECT id FROM admins WHERE role = 'agency' AND disabled_at IS NULL${lock}`,
  );
  return agencies.some((a) => a.id !== target.id)
    ? null
    : { ok: false, message: ACCOUNT_MESSAGES.lastAgency };
}

async function changeTarget<T>(
  actorId: string,
  targetId: string,
  change: (
    tx: Queryable,
    target: { id: string; role: Role; disabled_at: string | null },
  ) => Promise<T | Refusal>,
): Promise<T | Refusal> {
  if (actorId === targetId) return { ok: false, message: ACCOUNT_MESSAGES.self };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const target = await tx.get<{ id: string; role: Role; disabled_at: string | null }>(
      "SELECT id, role, disabled_at FROM admins WHERE id = $1",
      [targetId],
    );
    if (!target) return { ok: false, message: ACCOUNT_MESSAGES.notFound };
    return change(tx, target);
  });
}

/**
 * Changes another account's role and complexes, and its phone when given (null: none), as
 * checkAccountForm checked them.
 */
export function changeAccount(
  actorId: string,
  targetId: string,
  { role, sites, phone }: Pick<CheckedAccount, "role" | "sites"> & { phone?: string | null },
  now = new Date(),
): Promise<{ ok: true } | Refusal> {
  return changeTarget(actorId, targetId, async (tx, target) => {
    const refused = await lastAgencyRefusal(tx, target, {
      role,
      disabled: target.disabled_at !== null,
    });
    if (refused) return refused;
    await writeScope(tx, targetId, role, sites);
    await tx.run("UPDATE admins SET updated_at = $1 WHERE id = $2", [now.toISOString(), targetId]);
    if (phone !== undefined)
      await tx.run("UPDATE admins SET phone = $1 WHERE id = $2", [phone, targetId]);
    return { ok: true as const };
  });
}

/**
 * Disables another account (it can no longer sign in, and every session of it ends now) or enables
 * it again. Answers how many sessions ended.
 */
export function setAccountDisabled(
  actorId: string,
  targetId: string,
  disabled: boolean,
  now = new Date(),
): Promise<{ ok: true; endedSessions: number } | Refusal> {
  return changeTarget(actorId, targetId, async (tx, target) => {
    const refused = await lastAgencyRefusal(tx, target, { role: target.role, disabled });
    if (refused) return refused;
    const at = now.toISOString();
    if (!disabled) {
      await tx.run("UPDATE admins SET disabled_at = NULL, updated_at = $1 WHERE id = $2", [
        at,
        targetId,
      ]);
      return { ok: true as const, endedSessions: 0 };
    }
    // Disabled once: a second request keeps the first time.
    await tx.run(
      "UPDATE admins SET disabled_at = COALESCE(disabled_at, $1), updated_at = $1 WHERE id = $2",
      [at, targetId],
    );
    const ended = await tx.run("DELETE FROM admin_sessions WHERE admin_id = $1", [targetId]);
    return { ok: true as const, endedSessions: ended.changes };
  });
}

// ---------------------------------------------------------------------------------------------
// Invitations

export type Invitation = {
  id: string;
  email: string;
  role: Role;
  /** The complexes (none for an agency administrator, who gets every one). */
  sites: string[];
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
};

type InvitationRow = {
  id: string;
  email: string;
  role: Role;
  sites: string;
  created_by_email: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
/** A token as the link carries it: 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function invitationOf(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    sites: JSON.parse(row.sites) as string[],
    createdBy: row.created_by_email,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

const INVITATION_SELECT = `SELECT i.id, i.email, i.role, i.sites, a.email AS created_by_email,
  i.created_at, i.expires_at, i.used_at
  FROM admin_invitations i LEFT JOIN admins a ON a.id = i.created_by`;

/** The invitations not used yet and still valid, newest first. */
export async function listPendingInvitations(now = new Date()): Promise<Invitation[]> {
  const db = await getDb();
  const rows = await db.all<InvitationRow>(
    `${INVITATION_SELECT} WHERE i.used_at IS NULL AND i.expires_at > $1
     ORDER BY i.created_at DESC, i.id`,
    [now.toISOString()],
  );
  return rows.map(invitationOf);
}

/**
 * Invites `email` as `role` for `sites`: answers the token for the link, which is not kept (only its
 * SHA-256 is). An e-mail with an account already is refused; an earlier invitation of the same
 * e-mail not used yet stops working (the newest link is the one).
 */
export async function createInvitation(
  { email, role, sites }: Omit<CheckedAccount, "phone">,
  createdBy: string,
  now = new Date(),
): Promise<
  | { ok: true; token: string; invitation: Invitation }
  | { ok: false; field: "email"; message: string }
> {
  const db = await getDb();
  const token = randomBytes(32).toString("base64url");
  const id = randomUUID();
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + INVITATION_MS).toISOString();
  const created = await db.transaction(async (tx) => {
    if (await tx.get("SELECT id FROM admins WHERE email = $1", [email])) return false;
    await tx.run("DELETE FROM admin_invitations WHERE email = $1 AND used_at IS NULL", [email]);
    await tx.run(
      `INSERT INTO admin_invitations (id, token_hash, email, role, sites, created_by, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, hashToken(token), email, role, JSON.stringify(sites), createdBy, at, expiresAt],
    );
    return true;
  });
  if (!created) return { ok: false, field: "email", message: ACCOUNT_MESSAGES.emailTaken };
  const row = await db.get<InvitationRow>(`${INVITATION_SELECT} WHERE i.id = $1`, [id]);
  return { ok: true, token, invitation: invitationOf(row!) };
}

/** Withdraws an invitation not used yet: its link stops working. False when there was none. */
export async function revokeInvitation(id: string): Promise<boolean> {
  const db = await getDb();
  const { changes } = await db.run(
    "DELETE FROM admin_invitations WHERE id = $1 AND used_at IS NULL",
    [id],
  );
  return changes > 0;
}

export type InvitationState =
  | { state: "valid"; invitation: Invitation }
  | { state: "used" | "expired" | "unknown" };

/** What a link's token opens: a valid invitation, or why not. */
export async function readInvitation(token: string, now = new Date()): Promise<InvitationState> {
  if (!TOKEN.test(token)) return { state: "unknown" };
  const db = await getDb();
  const row = await db.get<InvitationRow>(`${INVITATION_SELECT} WHERE i.token_hash = $1`, [
    hashToken(token),
  ]);
  if (!row) return { state: "unknown" };
  if (row.used_at) return { state: "used" };
  if (row.expires_at <= now.toISOString()) return { state: "expired" };
  return { state: "valid", invitation: invitationOf(row) };
}

/** Thrown inside the transaction to undo the claim when the e-mail got an account meanwhile. */
class AccountExists extends Error {}

export type AcceptResult =
  | { ok: true; adminId: string; email: string; role: Role; setCookie: string }
  | { ok: false; state: "used" | "expired" | "unknown" | "exists" };

/**
 * Uses an invitation: creates its account with this password (checked by passwordProblem), marks
 * the link used, in one transaction, so a link makes one account however often it is sent, and
 * signs the new account in. Answers the session cookie.
 */
export async function acceptInvitation(
  token: string,
  password: string,
  meta: { ip?: string; userAgent?: string },
  now = new Date(),
): Promise<AcceptResult> {
  const read = await readInvitation(token, now);
  if (read.state !== "valid") return { ok: false, state: read.state };
  const hash = await hashPassword(password);
  const db = await getDb();
  const at = now.toISOString();
  let made:
    | { adminId: string; email: string; role: Role }
    | { ok: false; state: "used" | "expired" };
  try {
    made = await db.transaction(async (tx) => {
      // The claim: only one request gets the row back (used_at is set once, before expires_at).
      const claimed = await tx.get<{ id: string; email: string; role: Role; sites: string }>(
        `UPDATE admin_invitations SET used_at = $1
         WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1
         RETURNING id, email, role, sites`,
        [at, hashToken(token)],
      );
      if (!claimed) {
        const row = await tx.get<{ used_at: string | null }>(
          "SELECT used_at FROM admin_invitations WHERE token_hash = $1",
          [hashToken(token)],
        );
        return {
          ok: false as const,
          state: row?.used_at ? ("used" as const) : ("expired" as const),
        };
      }
      const adminId = randomUUID();
      const inserted = await tx.get<{ id: string }>(
        `INSERT INTO admins (id, email, password_hash, created_at, updated_at, all_sites, role)
         VALUES ($1, $2, $3, $4, $4, $5, $6)
         ON CONFLICT (email) DO NOTHING RETURNING id`,
        [adminId, claimed.email, hash, at, claimed.role === "agency" ? 1 : 0, claimed.role],
      );
      if (!inserted) throw new AccountExists();
      await writeScope(tx, adminId, claimed.role, JSON.parse(claimed.sites) as string[]);
      await tx.run("UPDATE admin_invitations SET admin_id = $1 WHERE id = $2", [
        adminId,
        claimed.id,
      ]);
      return { adminId, email: claimed.email, role: claimed.role };
    });
  } catch (error) {
    if (error instanceof AccountExists) return { ok: false, state: "exists" };
    throw error;
  }
  if ("ok" in made) return made;
  const setCookie = await startSession(made.adminId, meta, now);
  return { ok: true, ...made, setCookie };
}
