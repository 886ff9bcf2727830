/*
 * 리드 파일 가져오기 (issue 42, /admin/leads/import): an uploaded lead file waits in
 * lead_file_pending (app/tables/pending.server.ts) between its upload, its mapping, its preview and
 * its save; the columns picked for a header are remembered per complex (lead_file_mappings).
 * `planLeadFile` reads a waiting file into what the page shows; `saveLeadFile` stores its leads in
 * one transaction, in batches (a file may hold 50,000): one card per phone as for any lead (a phone
 * the complex has joins its card as a new touch), the same round-robin and staff alert, and the
 * visitor's SMS only where the file says consent was given. Each lead records its file and line
 * (migration 026); the same file twice adds nothing.
 */
import { createHash, randomUUID } from "node:crypto";
import type { Site } from "~/content/schema";
import { getDb, type Queryable } from "~/db/db.server";
import { env, siteSetting } from "~/env.server";
import { channelSource, NO_SOURCE, OTHER_SOURCES } from "~/channels/channels";
import { autoAssigns, consultantsInTurn, leadSettings } from "~/crm/assignment.server";
import { LEAD_FILE_SOURCE, sourceKey } from "~/crm/crm";
import { originLine } from "~/lib/attribution";
import { startOfKstDay } from "~/lib/korean-time";
import { sourceStaff } from "~/lib/source-phone";
import { enqueueMany, enqueueStaffAlerts } from "~/outbox/outbox.server";
import { promotionSmsText } from "~/outbox/sms.server";
import { pendingUploads } from "~/tables/pending.server";
import { readTable } from "~/tables/read-table";
import { headerKey } from "~/tables/header";
import {
  headerOf,
  LEAD_FILE_MESSAGES,
  leadMappingSchema,
  parseKoreanDateTime,
  proposeMapping,
  readLeadRows,
  type FileLead,
  type LeadMapping,
  type RefusedRow,
} from "./lead-file";

/** Up to this many leads, each gets its staff alert; a bigger file sends one alert for all. */
const ALERT_EACH_UP_TO = 20;

/** Rows per statement when a file's leads are stored (leads have 19 columns: 19,000 parameters). */
const BATCH = 1000;

const files = pendingUploads("lead_file_pending");

/** Keeps an uploaded lead file of the complex until it is saved: its id. */
export const keepLeadFile = files.keep;

/** Forgets a waiting lead file of the complex (given up). */
export const dropLeadFile = files.drop;

/** Forgets every lead file that waited 24 hours (the retention job): how many. */
export const purgeLeadFiles = files.purge;

/** What a person chose for a file on the page. */
export type LeadFileChoices = {
  source: string;
  campaign: string;
  /** When and where the whole file's consent was given ("" when the file does not say). */
  consentAt: string;
  consentWhere: string;
};

export const NO_CHOICES: LeadFileChoices = {
  source: "",
  campaign: "",
  consentAt: "",
  consentWhere: "",
};

