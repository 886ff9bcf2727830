/*
 * Lead intake: visit registrations (popup, /register, home form) and inquiries (customer page).
 * The route validates the form with the shared schema (~/lib/lead-form) and calls createLead, which
 * filters bots, limits the rate per phone and per address, stores each submission once, books the
 * visit slot, and writes the lead with its outbox rows (SMS, staff alerts, webhook: announce.server.ts)
 * in one transaction. Delivery happens later, in the outbox worker, so nothing on the delivery side can
 * fail or slow the registration.
 */
import { createHash, randomUUID } from "node:crypto";
import { getDb, type Queryable } from "~/db/db.server";
import type { Site } from "~/content/schema";
import { env } from "~/env.server";
import { claimSeat, newBookingToken, nextFreeSlot } from "~/bookings/bookings.server";
import { cleanAttribution, type Attribution } from "~/lib/attribution";
import { dialledNumbers, recordedShownPhone } from "~/lib/source-phone";
import { MIN_FILL_MS, type LeadForm, type StoredLeadKind } from "~/leads/lead-form";
import { ALL_SITES, type SiteScope } from "~/lib/sites";
import { checkSlot, type SlotProblem } from "~/bookings/visit-slots";
import { hit } from "~/http/rate-limit.server";
import { attachLead } from "~/crm/customers.server";
import { HOOK_SOURCE, PHONE_LEAD_SOURCE } from "~/crm/crm";
import { MAIN_NUMBER, type PhoneLeadForm } from "./phone-lead";
import { announceLead, enqueueVisitorSms } from "./announce.server";

export type LeadMeta = {
  /** Client IP (from the route: request headers / express). */
  ip: string;
  userAgent?: string;
  /** Random per form display, sent by the browser; may be missing without JS. */
  idempotencyKey?: string;
  /** Pathname of the page the form was on, e.g. "/Promotion/Customer" (checked by the route). */
  source: string;
  /** Epoch ms when the form was shown (only with JS); missing = unknown. */
  startedAt?: number;
  /** Values of the hidden honeypot field (HONEYPOT_FIELD in lead-form.ts): any non-empty one is a bot. */
  honeypot?: string | readonly string[];
  /** First touch of the visit as the browser sent it; cleaned here (~/lib/attribution). */
  attribution?: Record<string, unknown>;
  /** The number the form says the visitor was shown; checked here (~/lib/source-phone). */
  shownPhone?: string;
};

export type CreateLeadResult =
  /** Stored now; visitAt is the booked slot's start (ISO UTC) or null. */
  | { status: "created"; id: string; visitAt: string | null }
  /** The same submission again (same idempotency key and body, or identical within LEADS_DUPLICATE_WINDOW_SECONDS): acknowledged, stored once. */
  | { status: "duplicate"; id: string; visitAt: string | null }
  /** Honeypot filled, or sent faster than MIN_FILL_MS after startedAt: acknowledged as success, NOT stored. */
  | { status: "ignored" }
  /** Over LEADS_RATE_LIMIT per address or LEADS_PHONE_RATE_LIMIT per phone in LEADS_RATE_WINDOW_SECONDS. */
  | { status: "rate_limited"; retryAfterSeconds: number }
  /** The chosen slot is full (or not bookable): NOT stored; `next` is the next free slot key, if any. */
  | {
      status: "slot_unavailable";
      problem: SlotProblem | "full";
      slot: string;
      next: string | null;
    };

export type Lead = {
  id: string;
  /** The complex the lead was made on ("anyang"). */
  siteId: string;
  kind: StoredLeadKind;
  name: string;
  phone: string;
  message: string;
  privacyConsentAt: string;
  privacyConsentVersion: string;
  smsConsent: boolean;
  smsConsentAt: string | null;
  source: string;
  ip: string;
  userAgent: string | null;
  /** The form display's key with the submission's fingerprint ("<key>.<16 hex>"), or null. */
  idempotencyKey: string | null;
  /** ISO-8601 UTC. */
  createdAt: string;
  /** Start of the booked visit slot (ISO-8601 UTC), or null when no slot was chosen. */
  visitAt: string | null;
  /** When the visitor cancelled the booking (ISO-8601 UTC), or null. */
  visitCancelledAt: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  /** The referring site's host name on the visit's landing, or null. */
  referrerHost: string | null;
  /**
   * The complex's number the visitor was shown (per ad source), or null on older leads; for a
   * 전화 접수, the number the caller dialled.
   */
  shownPhone: string | null;
  /** 동의 미확인: left elsewhere (a Meta form) without its consent recorded as given; no marketing SMS. */
  consentUnconfirmed: boolean;
  /** 전화 접수: the desk account that recorded the consent given on the call; else null. */
  consentRecordedBy: string | null;
  /** A lead file's lead: where the file says consent was given ("2026 분양 박람회 현장"); else null. */
  consentWhere: string | null;
};

