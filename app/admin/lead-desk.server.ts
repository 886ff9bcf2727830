/*
 * The lead desk: the leads of the lead forms, newest first, filtered and searched; a status and a
 * memo per lead; the CSV of a filtered list. Every view, download and change of personal data is
 * written to the access log in the same request (access-log.server.ts).
 *
 * Every function takes the desk's scope first: the request's complex, or for an administrator of
 * every complex any complex or all of them (ALL_SITES, "모든 단지"; deskScope decides).
 */
import { isAdminFor, type AdminSites } from "~/auth/admin.server";
import { getDb } from "~/db/db.server";
import { SITE_COLUMN, toCsv } from "~/http/csv.server";
import { CSV_HEADER, formatKst, leadCsvRow } from "~/leads/csv.server";
import { toLead, type Lead, type LeadRow } from "~/leads/leads.server";
import { kstDayStartIso } from "~/lib/korean-date";
import {
  DESK_MESSAGES,
  DESK_PAGE_SIZE,
  LEAD_STATUS_LABEL,
  LEAD_STATUSES,
  MEMO_MAX,
  type DeskFilter,
  type DeskFilterName,
  type DeskMessage,
  type LeadStatus,
  type SourceOptions,
} from "~/lib/lead-desk";
import { normalizePhone } from "~/lib/phone";
import { ALL_SITES, SITE_ID, type SiteScope } from "~/lib/sites";

export type DeskLead = Lead & {
  status: LeadStatus;
  memo: string;
  statusAt: string | null;
  memoAt: string | null;
  /** The visitor's confirmation and the staff alerts, oldest first (on the desk, not in the CSV). */
  messages?: DeskMessage[];
};

type DeskRow = LeadRow & {
  status: LeadStatus;
  memo: string;
  status_at: string | null;
  memo_at: string | null;
};

const toDeskLead = (r: DeskRow): DeskLead => ({
  ...toLead(r),
  status: r.status,
  memo: r.memo,
  statusAt: r.status_at,
  memoAt: r.memo_at,
});

/** Adds a parameter and answers its placeholder ($n). */
type Param = (value: unknown) => string;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const nextDay = (day: string) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);

/** Each filter's condition (a new filter: one entry in DESK_FILTERS and one here). */
const CONDITIONS: Record<DeskFilterName, (value: string, p: Param) => string | null> = {
  kind: (v, p) => `kind = ${p(v)}`,
  status: (v, p) => `status = ${p(v)}`,
  source: (v, p) => {
    if (v.startsWith("utm:")) return `utm_source = ${p(v.slice(4))}`;
    if (v.startsWith("ref:")) return `(utm_source IS NULL AND referrer_host = ${p(v.slice(4))})`;
    return "(utm_source IS NULL AND referrer_host IS NULL)";
  },
  confirmation: () =>
    `EXISTS (SELECT 1 FROM outbox o WHERE o.lead_id = leads.id AND o.purpose = 'confirmation'
       AND (o.delivery_state = 'failed' OR o.status = 'failed'))`,
  from: (v, p) => `created_at >= ${p(kstDayStartIso(v))}`,
  to: (v, p) => `created_at < ${p(kstDayStartIso(nextDay(v)))}`,
  q: (v, p) => {
    // A name, or a phone number in any format: a whole number matches exactly, a few digits anywhere.
    const byName = `name LIKE ${p(`%${likeEscape(v)}%`)} ESCAPE '\\'`;
    const phone = normalizePhone(v);
    if (phone) return `(${byName} OR phone = ${p(phone)})`;
    const digits = v.replace(/[\s\-().]/g, "");
    if (/^[0-9]{3,}$/.test(digits))
      return `(${byName} OR REPLACE(phone, '-', '') LIKE ${p(`%${digits}%`)})`;
    return byName;
  },
};

/**
 * The desk's scope for a request on the complex siteId. An administrator of every complex may ask
 * for another complex or for all (`?site=*`, "모든 단지"); anyone else sees the request's complex,
 * whatever the address says. `choosable`: the desk offers the choice (and the 단지 column).
 */