/** Remembers the columns picked for lead files with this header, for the complex. */
export async function rememberLeadMapping(
  siteId: string,
  header: readonly string[],
  mapping: LeadMapping,
  by: string,
): Promise<void> {
  const db = await getDb();
  await db.run(
    `INSERT INTO lead_file_mappings (site_id, header_key, mapping, updated_by, updated_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (site_id, header_key) DO UPDATE SET mapping = excluded.mapping,
       updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    [siteId, headerKey(header), JSON.stringify(mapping), by, new Date().toISOString()],
  );
}

async function rememberedLeadMapping(
  siteId: string,
  header: readonly string[],
): Promise<LeadMapping | undefined> {
  const db = await getDb();
  const row = await db.get<{ mapping: string }>(
    "SELECT mapping FROM lead_file_mappings WHERE site_id = $1 AND header_key = $2",
    [siteId, headerKey(header)],
  );
  if (!row) return undefined;
  const parsed = leadMappingSchema.safeParse(JSON.parse(row.mapping));
  return parsed.success && Math.max(...Object.values(parsed.data)) < header.length
    ? parsed.data
    : undefined;
}

type FileFacts = { id: string; fileName: string; createdAt: string };

type LeadFileCounts = {
  /** Lines below the header. */
  rows: number;
  newCards: number;
  joined: number;
  duplicates: number;
  refused: number;
  unconfirmed: number;
};

/** What a waiting lead file reads as, for the page. */
export type LeadFilePlan =
  | { step: "gone" }
  | { step: "refused"; file: FileFacts; message: string }
  | {
      step: "mapping";
      file: FileFacts;
      header: string[];
      proposed: Partial<LeadMapping>;
    }
  | {
      step: "preview";
      file: FileFacts;
      header: string[];
      mapping: LeadMapping;
      choices: LeadFileChoices;
      /** Why the choices cannot be saved as they are, by field. */
      problems: Partial<Record<"source" | "consent", string>>;
      counts: LeadFileCounts;
      refused: RefusedRow[];
      /** When this very file was imported before (it adds nothing), or null. */
      sameFile: { importedAt: string; importedBy: string } | null;
      fingerprint: string;
    };

type Preview = Extract<LeadFilePlan, { step: "preview" }>;

/** The source a typed value means, or null when it is none. */
function sourceOf(typed: string | null): string | null {
  if (!typed?.trim()) return null;
  const key = channelSource(typed.trim());
  return key === NO_SOURCE || key === OTHER_SOURCES ? null : key;
}

/** The whole file's consent as the form gave it, or why it cannot be read. */
function fileConsentOf(choices: LeadFileChoices) {
  const atText = choices.consentAt.trim();
  const where = choices.consentWhere.trim().slice(0, 200);
  if (!atText && !where) return { at: null, where: null };
  if (!atText || !where) return { at: null, where: null, problem: LEAD_FILE_MESSAGES.consentHalf };
  const at = parseKoreanDateTime(atText);
  if (!at) return { at: null, where: null, problem: LEAD_FILE_MESSAGES.consentAt };
  return { at, where };
}

/** The cards of the complex among `phones`, by phone. */
async function cardsByPhone(db: Queryable, siteId: string, phones: readonly string[]) {
  const cards = new Map<
    string,
    { id: string; status: string; consultant_id: string | null; last_at: string }
  >();
  // PostgreSQL takes the phones as one array parameter; SQLite as a list of parameters.
  const size = db.dialect === "postgres" ? 10 * BATCH : BATCH;
  for (let i = 0; i < phones.length; i += size) {
    const chunk = phones.slice(i, i + size);
    const rows = await db.all<{
      id: string;
      phone: string;
      status: string;
      consultant_id: string | null;
      last_at: string;
    }>(
      `SELECT id, phone, status, consultant_id, last_at FROM customers WHERE site_id = $1 AND ${
        db.dialect === "postgres"
          ? "phone = ANY($2::text[])"
          : `phone IN (${chunk.map((_, j) => `$${j + 2}`).join(", ")})`
      }`,
      db.dialect === "postgres" ? [siteId, chunk] : [siteId, ...chunk],
    );
    for (const r of rows) cards.set(r.phone, r);
  }
  return cards;
}

/** Reads a waiting file of the complex with the complex's remembered columns and `choices`. */
export async function planLeadFile(
  siteId: string,
  pendingId: string,
  choices: LeadFileChoices = NO_CHOICES,
  options: { remap?: boolean } = {},
): Promise<LeadFilePlan> {
  return (await readPlan(siteId, pendingId, choices, options)).plan;
}

async function readPlan(
  siteId: string,
  pendingId: string,
  choices: LeadFileChoices,
  options: { remap?: boolean },
): Promise<{ plan: LeadFilePlan; leads: FileLead[]; sha256: string }> {
  const plan = (p: LeadFilePlan, leads: FileLead[] = [], sha256 = "") => ({
    plan: p,
    leads,
    sha256,
  });
  const pending = await files.get(siteId, pendingId);
  if (!pending) return plan({ step: "gone" });
  const file = { id: pending.id, fileName: pending.fileName, createdAt: pending.createdAt };
  const table = await readTable(pending.bytes);
  if (!table.ok) return plan({ step: "refused", file, message: table.message });
  const header = headerOf(table.rows);
  if (header.length < 2)
    return plan({
      step: "refused",
      file,
      message: "첫 줄에 열 제목(이름, 연락처…)이 있는 파일을 올려 주세요.",
    });
  const mapping = await rememberedLeadMapping(siteId, header);
  if (!mapping || options.remap)
    return plan({ step: "mapping", file, header, proposed: mapping ?? proposeMapping(header) });

  const consent = fileConsentOf(choices);
  const read = readLeadRows(table.rows, mapping, consent);
  const chosen = sourceOf(choices.source);
  const problems: Preview["problems"] = {};
  if (consent.problem) problems.consent = consent.problem;
  if (!chosen && read.leads.some((l) => !sourceOf(l.source)))
    problems.source = choices.source.trim()
      ? LEAD_FILE_MESSAGES.badSource
      : LEAD_FILE_MESSAGES.noSource;

  const db = await getDb();
  const cards = await cardsByPhone(
    db,
    siteId,
    read.leads.map((l) => l.phone),
  );
  const same = await db.get<{ imported_at: string; imported_by: string }>(
    `SELECT imported_at, imported_by FROM lead_files
     WHERE site_id = $1 AND sha256 = $2 AND removed_at IS NULL`,
    [siteId, pending.sha256],
  );
  const counts: LeadFileCounts = {
    rows: read.rows,
    newCards: read.leads.filter((l) => !cards.has(l.phone)).length,
    joined: read.leads.filter((l) => cards.has(l.phone)).length,
    duplicates: read.duplicates,
    refused: read.refused.length,
    unconfirmed: read.leads.filter((l) => !l.consent).length,
  };
  const fingerprint = createHash("sha256")
    .update(JSON.stringify([counts, mapping, choices, Boolean(same)]))
    .digest("hex")
    .slice(0, 16);
  return plan(
    {
      step: "preview",
      file,
      header,
      mapping,
      choices,
      problems,
      counts,
      refused: read.refused,
      sameFile: same ? { importedAt: same.imported_at, importedBy: same.imported_by } : null,
      fingerprint,
    },
    read.leads,
    pending.sha256,
  );
}

export type LeadFileSaveAnswer =
  | { ok: true; fileId: string; counts: LeadFileCounts }
  | { ok: false; field: "file" | "source" | "consent" | "form"; message: string };

/**
 * Saves a waiting file of the complex as its preview (`previewed`: its fingerprint) showed it, or
 * nothing: when the preview would now read otherwise, when a choice is missing, or when this very
 * file was imported before. The file is forgotten once saved.
 */
export async function saveLeadFile(
  site: Site,
  input: { pendingId: string; choices: LeadFileChoices; previewed: string; by: string },
  now: Date = new Date(),
): Promise<LeadFileSaveAnswer> {
  const { plan, leads, sha256 } = await readPlan(site.id, input.pendingId, input.choices, {});
  if (plan.step === "gone") return { ok: false, field: "file", message: LEAD_FILE_MESSAGES.gone };
  if (plan.step === "refused") return { ok: false, field: "file", message: plan.message };
  if (plan.step === "mapping")
    return { ok: false, field: "form", message: LEAD_FILE_MESSAGES.noMapping };
  if (plan.sameFile) return { ok: false, field: "file", message: LEAD_FILE_MESSAGES.sameFile };
  if (plan.problems.source) return { ok: false, field: "source", message: plan.problems.source };
  if (plan.problems.consent) return { ok: false, field: "consent", message: plan.problems.consent };
  if (plan.fingerprint !== input.previewed)
    return { ok: false, field: "form", message: LEAD_FILE_MESSAGES.changed };
  if (leads.length === 0) return { ok: false, field: "form", message: LEAD_FILE_MESSAGES.nothing };

  const db = await getDb();
  const consent = fileConsentOf(input.choices);
  const fileId = randomUUID();
  const stored = await db.transaction(async (tx) => {
    const file = await tx.get<{ id: string }>(
      `INSERT INTO lead_files (id, site_id, file_name, sha256, source, campaign, consent_at,
         consent_where, row_count, new_count, joined_count, duplicate_count, refused_count,
         unconfirmed_count, imported_by, imported_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (site_id, sha256) WHERE removed_at IS NULL DO NOTHING RETURNING id`,
      [
        fileId,
        site.id,
        plan.file.fileName,
        sha256,
        sourceOf(input.choices.source) ?? "",
        input.choices.campaign.trim().slice(0, 200) || null,
        consent.at,
        consent.where,
        plan.counts.rows,
        plan.counts.newCards,
        plan.counts.joined,
        plan.counts.duplicates,
        plan.counts.refused,
        plan.counts.unconfirmed,
        input.by,
        now.toISOString(),
      ],
    );
    // Another save of the same file won the race: this one adds nothing.
    if (!file) return null;
    return storeLeads(
      tx,
      site,
      { id: fileId, name: plan.file.fileName },
      leads,
      input.choices,
      now,
    );
  });
  if (!stored) return { ok: false, field: "file", message: LEAD_FILE_MESSAGES.sameFile };
  await files.drop(site.id, input.pendingId);
  return {
    ok: true,
    fileId,
    counts: { ...plan.counts, newCards: stored.newCards, joined: stored.joined },
  };
}

/** `(…), (…)` for rows of parameters, numbered from $1, and the parameters flattened. */
function valuesOf(rows: readonly (readonly unknown[])[]) {
  const params: unknown[] = [];
  const sql = rows
    .map((row) => `(${row.map((value) => `$${params.push(value)}`).join(", ")})`)
    .join(", ");
  return { sql, params };
}

/** Runs `write` for each batch of `rows`. */
async function inBatches<T>(rows: readonly T[], write: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

type StoredLead = FileLead & {
  id: string;
  createdAt: string;
  utmSource: string | null;
  utmCampaign: string | null;
  customerId: string;
  newCard: boolean;
};

/**
 * The file's leads, in the caller's transaction, with statements of up to BATCH rows: cards made
 * for new phones (a card made meanwhile by a form is joined instead), touches added to the others
 * (a card put aside, 보류 or 무효, comes back as 신규, as attachLead does), cards without a
 * consultant given out in turn, then the leads with their file and line, and what they send.
 */
async function storeLeads(
  tx: Queryable,
  site: Site,
  file: { id: string; name: string },
  leads: readonly FileLead[],
  choices: LeadFileChoices,
  now: Date,
): Promise<{ newCards: number; joined: number }> {
  const siteId = site.id;
  const nowIso = now.toISOString();
  const chosenSource = sourceOf(choices.source);
  const chosenCampaign = choices.campaign.trim().slice(0, 200) || null;
  const cards = await cardsByPhone(
    tx,
    siteId,
    leads.map((l) => l.phone),
  );
  const rows: StoredLead[] = leads.map((l) => ({
    ...l,
    id: randomUUID(),
    createdAt: l.receivedAt ?? nowIso,
    utmSource: sourceOf(l.source) ?? chosenSource,
    utmCampaign: l.campaign ?? chosenCampaign,
    customerId: cards.get(l.phone)?.id ?? randomUUID(),
    newCard: !cards.has(l.phone),
  }));

  // Consultants, in turn, for the cards that have none, when the complex gives them out.
  const waiting = rows.filter((r) => r.newCard || !cards.get(r.phone)!.consultant_id);
  const turns = (await autoAssigns(tx, siteId))
    ? await consultantsInTurn(tx, siteId, waiting.length, now)
    : [];
  const consultantOf = new Map(waiting.slice(0, turns.length).map((r, i) => [r, turns[i]!]));

  // New cards, with their consultant; a phone whose card a form made meanwhile joins that card.
  const made = new Set<string>();
  await inBatches(
    rows.filter((r) => r.newCard),
    async (batch) => {
      const { sql, params } = valuesOf(
        batch.map((r) => [
          r.customerId,
          siteId,
          r.phone,
          r.name,
          "new",
          r.createdAt,
          0,
          sourceKey({ utmSource: r.utmSource, referrerHost: null }),
          1,
          r.createdAt,
          r.createdAt,
          nowIso,
          consultantOf.get(r) ?? null,
          consultantOf.has(r) ? r.createdAt : null,
        ]),
      );
      const inserted = await tx.all<{ id: string }>(
        `INSERT INTO customers (id, site_id, phone, name, status, status_at, stage, source, touches,
           first_at, last_at, created_at, consultant_id, assigned_at)
         VALUES ${sql} ON CONFLICT (site_id, phone) DO NOTHING RETURNING id`,
        params,
      );
      for (const { id } of inserted) made.add(id);
    },
  );
  const raced = rows.filter((r) => r.newCard && !made.has(r.customerId));
  if (raced.length > 0) {
    const found = await cardsByPhone(
      tx,
      siteId,
      raced.map((r) => r.phone),
    );
    for (const r of raced) {
      r.customerId = found.get(r.phone)!.id;
      r.newCard = false;
      cards.set(r.phone, found.get(r.phone)!);
    }
  }

  // Touches on the cards the complex had.
  const joined = rows.filter((r) => !r.newCard);
  await inBatches(joined, async (batch) => {
    const { sql, params } = valuesOf(batch.map((r) => [r.customerId, r.name, r.createdAt]));
    await tx.run(
      `UPDATE customers AS c SET name = v.column2, touches = c.touches + 1,
         last_at = CASE WHEN c.last_at < v.column3 THEN v.column3 ELSE c.last_at END
       FROM (VALUES ${sql}) AS v WHERE c.id = v.column1`,
      params,
    );
  });
  const events: unknown[][] = [];
  // As a form's lead does (attachLead): a card put aside (보류, 무효), or whose last touch is older
  // than the complex's duplicate window, comes back as 신규 (unless 계약).
  const { duplicateDays } = await leadSettings(siteId, tx);
  const revived = joined.filter((r) => {
    const card = cards.get(r.phone)!;
    const windowStart = new Date(new Date(r.createdAt).getTime() - duplicateDays * 86_400_000);
    return (
      card.status === "on_hold" ||
      card.status === "invalid" ||
      (card.status !== "new" &&
        card.status !== "contracted" &&
        card.last_at < windowStart.toISOString())
    );
  });
  await inBatches(revived, async (batch) => {
    const { sql, params } = valuesOf(batch.map((r) => [r.customerId, r.createdAt]));
    await tx.run(
      `UPDATE customers AS c SET status = 'new', status_at = v.column2
       FROM (VALUES ${sql}) AS v WHERE c.id = v.column1`,
      params,
    );
  });
  for (const r of revived)
    events.push([r.customerId, r.createdAt, "status", cards.get(r.phone)!.status, "new"]);

  // The cards the complex had without a consultant get theirs (a card a form made meanwhile keeps its own).
  const assigned = [...consultantOf]
    .filter(([r]) => !r.newCard && !cards.get(r.phone)!.consultant_id)
    .map(([r, to]) => ({ r, to }));
  await inBatches(assigned, async (batch) => {
    const { sql, params } = valuesOf(batch.map(({ r, to }) => [r.customerId, to, r.createdAt]));
    await tx.run(
      `UPDATE customers AS c SET consultant_id = v.column2, assigned_at = v.column3
       FROM (VALUES ${sql}) AS v WHERE c.id = v.column1`,
      params,
    );
  });
  for (const [r, to] of consultantOf)
    if (r.newCard) events.push([r.customerId, r.createdAt, "assign", null, to]);
  for (const { r, to } of assigned) events.push([r.customerId, r.createdAt, "assign", null, to]);
  await inBatches(events, async (batch) => {
    const { sql, params } = valuesOf(
      batch.map(([customerId, at, kind, from, to]) => [
        randomUUID(),
        siteId,
        customerId,
        at,
        kind,
        from,
        to,
        file.id,
      ]),
    );
    await tx.run(
      `INSERT INTO customer_events (id, site_id, customer_id, at, kind, old_value, new_value,
         lead_file_id)
       VALUES ${sql}`,
      params,
    );
  });

  // The leads, each with its file and line.
  await inBatches(rows, async (batch) => {
    const { sql, params } = valuesOf(
      batch.map((r) => [
        r.id,
        siteId,
        "inquiry",
        r.name,
        r.phone,
        r.message,
        r.consent?.at ?? r.createdAt,
        r.consent ? site.privacy.consentVersion : "동의 미확인",
        r.consent ? 1 : 0,
        r.consent?.at ?? null,
        r.consent?.where ?? null,
        LEAD_FILE_SOURCE,
        "",
        r.createdAt,
        r.utmSource,
        r.utmCampaign,
        r.customerId,
        file.id,
        r.line,
        r.consent ? 0 : 1,
      ]),
    );
    await tx.run(
      `INSERT INTO leads (id, site_id, kind, name, phone, message, privacy_consent_at,
         privacy_consent_version, sms_consent, sms_consent_at, consent_where, source, ip, created_at,
         utm_source, utm_campaign, customer_id, lead_file_id, lead_file_row, consent_unconfirmed)
       VALUES ${sql}`,
      params,
    );
  });

  await announce(tx, site, file, rows, now);
  return { newCards: rows.filter((r) => r.newCard).length, joined: joined.length };
}

/**
 * What the file's leads send: the staff alert of each (as a form's or the hook's lead), or one for
 * the whole file past ALERT_EACH_UP_TO leads; and to each new person who consented, the complex's
 * promotional SMS (due in the day's sending hours), unless that phone has had it from the complex
 * before (a file taken back and imported again) or has had SMS_DAILY_LIMIT of the complex's SMS
 * today. Nothing to anyone without consent.
 */
async function announce(
  tx: Queryable,
  site: Site,
  file: { id: string; name: string },
  rows: readonly StoredLead[],
  now: Date,
) {
  if (rows.length <= ALERT_EACH_UP_TO) {
    for (const r of rows)
      await enqueueStaffAlerts(
        tx,
        site.id,
        r.id,
        {
          event: "new",
          kind: "inquiry",
          name: r.name,
          phone: r.phone,
          slotKey: null,
          source: originLine(r, LEAD_FILE_SOURCE),
        },
        now,
        sourceStaff(site, r.utmSource),
      );
  } else {
    const made = rows.filter((r) => r.newCard).length;
    const text = [
      `[${site.identity.name}] 리드 파일 ${rows.length}건`,
      file.name,
      `새 고객 ${made}명 · 기존 고객에 추가 ${rows.length - made}명`,
    ].join("\n");
    await enqueueMany(
      tx,
      site.id,
      siteSetting("STAFF_ALERT_PHONES", site.id).map((to) => ({
        leadId: null,
        leadFileId: file.id,
        message: { kind: "sms", purpose: "staff", payload: { to, text } } as const,
      })),
      now,
    );
  }
  const consented = rows.filter((r) => r.newCard && r.consent);
  const spared = await promotedOrFull(
    tx,
    site.id,
    consented.map((r) => r.phone),
    now,
  );
  await enqueueMany(
    tx,
    site.id,
    consented
      .filter((r) => !spared.has(r.phone))
      .map((r) => ({
        leadId: r.id,
        message: {
          kind: "sms",
          purpose: "promotion",
          payload: { to: r.phone, text: promotionSmsText(site, r.name) },
        } as const,
      })),
    now,
  );
}

export type LeadFileUndoAnswer =
  | {
      ok: true;
      fileName: string;
      removedCards: number;
      removedTouches: number;
      /** Cards the complex had that the file brought back to 신규, back at their status before. */
      restoredCards: number;
    }
  | { ok: false; message: string };

/**
 * A card the file made that a consultant has worked on: a call, a memo or a status of its own, or
 * any change a person made and took back since (a memo cleared, a status set back, an assignment by
 * hand: an event with its account).
 */
const WORKED = `(customers.calls > 0 OR customers.memo <> '' OR customers.status <> 'new'
  OR EXISTS (SELECT 1 FROM customer_events e WHERE e.customer_id = customers.id
    AND (e.admin_id IS NOT NULL OR e.admin_email IS NOT NULL)))`;
/** The cards of the file's leads that hold no other lead (the file made them). */
const ONLY_THE_FILES = `NOT EXISTS (SELECT 1 FROM leads o WHERE o.customer_id = customers.id
  AND (o.lead_file_id IS NULL OR o.lead_file_id <> $1))`;
const FILES_CARDS = "customers.id IN (SELECT customer_id FROM leads WHERE lead_file_id = $1)";

/**
 * 되돌리기: takes a saved lead file back, as when it was saved with the wrong source. Its leads go
 * with their messages not yet sent (those sent stay on record); the cards only it made go; a card the complex had loses the
 * file's touches, and one the file brought back to 신규 (from 보류, 무효 or past the duplicate
 * window) gets its status back when nobody has changed it since. The file's one staff alert (a big
 * file's) goes too while it is not yet being sent. Refused, changing nothing, when a consultant has
 * worked on a card only the file made (a call, a memo, a status): that work would go with it. The
 * file's row stays, marked with who took it back and when, and the same file can then be imported
 * again.
 */
export async function undoLeadFile(
  siteId: string,
  fileId: string,
  by: string,
  now: Date = new Date(),
): Promise<LeadFileUndoAnswer> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const file = await tx.get<{ file_name: string }>(
      `SELECT file_name FROM lead_files WHERE id = $1 AND site_id = $2 AND removed_at IS NULL`,
      [fileId, siteId],
    );
    if (!file) return { ok: false, message: LEAD_FILE_MESSAGES.undoGone } as const;
    const worked = await tx.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM customers WHERE ${FILES_CARDS} AND ${ONLY_THE_FILES} AND ${WORKED}`,
      [fileId],
    );
    if (Number(worked?.n ?? 0) > 0)
      return { ok: false, message: LEAD_FILE_MESSAGES.undoWorked(Number(worked!.n)) } as const;
    const touches = await tx.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM leads WHERE lead_file_id = $1",
      [fileId],
    );
    const removed = await tx.all<{ id: string }>(
      `DELETE FROM customers WHERE ${FILES_CARDS} AND ${ONLY_THE_FILES} RETURNING id`,
      [fileId],
    );
    // The cards the complex had lose the file's touches; first and last come from the leads they
    // keep, the last from a later call too (last_at is the latest form or call).
    const kept = (of: string) =>
      `(SELECT ${of} FROM leads o WHERE o.customer_id = customers.id
         AND (o.lead_file_id IS NULL OR o.lead_file_id <> $1))`;
    const lastLead = kept("MAX(o.created_at)");
    await tx.run(
      `UPDATE customers SET
         touches = customers.touches - (SELECT COUNT(*) FROM leads o WHERE o.customer_id = customers.id
           AND o.lead_file_id = $1),
         first_at = ${kept("MIN(o.created_at)")},
         last_at = CASE WHEN customers.last_call_at > ${lastLead} THEN customers.last_call_at
           ELSE ${lastLead} END
       WHERE ${FILES_CARDS}`,
      [fileId],
    );
    // What the leads sent stays on record (without its lead), and so does what is being sent now or
    // was tried (a sender holds it, or it may have reached the phone): its outcome is written to
    // it. What they had not begun to send goes with them.
    await tx.run(
      `UPDATE outbox SET lead_id = NULL
       WHERE (status <> 'pending' OR attempts > 0 OR (locked_until IS NOT NULL AND locked_until > $2))
         AND lead_id IN (SELECT id FROM leads WHERE lead_file_id = $1)`,
      [fileId, now.toISOString()],
    );
    await tx.run("DELETE FROM leads WHERE lead_file_id = $1", [fileId]);
    const restored = await restoreStatuses(tx, siteId, fileId, by, now);
    await tx.run(
      `DELETE FROM outbox WHERE lead_file_id = $1 AND status = 'pending' AND attempts = 0
         AND (locked_until IS NULL OR locked_until <= $2)`,
      [fileId, now.toISOString()],
    );
    await tx.run("UPDATE lead_files SET removed_at = $2, removed_by = $3 WHERE id = $1", [
      fileId,
      now.toISOString(),
      by,
    ]);
    const removedTouches = Number(touches?.n ?? 0);
    return {
      ok: true,
      fileName: file.file_name,
      removedCards: removed.length,
      removedTouches: removedTouches - removed.length,
      restoredCards: restored,
    } as const;
  });
}