export type LeadRow = {
  id: string;
  site_id: string;
  kind: StoredLeadKind;
  name: string;
  phone: string;
  message: string;
  privacy_consent_at: string;
  privacy_consent_version: string;
  sms_consent: number;
  sms_consent_at: string | null;
  source: string;
  ip: string;
  user_agent: string | null;
  idempotency_key: string | null;
  created_at: string;
  visit_at: string | null;
  visit_cancelled_at: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  referrer_host: string | null;
  shown_phone: string | null;
  consent_unconfirmed: number;
  consent_recorded_by: string | null;
  consent_where: string | null;
};

export function toLead(r: LeadRow): Lead {
  return {
    id: r.id,
    siteId: r.site_id,
    kind: r.kind,
    name: r.name,
    phone: r.phone,
    message: r.message,
    privacyConsentAt: r.privacy_consent_at,
    privacyConsentVersion: r.privacy_consent_version,
    smsConsent: Number(r.sms_consent) === 1,
    smsConsentAt: r.sms_consent_at,
    source: r.source,
    ip: r.ip,
    userAgent: r.user_agent,
    idempotencyKey: r.idempotency_key,
    createdAt: r.created_at,
    visitAt: r.visit_at,
    visitCancelledAt: r.visit_cancelled_at,
    utmSource: r.utm_source,
    utmMedium: r.utm_medium,
    utmCampaign: r.utm_campaign,
    utmTerm: r.utm_term,
    utmContent: r.utm_content,
    referrerHost: r.referrer_host,
    shownPhone: r.shown_phone,
    consentUnconfirmed: Number(r.consent_unconfirmed) === 1,
    consentRecordedBy: r.consent_recorded_by,
    consentWhere: r.consent_where,
  };
}

const clip = (s: string | undefined, max: number) =>
  s === undefined ? undefined : s.slice(0, max);
/** Keys come from the browser: accept only short, plain tokens. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** True when a bot sent the form: honeypot filled, or sent faster than a person can fill it in. */
function looksAutomated(meta: LeadMeta, now: Date): boolean {
  const honeypots = typeof meta.honeypot === "string" ? [meta.honeypot] : (meta.honeypot ?? []);
  if (honeypots.some((v) => v.trim() !== "")) return true;
  if (meta.startedAt === undefined || !Number.isFinite(meta.startedAt)) return false;
  const elapsed = now.getTime() - meta.startedAt;
  // A negative time means the browser's clock is ahead of ours: unknown, not a bot.
  return elapsed >= 0 && elapsed < MIN_FILL_MS;
}

/** What makes two submissions the same: form, name, phone, message and slot. */
function fingerprint(form: LeadForm, slot: string | null): string {
  return createHash("sha256")
    .update(JSON.stringify([form.kind, form.name, form.phone, form.message, slot ?? ""]))
    .digest("hex")
    .slice(0, 16);
}

/** Thrown inside the lead's transaction when the slot's last seat went to someone else: rolls it back. */
class SlotTaken extends Error {}