export function deskScope(
  admin: { sites: AdminSites },
  siteId: string,
  requested: string | null,
): { scope: SiteScope; choosable: boolean } {
  if (admin.sites !== ALL_SITES) return { scope: siteId, choosable: false };
  if (requested === ALL_SITES) return { scope: ALL_SITES, choosable: true };
  if (requested && SITE_ID.test(requested) && isAdminFor(admin, requested))
    return { scope: requested, choosable: true };
  return { scope: siteId, choosable: true };
}

function where(scope: SiteScope, filter: DeskFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p: Param = (value) => {
    params.push(value);
    return `$${params.length}`;
  };
  const scoped = scope === ALL_SITES ? [] : [`site_id = ${p(scope)}`];
  const clauses = (Object.keys(CONDITIONS) as DeskFilterName[]).flatMap((name) => {
    const value = filter[name];
    const clause = value ? CONDITIONS[name](value, p) : null;
    return clause ? [clause] : [];
  });
  const all = [...scoped, ...clauses];
  return { sql: all.length ? `WHERE ${all.join(" AND ")}` : "", params };
}

/** One page (50) of the scope's filtered leads, newest first, and how many match in all. */
export async function listDeskLeads(
  scope: SiteScope,
  filter: DeskFilter,
  page = 1,
): Promise<{ leads: DeskLead[]; total: number; page: number; pages: number }> {
  const db = await getDb();
  const w = where(scope, filter);
  const total = Number(
    (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM leads ${w.sql}`, w.params))?.n ?? 0,
  );
  const pages = Math.max(1, Math.ceil(total / DESK_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const n = w.params.length;
  const rows = await db.all<DeskRow>(
    `SELECT * FROM leads ${w.sql} ORDER BY created_at DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...w.params, DESK_PAGE_SIZE, (current - 1) * DESK_PAGE_SIZE],
  );
  return { leads: await withMessages(rows.map(toDeskLead)), total, page: current, pages };
}

/** The leads with their messages (the visitor's confirmation, the staff alerts). */
async function withMessages(leads: DeskLead[]): Promise<DeskLead[]> {
  if (leads.length === 0) return leads;
  const db = await getDb();
  const ids = leads.map((l) => l.id);
  const rows = await db.all<{
    lead_id: string;
    purpose: DeskMessage["purpose"];
    status: DeskMessage["status"];
    message_type: string | null;
    delivery_state: DeskMessage["state"];
    delivery_code: string | null;
  }>(
    `SELECT lead_id, purpose, status, message_type, delivery_state, delivery_code FROM outbox
     WHERE kind = 'sms' AND purpose IN ('confirmation', 'staff')
       AND lead_id IN (${ids.map((_, i) => `$${i + 1}`).join(", ")})
     ORDER BY created_at, id`,
    ids,
  );
  const byLead = new Map<string, DeskMessage[]>();
  for (const r of rows) {
    const list = byLead.get(r.lead_id) ?? [];
    list.push({
      purpose: r.purpose,
      status: r.status,
      type: r.message_type,
      state: r.delivery_state,
      code: r.delivery_code,
    });
    byLead.set(r.lead_id, list);
  }
  return leads.map((l) => ({ ...l, messages: byLead.get(l.id) ?? [] }));
}

/** Most choices of each kind the source filter offers (the most frequent ones). */
const SOURCE_OPTIONS_MAX = 100;

