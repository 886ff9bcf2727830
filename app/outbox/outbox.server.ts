/*
 * The outbox: messages a lead must cause (SMS, webhook), written in the lead's transaction and
 * delivered here, later, by a worker in the server process. All state is in the database, so a
 * restart loses nothing: a row claimed by a worker that died becomes due again when its lock expires.
 * With PostgreSQL several instances claim rows with FOR UPDATE SKIP LOCKED and never send one twice
 * at the same time; with SQLite there is one process.
 *
 * Delivery is at least once: a crash between the receiver's answer and our record of it sends again.
 */
import { requireSite } from "~/sites/registry.server";
import { randomUUID } from "node:crypto";
import { getDb, type Db, type Queryable } from "~/db/db.server";
import { periodicTask, type PeriodicTask } from "~/jobs/periodic.server";
import { siteSetting } from "~/env.server";
import { ALL_SITES, type SiteScope } from "~/lib/sites";
import {
  DeliveryError,
  isQuietHour,
  promotionSendableAt,
  staffAlert,
  type SmsProvider,
  type SmsPurpose,
  type SmsReceipt,
  type StaffAlert,
  type TemplateVariables,
} from "./sms.server";
import { messageProviderFor } from "./solapi.server";
import { webhookSenderFor, type WebhookPayload, type WebhookSender } from "./webhook.server";

/** Wait after the 1st, 2nd, … failed attempt; the last value repeats. */
const BACKOFF_SECONDS = [30, 120, 600, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 24 * 3600] as const;
/** After this many failed attempts a row is 'failed' and no longer retried. */
export const MAX_ATTEMPTS = 10;
/** How long a claim holds a row; longer than any delivery's timeout. */
const LOCK_SECONDS = 60;

function backoffSeconds(failedAttempts: number): number {
  const i = Math.min(Math.max(failedAttempts, 1), BACKOFF_SECONDS.length) - 1;
  return BACKOFF_SECONDS[i]!;
}

export type OutboxKind = "sms" | "webhook";
export type OutboxStatus = "pending" | "delivered" | "failed";

export type OutboxProviders = { sms: SmsProvider; webhook: WebhookSender };

/**
 * An SMS as queued. `redact` lists secrets in the text (a booking page's token) that are blanked
 * out of the stored row once it is sent or given up, so the database keeps only their hashes.
 * `variables`: the same facts for the complex's 알림톡 template (dropped with the secrets).
 */
type SmsPayload = {
  to: string;
  text: string;
  redact?: string[];
  variables?: TemplateVariables;
};

type Message =
  | { kind: "sms"; purpose: SmsPurpose; payload: SmsPayload }
  | { kind: "webhook"; payload: WebhookPayload };

/**
 * Queues a message of the complex siteId (its settings deliver it) in the caller's transaction. A
 * promotional SMS queued at night is due at 08:00 Korean time; everything else is due at once.
 */
export async function enqueue(
  tx: Queryable,
  siteId: string,
  leadId: string | null,
  message: Message,
  now: Date,
): Promise<void> {
  await enqueueMany(tx, siteId, [{ leadId, message }], now);
}

/** Rows per INSERT of enqueueMany (ten parameters each). */
const ENQUEUE_BATCH = 500;

/**
 * Queues many messages of a complex with few statements (a lead file's): as enqueue, each.
 * `leadFileId`: the lead file a message is about without being any one lead's (its one staff alert),
 * so that taking the file back takes the message too while it is not yet being sent.
 */
export async function enqueueMany(
  tx: Queryable,
  siteId: string,
  messages: readonly { leadId: string | null; leadFileId?: string; message: Message }[],
  now: Date,
): Promise<void> {
  for (let start = 0; start < messages.length; start += ENQUEUE_BATCH) {
    const params: unknown[] = [];
    const batch = messages.slice(start, start + ENQUEUE_BATCH);
    const values = batch.map(({ leadId, leadFileId, message }) => {
      const sms = message.kind === "sms" ? message : null;
      const due = sms?.purpose === "promotion" ? promotionSendableAt(now) : now;
      const at = params.length;
      params.push(
        randomUUID(),
        leadId,
        message.kind,
        JSON.stringify(message.payload),
        due.toISOString(),
        now.toISOString(),
        sms?.payload.to ?? null,
        sms?.purpose ?? null,
        siteId,
        leadFileId ?? null,
      );
      const p = (i: number) => `$${at + i}`;
      return `(${p(1)}, ${p(9)}, ${p(2)}, ${p(3)}, ${p(4)}, 'pending', 0, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}, ${p(10)})`;
    });
    await tx.run(
      `INSERT INTO outbox (id, site_id, lead_id, kind, payload, status, attempts, next_attempt_at, created_at,
         recipient, purpose, lead_file_id)
       VALUES ${values.join(", ")}`,
      params,
    );
  }
}