/** A lead sent on the complex `site` (the request's: siteOf, resolved once at the route). */
export async function createLead(
  site: Site,
  form: LeadForm,
  meta: LeadMeta,
  now: Date = new Date(),
): Promise<CreateLeadResult> {
  const siteId = site.id;
  if (!form.privacyConsent) throw new Error("개인정보 수집·이용 동의 없이 접수할 수 없습니다");
  if (looksAutomated(meta, now)) return { status: "ignored" };

  const e = env();
  const db = await getDb();
  const slot = form.kind === "visit" ? form.visitSlot : null;

  // A slot the schedule does not offer is answered before anything counts or is written.
  let visitAt: string | null = null;
  if (slot) {
    const check = checkSlot(site.modelHouse.visits, slot, now);
    if (!check.ok) {
      return {
        status: "slot_unavailable",
        problem: check.problem,
        slot,
        next: await nextFreeSlot(db, site, now, check.problem === "invalid" ? undefined : slot),
      };
    }
    visitAt = check.startsAt.toISOString();
  }

  // The key names one form display; with the body's fingerprint it names one submission, so a
  // resent form is answered as before and a changed one under the same key is a new lead.
  const key =
    meta.idempotencyKey && IDEMPOTENCY_KEY.test(meta.idempotencyKey)
      ? `${meta.idempotencyKey}.${fingerprint(form, slot)}`
      : null;

  // A resent form (double click, network retry) is answered before it counts against the rate limit.
  if (key) {
    const existing = await leadByKey(db, siteId, key);
    if (existing) return { status: "duplicate", id: existing.id, visitAt: existing.visit_at };
  }

  for (const [counter, limit] of [
    [`lead:${meta.ip}`, e.LEADS_RATE_LIMIT],
    [`lead-phone:${form.phone}`, e.LEADS_PHONE_RATE_LIMIT],
  ] as const) {
    const result = await hit(db, siteId, counter, {
      limit,
      windowSeconds: e.LEADS_RATE_WINDOW_SECONDS,
      now,
    });
    if (!result.allowed)
      return { status: "rate_limited", retryAfterSeconds: result.retryAfterSeconds };
  }

  const createdAt = now.toISOString();
  const attribution: Attribution = cleanAttribution(
    meta.attribution ?? {},
    new URL(e.SITE_URL).hostname,
  );
  try {
    return await db.transaction(async (tx) => {
      // Two submissions with the same phone wait for each other here, so the duplicate check
      // and the daily SMS count below see the first.
      await lockPhone(tx, siteId, form.phone);
      if (e.LEADS_DUPLICATE_WINDOW_SECONDS > 0) {
        const since = new Date(
          now.getTime() - e.LEADS_DUPLICATE_WINDOW_SECONDS * 1000,
        ).toISOString();
        const same = await tx.get<{ id: string; visit_at: string | null }>(
          `SELECT id, visit_at FROM leads
           WHERE site_id = $7 AND phone = $1 AND kind = $2 AND name = $3 AND message = $4
             AND COALESCE(visit_at, '') = $5 AND visit_cancelled_at IS NULL AND created_at > $6
           ORDER BY created_at DESC LIMIT 1`,
          [form.phone, form.kind, form.name, form.message, visitAt ?? "", since, siteId],
        );
        if (same) return { status: "duplicate", id: same.id, visitAt: same.visit_at } as const;
      }

      const booking = visitAt ? newBookingToken() : null;
      const lead: Lead = {
        id: randomUUID(),
        siteId,
        kind: form.kind,
        name: form.name,
        phone: form.phone,
        message: form.message,
        privacyConsentAt: createdAt,
        privacyConsentVersion: site.privacy.consentVersion,
        smsConsent: form.smsConsent,
        smsConsentAt: form.smsConsent ? createdAt : null,
        source: clip(meta.source, 300) ?? "",
        ip: clip(meta.ip, 100) ?? "",
        userAgent: clip(meta.userAgent, 500) ?? null,
        idempotencyKey: key,
        createdAt,
        visitAt,
        visitCancelledAt: null,
        utmSource: attribution.utm_source ?? null,
        utmMedium: attribution.utm_medium ?? null,
        utmCampaign: attribution.utm_campaign ?? null,
        utmTerm: attribution.utm_term ?? null,
        utmContent: attribution.utm_content ?? null,
        referrerHost: attribution.referrer ?? null,
        shownPhone: recordedShownPhone(site, meta.shownPhone),
        consentUnconfirmed: false,
        consentRecordedBy: null,
        consentWhere: null,
      };
      const winner = await insertLead(tx, lead, booking?.hash ?? null);
      if (winner) return { status: "duplicate", id: winner.id, visitAt: winner.visit_at } as const;

      // The seat: claimed last, so that losing the race rolls the lead back with it.
      if (lead.visitAt && !(await claimSeat(tx, site, lead.visitAt))) throw new SlotTaken();
      // The person's card (made or found by phone; assigned when the complex assigns by itself).
      await attachLead(tx, lead, now);

      await enqueueVisitorSms(tx, site, lead, booking?.token ?? null, now);
      await announceLead(tx, site, lead, now);
      return { status: "created", id: lead.id, visitAt: lead.visitAt } as const;
    });
  } catch (error) {
    if (!(error instanceof SlotTaken) || !slot) throw error;
    return {
      status: "slot_unavailable",
      problem: "full",
      slot,
      next: await nextFreeSlot(db, site, now, slot),
    };
  }
}

/** The lead stored under a complex's idempotency key, if any. */
function leadByKey(db: Queryable, siteId: string, key: string) {
  return db.get<{ id: string; visit_at: string | null; customer_id: string | null }>(
    "SELECT id, visit_at, customer_id FROM leads WHERE site_id = $1 AND idempotency_key = $2",
    [siteId, key],
  );
}