/**
 * The cards the file brought back to 신규 (its status events) that are still 신규 from that moment
 * (status_at unchanged: nobody set a status since), and have no other lead since that status was
 * set (a form's lead after it would have brought the card back as well), get the status they had, and their status_at
 * from the latest event that set it (or the card's making; the file's event is dated by its row,
 * which may be older); the change is on the card's timeline as the
 * account's that took the file back. Answers how many.
 */
async function restoreStatuses(
  tx: Queryable,
  siteId: string,
  fileId: string,
  by: string,
  now: Date,
): Promise<number> {
  const cards = await tx.all<{ id: string; was: string; since: string }>(
    `SELECT r.id, r.was, r.since FROM (
       SELECT c.id, e.old_value AS was,
         COALESCE((SELECT MAX(p.at) FROM customer_events p WHERE p.customer_id = c.id
           AND p.kind = 'status' AND p.new_value = e.old_value
           AND (p.lead_file_id IS NULL OR p.lead_file_id <> $1)), c.created_at) AS since
       FROM customer_events e JOIN customers c ON c.id = e.customer_id
       WHERE e.lead_file_id = $1 AND e.kind = 'status' AND e.new_value = 'new'
         AND e.old_value IS NOT NULL AND c.status = 'new' AND c.status_at = e.at) r
     WHERE NOT EXISTS (SELECT 1 FROM leads o WHERE o.customer_id = r.id AND o.created_at > r.since)`,
    [fileId],
  );
  await inBatches(cards, async (batch) => {
    const { sql, params } = valuesOf(batch.map((c) => [c.id, c.was, c.since]));
    await tx.run(
      `UPDATE customers AS c SET status = v.column2, status_at = v.column3
       FROM (VALUES ${sql}) AS v WHERE c.id = v.column1`,
      params,
    );
    const events = valuesOf(
      batch.map((c) => [randomUUID(), siteId, c.id, now.toISOString(), "status", "new", c.was, by]),
    );
    await tx.run(
      `INSERT INTO customer_events (id, site_id, customer_id, at, kind, old_value, new_value,
         admin_email)
       VALUES ${events.sql}`,
      events.params,
    );
  });
  return cards.length;
}