/**
 * Queues an SMS alert to every phone in the complex's STAFF_ALERT_PHONES. Staff alerts are not
 * advertising: they go at any hour and do not count against a visitor's daily SMS limit.
 */
export async function enqueueStaffAlerts(
  tx: Queryable,
  siteId: string,
  leadId: string,
  alert: StaffAlert,
  now: Date,
  /** Who gets it instead of the complex's STAFF_ALERT_PHONES (an ad source's staff), if anyone. */
  recipients?: readonly string[],
): Promise<void> {
  const { text, variables } = staffAlert(requireSite(siteId), alert);
  for (const to of recipients ?? siteSetting("STAFF_ALERT_PHONES", siteId))
    await enqueue(
      tx,
      siteId,
      leadId,
      { kind: "sms", purpose: "staff", payload: { to, text, variables } },
      now,
    );
}

/** The payload with its secrets blanked out, or null when it has none. */
function redacted(payload: string): string | null {
  const parsed = JSON.parse(payload) as Partial<SmsPayload>;
  if (!parsed.redact?.length || typeof parsed.text !== "string") return null;
  let text = parsed.text;
  for (const secret of parsed.redact) if (secret) text = text.split(secret).join("[삭제됨]");
  return JSON.stringify({ to: parsed.to, text });
}

type ClaimedRow = {
  id: string;
  site_id: string;
  kind: OutboxKind;
  purpose: SmsPurpose | null;
  payload: string;
  attempts: number;
  locked_until: string;
};

type RunResult = { delivered: number; retried: number; failed: number };

/**
 * Claims up to limit due rows for LOCK_SECONDS. During the Korean night promotional SMS are not
 * claimed at all (a retry's back-off may have made one due at night): they wait until 08:00.
 */
async function claimDue(db: Db, now: Date, limit: number): Promise<ClaimedRow[]> {
  const lockedUntil = new Date(now.getTime() + LOCK_SECONDS * 1000).toISOString();
  const skipLocked = db.dialect === "postgres" ? "FOR UPDATE SKIP LOCKED" : "";
  return db.all<ClaimedRow>(
    `UPDATE outbox SET locked_until = $2
     WHERE id IN (
       SELECT id FROM outbox
       WHERE status = 'pending' AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until <= $1)
         AND ($4 = 0 OR COALESCE(purpose, '') <> 'promotion')
       ORDER BY next_attempt_at, id
       LIMIT $3
       ${skipLocked}
     )
     RETURNING id, site_id, kind, purpose, payload, attempts, locked_until`,
    [now.toISOString(), lockedUntil, limit, isQuietHour(now) ? 1 : 0],
  );
}

function describeError(error: unknown): { message: string; statusCode: number | null } {
  if (error instanceof DeliveryError)
    return { message: error.message, statusCode: error.statusCode ?? null };
  if (error instanceof Error) {
    if (error.name === "TimeoutError" || error.name === "AbortError")
      return { message: "시간 초과", statusCode: null };
    const code = (error.cause as { code?: string } | undefined)?.code;
    return { message: code ? `${error.message} (${code})` : error.message, statusCode: null };
  }
  return { message: String(error), statusCode: null };
}

export type OutboxWorker = {
  /** Delivers the rows due at now (one batch after another until none is due). */
  runOnce(now?: Date): Promise<RunResult>;
  /** Polls every intervalMs until stop(). */
  start(intervalMs: number): void;
  /** Stops polling and waits for the delivery in progress. */
  stop(): Promise<void>;
};

