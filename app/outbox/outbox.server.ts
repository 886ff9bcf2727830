/*
 * The outbox: messages a lead must cause (SMS, webhook), written in the lead's transaction and
 * delivered here, later, by a worker in the server process. All state is in the database, so a
 * restart loses nothing: a row claimed by a worker that died becomes due again when its lock expires.
 * With PostgreSQL several instances claim rows with FOR UPDATE SKIP LOCKED and never send one twice
 * at the same time; with SQLite there is one process.
 *
 * Delivery is at least once: a crash between the receiver's answer and our record of it sends again.
 */
import { randomUUID } from "node:crypto";
import { getDb, type Db } from "~/db/db.server";
import { DeliveryError, smsProviderFromEnv, type SmsProvider } from "./sms.server";
import { webhookSenderFromEnv, type WebhookPayload, type WebhookSender } from "./webhook.server";

/** Wait after the 1st, 2nd, … failed attempt; the last value repeats. */
export const BACKOFF_SECONDS = [
  30,
  120,
  600,
  3600,
  3 * 3600,
  6 * 3600,
  12 * 3600,
  24 * 3600,
] as const;
/** After this many failed attempts a row is 'failed' and no longer retried. */
export const MAX_ATTEMPTS = 10;
/** How long a claim holds a row; longer than any delivery's timeout. */
export const LOCK_SECONDS = 60;

export function backoffSeconds(failedAttempts: number): number {
  const i = Math.min(Math.max(failedAttempts, 1), BACKOFF_SECONDS.length) - 1;
  return BACKOFF_SECONDS[i]!;
}

export type OutboxKind = "sms" | "webhook";
export type OutboxStatus = "pending" | "delivered" | "failed";

export type OutboxProviders = { sms: SmsProvider; webhook: WebhookSender };

type ClaimedRow = {
  id: string;
  kind: OutboxKind;
  payload: string;
  attempts: number;
  locked_until: string;
};

export type RunResult = { delivered: number; retried: number; failed: number };

/** Claims up to limit due rows for LOCK_SECONDS. */
async function claimDue(db: Db, now: Date, limit: number): Promise<ClaimedRow[]> {
  const lockedUntil = new Date(now.getTime() + LOCK_SECONDS * 1000).toISOString();
  const skipLocked = db.dialect === "postgres" ? "FOR UPDATE SKIP LOCKED" : "";
  return db.all<ClaimedRow>(
    `UPDATE outbox SET locked_until = $2
     WHERE id IN (
       SELECT id FROM outbox
       WHERE status = 'pending' AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until <= $1)
       ORDER BY next_attempt_at, id
       LIMIT $3
       ${skipLocked}
     )
     RETURNING id, kind, payload, attempts, locked_until`,
    [now.toISOString(), lockedUntil, limit],
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
  let providers: OutboxProviders | undefined;
  const getProviders = () =>
    (providers ??= {
      sms: options.providers?.sms ?? smsProviderFromEnv(),
      webhook: options.providers?.webhook ?? webhookSenderFromEnv(),
    });

  async function deliver(row: ClaimedRow): Promise<void> {
    const p = getProviders();
    if (row.kind === "sms") {
      const { to, text } = JSON.parse(row.payload) as { to: string; text: string };
      await p.sms.send(to, text);
    } else if (row.kind === "webhook") {
      await p.webhook.send(JSON.parse(row.payload) as WebhookPayload);
    } else {
      throw new DeliveryError(`알 수 없는 종류: ${String(row.kind)}`);
    }
  }

  async function attempt(db: Db, row: ClaimedRow, now: Date): Promise<keyof RunResult> {
    const startedMs = Date.now();
    let error: { message: string; statusCode: number | null } | undefined;
    try {
      await deliver(row);
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
      if (outcome === "delivered") {
        await tx.run(
          `UPDATE outbox SET status = 'delivered', attempts = $2, delivered_at = $3, locked_until = NULL, last_error = NULL
           WHERE id = $1 AND locked_until = $4`,
          [row.id, attempts, finishedAt, row.locked_until],
        );
      } else {
        const next = new Date(now.getTime() + backoffSeconds(attempts) * 1000).toISOString();
        await tx.run(
          `UPDATE outbox SET status = $2, attempts = $3, next_attempt_at = $4, locked_until = NULL, last_error = $5
           WHERE id = $1 AND locked_until = $6`,
          [
            row.id,
            outcome === "failed" ? "failed" : "pending",
            attempts,
            next,
            error!.message,
            row.locked_until,
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

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  function schedule(intervalMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .catch((error: unknown) => console.error("[outbox] 전송 작업 오류:", error))
        .finally(() => {
          running = undefined;
          schedule(intervalMs);
        });
    }, intervalMs);
  }

  return {
    runOnce,
    start(intervalMs) {
      if (!stopped) return;
      stopped = false;
      schedule(intervalMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/** Rows and their attempts, for tests and operators. */
export async function listOutbox(db?: Db) {
  const d = db ?? (await getDb());
  return d.all<{
    id: string;
    lead_id: string | null;
    kind: OutboxKind;
    status: OutboxStatus;
    attempts: number;
    next_attempt_at: string;
    last_error: string | null;
    delivered_at: string | null;
  }>(
    `SELECT id, lead_id, kind, status, attempts, next_attempt_at, last_error, delivered_at
     FROM outbox ORDER BY created_at, id`,
  );
}