/**
 * SQLite transactions are serialized already; in PostgreSQL, two leads with the same phone on one
 * complex wait for each other here, until the first one's transaction ends (its card made).
 */
async function lockPhone(tx: Queryable, siteId: string, phone: string) {
  if (tx.dialect === "postgres")
    await tx.run("SELECT pg_advisory_xact_lock(hashtext($1))", [`lead:${siteId}:${phone}`]);
}

/**
 * Writes the lead's row; answers null, or, when a lead with its idempotency key is there already
 * (the unique index decides between two concurrent submissions: the loser inserts nothing), that
 * lead.
 */
async function insertLead(tx: Queryable, lead: Lead, visitTokenHash: string | null) {
  const inserted = await tx.get<{ id: string }>(
    `INSERT INTO leads (id, kind, name, phone, message, privacy_consent_at, privacy_consent_version,
       sms_consent, sms_consent_at, source, ip, user_agent, idempotency_key, created_at,
       visit_at, visit_token_hash, utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer_host,
       site_id, shown_phone, consent_unconfirmed, consent_recorded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
       $23, $24, $25, $26)
     ON CONFLICT (site_id, idempotency_key) DO NOTHING
     RETURNING id`,
    [
      lead.id,
      lead.kind,
      lead.name,
      lead.phone,
      lead.message,
      lead.privacyConsentAt,
      lead.privacyConsentVersion,
      lead.smsConsent ? 1 : 0,
      lead.smsConsentAt,
      lead.source,
      lead.ip,
      lead.userAgent,
      lead.idempotencyKey,
      lead.createdAt,
      lead.visitAt,
      visitTokenHash,
      lead.utmSource,
      lead.utmMedium,
      lead.utmCampaign,
      lead.utmTerm,
      lead.utmContent,
      lead.referrerHost,
      lead.siteId,
      lead.shownPhone,
      lead.consentUnconfirmed ? 1 : 0,
      lead.consentRecordedBy,
    ],
  );
  if (inserted) return null;
  const winner = lead.idempotencyKey && (await leadByKey(tx, lead.siteId, lead.idempotencyKey));
  if (!winner) throw new Error("중복 키 충돌 뒤에 기존 접수를 찾지 못했습니다");
  return winner;
}

/** An outside lead (POST /hooks/leads/<id>, app/leads/lead-hook.server.ts), checked. */
export type ExternalLeadInput = {
  /** The sender's own id for the lead: the same id again is the same lead. */
  senderId: string;
  name: string;
  phone: string;
  smsConsent: boolean;
  /** The ad platform or tool, lower-case ("meta"), stored as the lead's utm_source; or null. */
  source: string | null;
  campaign: string | null;
  message: string;
  /** The sender's address. */
  ip: string;
  userAgent?: string;
  /** 동의 미확인 (a Meta form without its consent question answered): stored so, smsConsent false. */
  consentUnconfirmed?: boolean;
};

/** Where an outside lead came in: its key's prefix (the same id again is the same lead) and leads.source. */
export type ExternalLeadOrigin = { keyPrefix: string; source: string };

const HOOK_ORIGIN: ExternalLeadOrigin = { keyPrefix: "hook", source: HOOK_SOURCE };

export type ExternalLeadResult = {
  status: "created" | "duplicate";
  id: string;
  customerId: string | null;
};

/**
 * Stores an outside lead once per sender id (leads.idempotency_key `hook:<id>`, or the origin's
 * prefix: `meta:<leadgen_id>`): an inquiry from HOOK_SOURCE (or the origin's) with the sender's
 * source and campaign, hung on its phone's card, with the staff alerts and webhook forward of a form
 * lead; no SMS to the person. Its consent to the privacy terms is the sender's statement, checked
 * before, or 동의 미확인 (consentUnconfirmed).
 */
export async function createExternalLead(
  site: Site,
  input: ExternalLeadInput,
  now: Date = new Date(),
  origin: ExternalLeadOrigin = HOOK_ORIGIN,
): Promise<ExternalLeadResult> {
  const createdAt = now.toISOString();
  return storeOnCard(site, now, {
    id: randomUUID(),
    siteId: site.id,
    kind: "inquiry",
    name: input.name,
    phone: input.phone,
    message: input.message,
    privacyConsentAt: createdAt,
    privacyConsentVersion: site.privacy.consentVersion,
    smsConsent: input.smsConsent && !input.consentUnconfirmed,
    smsConsentAt: input.smsConsent && !input.consentUnconfirmed ? createdAt : null,
    source: origin.source,
    ip: clip(input.ip, 100) ?? "",
    userAgent: clip(input.userAgent, 500) ?? null,
    idempotencyKey: `${origin.keyPrefix}:${input.senderId}`,
    createdAt,
    visitAt: null,
    visitCancelledAt: null,
    utmSource: input.source,
    utmMedium: null,
    utmCampaign: input.campaign,
    utmTerm: null,
    utmContent: null,
    referrerHost: null,
    shownPhone: null,
    consentUnconfirmed: input.consentUnconfirmed ?? false,
    consentRecordedBy: null,
    consentWhere: null,
  });
}