export function createOutboxWorker(
  options: { db?: Db; providers?: Partial<OutboxProviders>; batchSize?: number } = {},
): OutboxWorker {
  const batchSize = options.batchSize ?? 10;
  // Each complex's messages go through its own gateway, sender and webhook (siteSetting).
  const providers = new Map<string, OutboxProviders>();
  const getProviders = (siteId: string) => {
    let p = providers.get(siteId);
    if (!p) {
      p = {
        sms: options.providers?.sms ?? messageProviderFor(siteId),
        webhook: options.providers?.webhook ?? webhookSenderFor(siteId),
      };
      providers.set(siteId, p);
    }
    return p;
  };

  /** Sends the row; an SMS provider that keeps a record of the message answers its receipt. */
  async function deliver(row: ClaimedRow): Promise<SmsReceipt | void> {
    const p = getProviders(row.site_id);
    if (row.kind === "sms") {
      const { to, text, variables } = JSON.parse(row.payload) as SmsPayload;
      return p.sms.send(to, text, { purpose: row.purpose, variables });
    } else if (row.kind === "webhook") {
      await p.webhook.send(JSON.parse(row.payload) as WebhookPayload);
    } else {
      throw new DeliveryError(`알 수 없는 종류: ${String(row.kind)}`);
    }
  }

  async function attempt(db: Db, row: ClaimedRow, now: Date): Promise<keyof RunResult> {
    const startedMs = Date.now();
    let error: { message: string; statusCode: number | null } | undefined;
    let receipt: SmsReceipt | void = undefined;
    try {
      receipt = await deliver(row);
    } catch (e) {
      error = describeError(e);
    }
    const attempts = Number(row.attempts) + 1;
    const startedAt = now.toISOString();
    const finishedAt = new Date(now.getTime() + (Date.now() - startedMs)).toISOString();
    const outcome: keyof RunResult = !error
      ? "delivered"
      : attempts >= MAX_ATTEMPTS
        ? "failed"
        : "retried";
    await db.transaction(async (tx) => {
      await tx.run(
        `INSERT INTO outbox_attempts (id, outbox_id, attempt, started_at, finished_at, ok, status_code, error)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          randomUUID(),
          row.id,
          attempts,
          startedAt,
          finishedAt,
          error ? 0 : 1,
          error?.statusCode ?? null,
          error?.message ?? null,
        ],
      );
      // Only the holder of the claim updates the row (a claim that expired may have been taken over).
      // A row that is done (delivered or given up) no longer needs its secrets.
      const payload = outcome === "retried" ? null : redacted(row.payload);
      // 'delivered' is the provider's acceptance; its reports (solapi-reports.server.ts) say the rest.
      if (outcome === "delivered") {
        await tx.run(
          `UPDATE outbox SET status = 'delivered', attempts = $2, delivered_at = $3, locked_until = NULL, last_error = NULL,
             payload = COALESCE($5, payload), provider_message_id = $6, message_type = $7,
             delivery_state = $8
           WHERE id = $1 AND locked_until = $4`,
          [
            row.id,
            attempts,
            finishedAt,
            row.locked_until,
            payload,
            receipt?.messageId ?? null,
            receipt?.type ?? null,
            receipt ? "accepted" : null,
          ],
        );
      } else {
        const next = new Date(now.getTime() + backoffSeconds(attempts) * 1000).toISOString();
        await tx.run(
          `UPDATE outbox SET status = $2, attempts = $3, next_attempt_at = $4, locked_until = NULL, last_error = $5,
             payload = COALESCE($7, payload)
           WHERE id = $1 AND locked_until = $6`,
          [
            row.id,
            outcome === "failed" ? "failed" : "pending",
            attempts,
            next,
            error!.message,
            row.locked_until,
            payload,
          ],
        );
      }
    });
    if (error) {
      const what =
        outcome === "failed"
          ? `${MAX_ATTEMPTS}회 실패, 중단`
          : `${backoffSeconds(attempts)}초 뒤 재시도`;
      console.warn(
        `[outbox] ${row.kind} ${row.id} 전송 실패 (${attempts}회째: ${error.message}) → ${what}`,
      );
    }
    return outcome;
  }

  async function runOnce(now: Date = new Date()): Promise<RunResult> {
    const db = options.db ?? (await getDb());
    const result: RunResult = { delivered: 0, retried: 0, failed: 0 };
    for (;;) {
      const rows = await claimDue(db, now, batchSize);
      const outcomes = await Promise.all(rows.map((row) => attempt(db, row, now)));
      for (const o of outcomes) result[o]++;
      if (rows.length < batchSize) return result;
    }
  }

  let loop: PeriodicTask | undefined;

  return {
    runOnce,
    start(intervalMs) {
      if (loop) return;
      loop = periodicTask({ intervalMs, run: runOnce, failure: "[outbox] 전송 작업 오류:" });
      loop.start({ immediately: false });
    },
    async stop() {
      await loop?.stop();
      loop = undefined;
    },
  };
}

/** One complex's rows (or every complex's: ALL_SITES), for tests and operators. */
export async function listOutbox(scope: SiteScope, db?: Db) {
  const d = db ?? (await getDb());
  return d.all<{
    id: string;
    site_id: string;
    lead_id: string | null;
    kind: OutboxKind;
    status: OutboxStatus;
    attempts: number;
    next_attempt_at: string;
    last_error: string | null;
    delivered_at: string | null;
    recipient: string | null;
    purpose: SmsPurpose | null;
    payload: string;
    provider_message_id: string | null;
    message_type: string | null;
    delivery_state: string | null;
    delivery_code: string | null;
  }>(
    `SELECT id, site_id, lead_id, kind, status, attempts, next_attempt_at, last_error, delivered_at, recipient,
       purpose, payload, provider_message_id, message_type, delivery_state, delivery_code
     FROM outbox WHERE $1 = '${ALL_SITES}' OR site_id = $1 ORDER BY created_at, id`,
    [scope],
  );
}
