/*
 * The client's read-only link to a complex's weekly report (docs/decisions/053-client-report-link.md):
 * /r/<token>. The token is random (256 bits), shown once when the link is made and stored only as its
 * sha256; the link opens until the end of its 만료일 (Korean day) unless the agency revokes it first.
 * A link opens its complex's report and nothing else: it makes no session, and every other page
 * treats its holder as anyone else.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { getDb } from "~/db/db.server";
import { addDays, kstDate, kstDayStartIso } from "~/lib/korean-time";

/** The longest a link may stay open, in days from today. */
const REPORT_LINK_MAX_DAYS = 366;

/** A token shaped like ours; anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type ReportLink = {
  id: string;
  siteId: string;
  label: string;
  createdBy: string;
  createdAt: string;
  /** The first instant it no longer opens (ISO UTC): the day after its 만료일 began. */
  expiresAt: string;
  revokedAt: string | null;
};

type LinkRow = {
  id: string;
  site_id: string;
  label: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
};

const toLink = (r: LinkRow): ReportLink => ({
  id: r.id,
  siteId: r.site_id,
  label: r.label,
  createdBy: r.created_by,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
});

/** The Korean day a link is last open on (its 만료일). */
export const lastOpenDay = (link: Pick<ReportLink, "expiresAt">) =>
  addDays(kstDate(new Date(link.expiresAt)), -1);

/** Whether a link still opens at `now`. */
export const isOpen = (link: Pick<ReportLink, "expiresAt" | "revokedAt">, now = new Date()) =>
  link.revokedAt === null && now.toISOString() < link.expiresAt;

export type NewLinkInput = { label: string; expiresOn: string };
export type NewLinkResult =
  | { ok: true; id: string; token: string }
  | { ok: false; errors: Partial<Record<keyof NewLinkInput, string>> };

/** The form's fields checked, with a Korean message beside each bad one. */
function checkNewLink(input: NewLinkInput, now: Date) {
  const errors: Partial<Record<keyof NewLinkInput, string>> = {};
  const label = input.label.trim();
  if (!label) errors.label = "받는 고객사 이름을 입력해 주세요.";
  else if (label.length > 100) errors.label = "고객사 이름은 100자 이하로 입력해 주세요.";
  const today = kstDate(now);
  const start = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(input.expiresOn)
    ? kstDayStartIso(input.expiresOn)
    : null;
  if (!start) errors.expiresOn = "만료일을 YYYY-MM-DD 형식의 날짜로 입력해 주세요.";
  else if (input.expiresOn < today) errors.expiresOn = "만료일은 오늘이나 그 뒤여야 합니다.";
  else if (input.expiresOn > addDays(today, REPORT_LINK_MAX_DAYS))
    errors.expiresOn = `만료일은 오늘부터 ${REPORT_LINK_MAX_DAYS}일 안으로 정해 주세요.`;
  return { errors, label };
}

/**
 * Makes a link to the complex's report, open through the end of `expiresOn` (a Korean date, today
 * at the earliest). The token is in the answer only: show it once.
 */
export async function createReportLink(
  siteId: string,
  input: NewLinkInput,
  by: string,
  now = new Date(),
): Promise<NewLinkResult> {
  const { errors, label } = checkNewLink(input, now);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const token = randomBytes(32).toString("base64url");
  const id = randomUUID();
  const db = await getDb();
  await db.run(
    `INSERT INTO report_links (id, site_id, token_hash, label, created_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      siteId,
      hashToken(token),
      label,
      by,
      now.toISOString(),
      kstDayStartIso(addDays(input.expiresOn, 1)),
    ],
  );
  return { ok: true, id, token };
}

/** The complex's links, newest first, open or not. */
export async function listReportLinks(siteId: string): Promise<ReportLink[]> {
  const db = await getDb();
  const rows = await db.all<LinkRow>(
    `SELECT id, site_id, label, created_by, created_at, expires_at, revoked_at FROM report_links
     WHERE site_id = $1 ORDER BY created_at DESC, id`,
    [siteId],
  );
  return rows.map(toLink);
}

/** The link a token opens at `now`, or null (unknown, expired or revoked: all alike). */
export async function openReportLink(token: string, now = new Date()): Promise<ReportLink | null> {
  if (!TOKEN.test(token)) return null;
  const db = await getDb();
  const row = await db.get<LinkRow>(
    `SELECT id, site_id, label, created_by, created_at, expires_at, revoked_at FROM report_links
     WHERE token_hash = $1`,
    [hashToken(token)],
  );
  const link = row ? toLink(row) : null;
  return link && isOpen(link, now) ? link : null;
}

/** Revokes one of the complex's links; false when it has no such link or it was revoked already. */
export async function revokeReportLink(
  siteId: string,
  id: string,
  now = new Date(),
): Promise<boolean> {
  const db = await getDb();
  const r = await db.run(
    "UPDATE report_links SET revoked_at = $3 WHERE site_id = $1 AND id = $2 AND revoked_at IS NULL",
    [siteId, id, now.toISOString()],
  );
  return r.changes > 0;
}
