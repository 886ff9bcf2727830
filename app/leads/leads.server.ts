/*
 * Lead intake: visit registrations (popup) and inquiries (customer page, home form).
 * The route validates the form with the shared schema (~/lib/lead-form) and calls createLead, which
 * filters bots, limits the rate per IP, stores each submission once, and writes the lead with its
 * outbox rows (SMS, webhook) in one transaction. Delivery happens later, in the outbox worker, so
 * nothing on the delivery side can fail or slow the registration.
 */
import { randomUUID } from "node:crypto";
import { content } from "~/content";
import { getDb, type Queryable } from "~/db/db.server";
import { env } from "~/env.server";
import { MIN_FILL_MS, type LeadForm, type LeadKind } from "~/lib/lead-form";
import { visitSmsText } from "~/outbox/sms.server";
import type { WebhookPayload } from "~/outbox/webhook.server";
import { hit, pruneRateLimits } from "./rate-limit.server";

export type LeadMeta = {
  /** Client IP (from the route: request headers / express). */
  ip: string;
  userAgent?: string;
  /** Random per form display, sent by the browser; may be missing without JS. */
  idempotencyKey?: string;
  /** Pathname of the page the form was on, e.g. "/Promotion/Customer". */
  source: string;
  /** Epoch ms when the form was shown (only with JS); missing = unknown. */
  startedAt?: number;
  /** Value of the hidden honeypot field (HONEYPOT_FIELD in lead-form.ts). */
  honeypot?: string;
};

export type CreateLeadResult =
  /** Stored now. */
  | { status: "created"; id: string }
  /** Same idempotency key, or same phone+kind within LEADS_DUPLICATE_WINDOW_SECONDS: acknowledged as success, stored once. */
  | { status: "duplicate"; id: string }
  /** Honeypot filled, or sent faster than MIN_FILL_MS after startedAt: acknowledged as success, NOT stored. */
  | { status: "ignored" }
  /** More than LEADS_RATE_LIMIT per IP in LEADS_RATE_WINDOW_SECONDS. */
  | { status: "rate_limited"; retryAfterSeconds: number };

export type Lead = {
  id: string;
  kind: LeadKind;
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
  idempotencyKey: string | null;
  /** ISO-8601 UTC. */
  createdAt: string;
};

type LeadRow = {
  id: string;
  kind: LeadKind;
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
};

function toLead(r: LeadRow): Lead {
  return {
    id: r.id,
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
  };
}

const clip = (s: string | undefined, max: number) =>
  s === undefined ? undefined : s.slice(0, max);
/** Keys come from the browser: accept only short, plain tokens. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** True when a bot sent the form: honeypot filled, or sent faster than a person can fill it in. */
function looksAutomated(meta: LeadMeta, now: Date): boolean {
  if (meta.honeypot && meta.honeypot.trim() !== "") return true;
  if (meta.startedAt === undefined || !Number.isFinite(meta.startedAt)) return false;
  const elapsed = now.getTime() - meta.startedAt;
  // A negative time means the browser's clock is ahead of ours: unknown, not a bot.
  return elapsed >= 0 && elapsed < MIN_FILL_MS;
}