/** The sources of the scope's leads, for the source filter (each group alphabetical). */
export async function deskSources(scope: SiteScope): Promise<SourceOptions> {
  const db = await getDb();
  // $2: the complex, or ALL_SITES for every one.
  const inScope = `($2 = '${ALL_SITES}' OR site_id = $2)`;
  const top = async (column: string, where: string) =>
    (
      await db.all<{ v: string }>(
        `SELECT ${column} AS v FROM leads WHERE ${inScope} AND ${where}
         GROUP BY ${column} ORDER BY COUNT(*) DESC, ${column} LIMIT $1`,
        [SOURCE_OPTIONS_MAX, scope],
      )
    )
      .map((r) => r.v)
      .sort((a, b) => a.localeCompare(b, "ko"));
  const direct = await db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM leads
     WHERE ($1 = '${ALL_SITES}' OR site_id = $1) AND utm_source IS NULL AND referrer_host IS NULL`,
    [scope],
  );
  return {
    utm: await top("utm_source", "utm_source IS NOT NULL"),
    referrers: await top("referrer_host", "utm_source IS NULL AND referrer_host IS NOT NULL"),
    direct: Number(direct?.n ?? 0) > 0,
  };
}

/** The complexes with leads, and `siteId` (the choices of an administrator of every complex). */
export async function deskSites(siteId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db.all<{ site_id: string }>("SELECT DISTINCT site_id FROM leads");
  return [...new Set([siteId, ...rows.map((r) => r.site_id)])].sort();
}

/** Every lead of the scope the filter matches, newest first (CSV). */
export async function allDeskLeads(scope: SiteScope, filter: DeskFilter): Promise<DeskLead[]> {
  const db = await getDb();
  const w = where(scope, filter);
  const rows = await db.all<DeskRow>(
    `SELECT * FROM leads ${w.sql} ORDER BY created_at DESC, id DESC`,
    w.params,
  );
  return rows.map(toDeskLead);
}

/**
 * The desk's CSV: the export's columns (UTF-8 BOM, Korean header, formulas defused) plus status and
 * memo; `withSite` (모든 단지): each row starts with its complex.
 */
export function deskCsv(leads: readonly DeskLead[], { withSite = false } = {}): string {
  return toCsv(
    [...(withSite ? [SITE_COLUMN] : []), ...CSV_HEADER, "상태", "메모", "상태변경일시 (KST)"],
    leads.map((l) => [
      ...(withSite ? [l.siteId] : []),
      ...leadCsvRow(l),
      LEAD_STATUS_LABEL[l.status] ?? l.status,
      l.memo,
      l.statusAt ? formatKst(l.statusAt) : "",
    ]),
  );
}

export type DeskUpdate =
  | { ok: true; lead: DeskLead; changed: string[] }
  | { ok: false; message: string };

/** Saves the status and memo (both at once) of a lead in the scope; says what changed. */
export async function updateLeadDesk(
  scope: SiteScope,
  id: string,
  input: { status: unknown; memo: unknown },
  now = new Date(),
): Promise<DeskUpdate> {
  const status = String(input.status ?? "");
  if (!(LEAD_STATUSES as readonly string[]).includes(status))
    return { ok: false, message: DESK_MESSAGES.badStatus };
  const memo = String(input.memo ?? "")
    .replace(/\r\n?/g, "\n")
    .trim();
  if (memo.length > MEMO_MAX) return { ok: false, message: DESK_MESSAGES.memoTooLong };
  const db = await getDb();
  const at = now.toISOString();
  // $5: the complex, or ALL_SITES for every one.
  const inScope = `($5 = '${ALL_SITES}' OR site_id = $5)`;
  const before = await db.get<DeskRow>(
    `SELECT * FROM leads WHERE id = $1 AND ($2 = '${ALL_SITES}' OR site_id = $2)`,
    [id, scope],
  );
  if (!before) return { ok: false, message: DESK_MESSAGES.notFound };
  const row = await db.get<DeskRow>(
    `UPDATE leads SET
       status_at = CASE WHEN status = $2 THEN status_at ELSE $4 END,
       memo_at = CASE WHEN memo = $3 THEN memo_at ELSE $4 END,
       status = $2, memo = $3
     WHERE id = $1 AND ${inScope} RETURNING *`,
    [id, status, memo, at, scope],
  );
  if (!row) return { ok: false, message: DESK_MESSAGES.notFound };
  const changed = [
    ...(before.status !== status
      ? [`상태 ${LEAD_STATUS_LABEL[before.status]}→${LEAD_STATUS_LABEL[status as LeadStatus]}`]
      : []),
    ...(before.memo !== memo ? ["메모"] : []),
  ];
  const [lead] = await withMessages([toDeskLead(row)]);
  return { ok: true, lead: lead!, changed };
}

/** The complex's new leads waiting for a first call (the administrator's home). */
export async function countNewLeads(siteId: string): Promise<number> {
  const db = await getDb();
  return Number(
    (
      await db.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM leads WHERE site_id = $1 AND status = 'new'",
        [siteId],
      )
    )?.n ?? 0,
  );
}

/** What the desk page receives of a lead: no address, browser or idempotency key. */
export type DeskLeadView = Omit<DeskLead, "ip" | "userAgent" | "idempotencyKey">;

export function deskView(lead: DeskLead): DeskLeadView {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { ip, userAgent, idempotencyKey, ...shown } = lead;
  return shown;
}