/**
 * Of `phones`, those the complex's promotional SMS is not for now: sent it before, or sent
 * SMS_DAILY_LIMIT of its visitor SMS (confirmations, promotions) since the Korean day began.
 */
async function promotedOrFull(
  tx: Queryable,
  siteId: string,
  phones: readonly string[],
  now: Date,
): Promise<Set<string>> {
  const spared = new Set<string>();
  const dayStart = startOfKstDay(now).toISOString();
  await inBatches(phones, async (batch) => {
    const rows = await tx.all<{ recipient: string; promoted: number; today: number }>(
      `SELECT recipient,
         SUM(CASE WHEN purpose = 'promotion' THEN 1 ELSE 0 END) AS promoted,
         SUM(CASE WHEN created_at >= $2 AND purpose IN ('confirmation', 'promotion')
           THEN 1 ELSE 0 END) AS today
       FROM outbox WHERE site_id = $1
         AND recipient IN (${batch.map((_, i) => `$${i + 3}`).join(", ")})
       GROUP BY recipient`,
      [siteId, dayStart, ...batch],
    );
    for (const r of rows)
      if (Number(r.promoted) > 0 || Number(r.today) >= env().SMS_DAILY_LIMIT)
        spared.add(r.recipient);
  });
  return spared;
}

/** The complex's saved lead files, newest first. */
export async function listLeadFiles(siteId: string) {
  const db = await getDb();
  const rows = await db.all<{
    id: string;
    file_name: string;
    source: string;
    campaign: string | null;
    new_count: number;
    joined_count: number;
    unconfirmed_count: number;
    imported_by: string;
    imported_at: string;
    removed_by: string | null;
    removed_at: string | null;
  }>(
    `SELECT id, file_name, source, campaign, new_count, joined_count, unconfirmed_count,
       imported_by, imported_at, removed_by, removed_at
     FROM lead_files WHERE site_id = $1 ORDER BY imported_at DESC, id LIMIT 200`,
    [siteId],
  );
  return rows.map((r) => ({
    id: r.id,
    fileName: r.file_name,
    source: r.source,
    campaign: r.campaign,
    newCards: Number(r.new_count),
    joined: Number(r.joined_count),
    unconfirmed: Number(r.unconfirmed_count),
    importedBy: r.imported_by,
    importedAt: r.imported_at,
    removed: r.removed_at ? { by: r.removed_by ?? "", at: r.removed_at } : null,
  }));
}