/** 전화 접수 as the desk checked it (app/leads/phone-lead.ts), with what the desk adds. */
export type PhoneLeadInput = PhoneLeadForm & {
  /** The form display's key (one submission per display: a resent form is stored once). */
  formKey: string;
  /** The desk account taking the call: it recorded the consent. */
  recordedBy: string;
};

/**
 * Stores a call a consultant took (kind `phone`, page PHONE_LEAD_SOURCE): the caller on their
 * phone's card with the number dialled (shown_phone) and its source (utm_source; none for
 * 대표번호), the consent as given on the call now and who recorded it, the same round-robin and
 * staff alerts as a form's lead, and no SMS to the caller. Null when the number dialled is not one
 * of the complex's.
 */
export async function createPhoneLead(
  site: Site,
  input: PhoneLeadInput,
  now: Date = new Date(),
): Promise<ExternalLeadResult | null> {
  const dialled = dialledNumbers(site).find((n) => (n.source ?? MAIN_NUMBER) === input.dialled);
  if (!dialled) return null;
  const createdAt = now.toISOString();
  return storeOnCard(site, now, {
    id: randomUUID(),
    siteId: site.id,
    kind: "phone",
    name: input.name,
    phone: input.phone,
    message: [input.unitType ? `관심 평형: ${input.unitType}` : "", input.message]
      .filter(Boolean)
      .join("\n"),
    privacyConsentAt: createdAt,
    privacyConsentVersion: site.privacy.consentVersion,
    smsConsent: input.smsConsent,
    smsConsentAt: input.smsConsent ? createdAt : null,
    source: PHONE_LEAD_SOURCE,
    ip: "",
    userAgent: null,
    idempotencyKey: IDEMPOTENCY_KEY.test(input.formKey) ? `phone:${input.formKey}` : null,
    createdAt,
    visitAt: null,
    visitCancelledAt: null,
    utmSource: dialled.source,
    utmMedium: null,
    utmCampaign: null,
    utmTerm: null,
    utmContent: null,
    referrerHost: null,
    shownPhone: dialled.phone,
    consentUnconfirmed: false,
    consentRecordedBy: input.recordedBy,
    consentWhere: null,
  });
}

/**
 * A lead that is not a visitor's form (an outside one, a call) stored once per idempotency key: hung
 * on its phone's card (assigned by the round-robin), with the staff alerts and webhook forward of a
 * form's lead and no SMS to the person.
 */
async function storeOnCard(site: Site, now: Date, lead: Lead): Promise<ExternalLeadResult> {
  const db = await getDb();
  const duplicate = (row: { id: string; customer_id: string | null }) =>
    ({ status: "duplicate", id: row.id, customerId: row.customer_id }) as const;
  // A retry is answered before the phone's lock is waited for.
  const existing = lead.idempotencyKey && (await leadByKey(db, lead.siteId, lead.idempotencyKey));
  if (existing) return duplicate(existing);
  return db.transaction(async (tx) => {
    await lockPhone(tx, lead.siteId, lead.phone);
    const winner = await insertLead(tx, lead, null);
    if (winner) return duplicate(winner);
    const { customerId } = await attachLead(tx, lead, now);
    await announceLead(tx, site, lead, now);
    return { status: "created", id: lead.id, customerId } as const;
  });
}

/**
 * The leads of one complex, or of every complex (ALL_SITES: the export of an administrator for
 * every complex), newest first; `utmSource` keeps one campaign source. `db`: another connection than the app's
 * (a browser test reads its server's database).
 */
export async function listLeads(
  scope: SiteScope,
  filter: { utmSource?: string } = {},
  db?: Queryable,
): Promise<Lead[]> {
  db ??= await getDb();
  const where: string[] = [];
  const params: unknown[] = [];
  if (scope !== ALL_SITES) where.push(`site_id = $${params.push(scope)}`);
  if (filter.utmSource !== undefined) where.push(`utm_source = $${params.push(filter.utmSource)}`);
  const rows = await db.all<LeadRow>(
    `SELECT * FROM leads ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY created_at DESC, id DESC`,
    params,
  );
  return rows.map(toLead);
}