export async function createLead(
  form: LeadForm,
  meta: LeadMeta,
  now: Date = new Date(),
): Promise<CreateLeadResult> {
  if (!form.privacyConsent) throw new Error("개인정보 수집·이용 동의 없이 접수할 수 없습니다");
  if (looksAutomated(meta, now)) return { status: "ignored" };

  const e = env();
  const db = await getDb();
  const key =
    meta.idempotencyKey && IDEMPOTENCY_KEY.test(meta.idempotencyKey) ? meta.idempotencyKey : null;

  // A resent form (double click, network retry) is answered before it counts against the rate limit.
  if (key) {
    const existing = await db.get<{ id: string }>(
      "SELECT id FROM leads WHERE idempotency_key = $1",
      [key],
    );
    if (existing) return { status: "duplicate", id: existing.id };
  }

  const limit = await hit(db, `lead:${meta.ip}`, {
    limit: e.LEADS_RATE_LIMIT,
    windowSeconds: e.LEADS_RATE_WINDOW_SECONDS,
    now,
  });
  if (!limit.allowed) return { status: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };

  const createdAt = now.toISOString();
  return db.transaction(async (tx) => {
    if (tx.dialect === "postgres") {
      // SQLite transactions are serialized already; in PostgreSQL, two submissions of the same phone
      // on the same form wait for each other here so the duplicate check below sees the first.
      await tx.run("SELECT pg_advisory_xact_lock(hashtext($1))", [
        `lead:${form.kind}:${form.phone}`,
      ]);
    }
    if (e.LEADS_DUPLICATE_WINDOW_SECONDS > 0) {
      const since = new Date(now.getTime() - e.LEADS_DUPLICATE_WINDOW_SECONDS * 1000).toISOString();
      const recent = await tx.get<{ id: string }>(
        `SELECT id FROM leads WHERE phone = $1 AND kind = $2 AND created_at > $3
         ORDER BY created_at DESC LIMIT 1`,
        [form.phone, form.kind, since],
      );
      if (recent) return { status: "duplicate", id: recent.id } as const;
    }

    const lead: Lead = {
      id: randomUUID(),
      kind: form.kind,
      name: form.name,
      phone: form.phone,
      message: form.message,
      privacyConsentAt: createdAt,
      privacyConsentVersion: content.privacy.consentVersion,
      smsConsent: form.smsConsent,
      smsConsentAt: form.smsConsent ? createdAt : null,
      source: clip(meta.source, 300) ?? "",
      ip: clip(meta.ip, 100) ?? "",
      userAgent: clip(meta.userAgent, 500) ?? null,
      idempotencyKey: key,
      createdAt,
    };
    // The unique index decides between two concurrent submissions with the same key: the loser
    // inserts nothing and answers with the winner's id.
    const inserted = await tx.get<{ id: string }>(
      `INSERT INTO leads (id, kind, name, phone, message, privacy_consent_at, privacy_consent_version,
         sms_consent, sms_consent_at, source, ip, user_agent, idempotency_key, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (idempotency_key) DO NOTHING
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
      ],
    );
    if (!inserted) {
      const winner = await tx.get<{ id: string }>(
        "SELECT id FROM leads WHERE idempotency_key = $1",
        [key],
      );
      if (!winner) throw new Error("중복 키 충돌 뒤에 기존 접수를 찾지 못했습니다");
      return { status: "duplicate", id: winner.id } as const;
    }

    if (lead.kind === "visit" && lead.smsConsent) {
      await enqueue(
        tx,
        lead.id,
        "sms",
        { to: lead.phone, text: visitSmsText(lead.name) },
        createdAt,
      );
    }
    if (e.LEADS_WEBHOOK_URL) {
      await enqueue(tx, lead.id, "webhook", webhookPayload(lead), createdAt);
    }
    return { status: "created", id: lead.id } as const;
  });
}

export function webhookPayload(lead: Lead): WebhookPayload {
  return {
    id: lead.id,
    kind: lead.kind,
    name: lead.name,
    phone: lead.phone,
    message: lead.message,
    privacy_consent: true,
    privacy_consent_at: lead.privacyConsentAt,
    privacy_consent_version: lead.privacyConsentVersion,
    sms_consent: lead.smsConsent,
    sms_consent_at: lead.smsConsentAt,
    source: lead.source,
    created_at: lead.createdAt,
  };
}

async function enqueue(
  tx: Queryable,
  leadId: string,
  kind: "sms" | "webhook",
  payload: unknown,
  now: string,
) {
  await tx.run(
    `INSERT INTO outbox (id, lead_id, kind, payload, status, attempts, next_attempt_at, created_at)
     VALUES ($1, $2, $3, $4, 'pending', 0, $5, $5)`,
    [randomUUID(), leadId, kind, JSON.stringify(payload), now],
  );
}

/** Every lead, newest first (export, tests). */
export async function listLeads(): Promise<Lead[]> {
  const db = await getDb();
  const rows = await db.all<LeadRow>("SELECT * FROM leads ORDER BY created_at DESC, id DESC");
  return rows.map(toLead);
}

/**
 * Deletes leads older than content.privacy.retentionDays, with their outbox rows and attempts,
 * and forgets stale rate-limit counters. Returns how many leads were deleted.
 */
export async function purgeExpiredLeads(now: Date = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - content.privacy.retentionDays * 86_400_000).toISOString();
  const deleted = await db.transaction(async (tx) => {
    await tx.run(
      `DELETE FROM outbox_attempts WHERE outbox_id IN
         (SELECT o.id FROM outbox o JOIN leads l ON l.id = o.lead_id WHERE l.created_at < $1)`,
      [cutoff],
    );
    await tx.run(
      "DELETE FROM outbox WHERE lead_id IN (SELECT id FROM leads WHERE created_at < $1)",
      [cutoff],
    );
    return (await tx.run("DELETE FROM leads WHERE created_at < $1", [cutoff])).changes;
  });
  await pruneRateLimits(db, env().LEADS_RATE_WINDOW_SECONDS, now);
  return deleted;
}
