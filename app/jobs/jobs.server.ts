/*
 * Jobs: slow work taken off the request (issue 43, item 2; docs/decisions/048-jobs.md): a notice's
 * pages drawn from its PDF, a panorama's widths, a large picture's variants (app/media/media-jobs.server.ts).
 * The upload stores its file and a row in `jobs` (migration 017), and answers; a runner in each
 * instance (one loop, one job at a time) claims a due row, does the work and says how far it got,
 * which the console shows on the field.
 *
 *   - Claimed by one instance: with PostgreSQL (several instances) FOR UPDATE SKIP LOCKED, and a
 *     claim token that every later write of the row must match; SQLite has one process.
 *   - Held for a lease (JOBS_LEASE_SECONDS), renewed while the work goes on. A row left running
 *     by an instance that died is taken again once its lease has passed; with SQLite at once when
 *     the server starts (there is no other process to wait for).
 *   - Retried with back-off (JOB_BACKOFF_SECONDS) when the work failed for a reason that may pass
 *     (a worker that crashed, a store that did not answer), at most JOB_MAX_ATTEMPTS claims in all;
 *     a JobFailure (the file itself is at fault: a picture too large inside a notice) fails it at
 *     once. A failed row keeps its Korean reason (`last_error`), shown on the console's field.
 *   - The work must be idempotent: it is done again, whole or in part, after a crash (a notice's
 *     pages are written by their number, and those already stored are skipped).
 */
import { randomUUID } from "node:crypto";
import { getDb, type Db, type Queryable } from "~/db/db.server";
import { env } from "~/env.server";
import type { JobKind, JobStatus, JobView } from "~/jobs/jobs";
import { periodicTask, type PeriodicTask } from "./periodic.server";

export type { JobKind, JobView } from "~/jobs/jobs";

/** Claims of one job at most (the first included): a job that keeps failing is given up. */
export const JOB_MAX_ATTEMPTS = 4;
/** Wait after the 1st, 2nd, … failed attempt; the last value repeats. */
const JOB_BACKOFF_SECONDS = [5, 30, 120] as const;

export const JOB_MESSAGES = {
  gaveUp: (attempts: number) =>
    `변환을 ${attempts}번 시도했지만 끝내지 못했습니다. 파일을 다시 올려 주세요.`,
  failed: "변환 중에 오류가 났습니다. 파일을 다시 올려 주세요.",
} as const;

/**
 * The Korean reasons a job's row keeps (`last_error`): after a failed try that is retried, and when
 * it is given up (its error, unless its lease passed with its instance dead). Media's by default;
 * a kind that is no file (a Meta lead) gives its own.
 */
export type JobReasons = {
  failed: (error: unknown) => string;
  gaveUp: (attempts: number, error?: unknown) => string;
};
const MEDIA_REASONS: JobReasons = {
  failed: () => JOB_MESSAGES.failed,
  gaveUp: (attempts) => JOB_MESSAGES.gaveUp(attempts),
};

function jobBackoffSeconds(
  failedAttempts: number,
  backoff: readonly number[] = JOB_BACKOFF_SECONDS,
): number {
  const i = Math.min(Math.max(failedAttempts, 1), backoff.length) - 1;
  return backoff[i]!;
}

/** A failure that trying again would not change (the file is at fault): the job fails at once. */
export class JobFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JobFailure";
  }
}

type JobRow = {
  id: string;
  kind: JobKind;
  subject: string;
  site_id: string | null;
  input: string;
  status: JobStatus;
  attempts: number;
  done: number;
  total: number;
  claim: string | null;
  last_error: string | null;
};

const view = (row: JobRow): JobView => ({
  kind: row.kind,
  subject: row.subject,
  status: row.status,
  done: Number(row.done),
  total: Number(row.total),
  error: row.status === "failed" ? row.last_error : null,
});

const COLUMNS =
  "id, kind, subject, site_id, input, status, attempts, done, total, claim, last_error";

// Runners of this process, woken when a job is queued here (others find it when they poll).
const wakers = new Set<() => void>();

/**
 * Queues the work `kind` for `subject` (the media key it is for), unless it is queued, running or
 * done already; a failed one is queued again from the start (the same file uploaded again is a
 * new try). Answers the job as it now is.
 */
export async function enqueueJob(
  job: { kind: JobKind; subject: string; siteId?: string | null; input: unknown; total: number },
  { db, now = new Date() }: { db?: Queryable; now?: Date } = {},
): Promise<JobView> {
  const d = db ?? (await getDb());
  const at = now.toISOString();
  await d.run(
    `INSERT INTO jobs (id, kind, subject, site_id, input, status, attempts, done, total, next_attempt_at,
       created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'pending', 0, 0, $6, $7, $7, $7)
     ON CONFLICT (kind, subject) DO UPDATE SET status = 'pending', attempts = 0, done = 0,
       total = excluded.total, input = excluded.input, site_id = excluded.site_id, last_error = NULL,
       next_attempt_at = excluded.next_attempt_at, claim = NULL, locked_until = NULL,
       finished_at = NULL, updated_at = excluded.updated_at
     WHERE jobs.status = 'failed'`,
    [
      randomUUID(),
      job.kind,
      job.subject,
      job.siteId ?? null,
      JSON.stringify(job.input),
      job.total,
      at,
    ],
  );
  for (const wake of wakers) wake();
  const row = await d.get<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE kind = $1 AND subject = $2`, [
    job.kind,
    job.subject,
  ]);
  return view(row!);
}

/** The jobs for these subjects (media keys), by subject; a subject without a job is left out. */
export async function jobsFor(subjects: readonly string[], db?: Queryable) {
  const out: Record<string, JobView> = {};
  const wanted = [...new Set(subjects.filter(Boolean))];
  if (!wanted.length) return out;
  const d = db ?? (await getDb());
  const marks = wanted.map((_, i) => `$${i + 1}`).join(", ");
  for (const row of await d.all<JobRow>(
    `SELECT ${COLUMNS} FROM jobs WHERE subject IN (${marks}) ORDER BY created_at`,
    wanted,
  ))
    out[row.subject] = view(row);
  return out;
}

/** A job as claimed: its input, and the token its writes must match. */
export type ClaimedJob = {
  id: string;
  kind: JobKind;
  subject: string;
  siteId: string | null;
  input: unknown;
  /** Claims so far, this one included. */
  attempts: number;
  claim: string;
};

const later = (now: Date, seconds: number) =>
  new Date(now.getTime() + seconds * 1000).toISOString();

/**
 * Claims the next due job for `leaseSeconds`: a pending one whose time has come, or a running one
 * whose lease passed (its instance died). A running one past its lease that has used its
 * attempts is failed instead, with its Korean reason. `kinds`: only jobs of these kinds (a runner
 * of its own for work that must not wait behind slow media), else any.
 */
export async function claimJob(
  db: Db,
  {
    now = new Date(),
    leaseSeconds,
    maxAttempts = JOB_MAX_ATTEMPTS,
    kinds,
    reasons = MEDIA_REASONS,
  }: {
    now?: Date;
    leaseSeconds: number;
    maxAttempts?: number;
    kinds?: readonly JobKind[];
    reasons?: JobReasons;
  },
): Promise<ClaimedJob | null> {
  const at = now.toISOString();
  const kindList = kinds?.length ? kinds : null;
  const ofKinds = (first: number) =>
    kindList ? `AND kind IN (${kindList.map((_, i) => `$${first + i}`).join(", ")})` : "";
  await db.run(
    `UPDATE jobs SET status = 'failed', claim = NULL, locked_until = NULL, finished_at = $1, updated_at = $1,
       last_error = $3
     WHERE status = 'running' AND locked_until <= $1 AND attempts >= $2 ${ofKinds(4)}`,
    [at, maxAttempts, reasons.gaveUp(maxAttempts), ...(kindList ?? [])],
  );
  const skipLocked = db.dialect === "postgres" ? "FOR UPDATE SKIP LOCKED" : "";
  const row = await db.get<JobRow>(
    `UPDATE jobs SET status = 'running', attempts = attempts + 1, claim = $2, locked_until = $3, updated_at = $1
     WHERE id IN (
       SELECT id FROM jobs
       WHERE ((status = 'pending' AND next_attempt_at <= $1) OR (status = 'running' AND locked_until <= $1))
         AND attempts < $4 ${ofKinds(5)}
       ORDER BY next_attempt_at, id
       LIMIT 1
       ${skipLocked}
     )
     RETURNING ${COLUMNS}`,
    [at, randomUUID(), later(now, leaseSeconds), maxAttempts, ...(kindList ?? [])],
  );
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    siteId: row.site_id,
    input: JSON.parse(row.input) as unknown,
    attempts: Number(row.attempts),
    claim: row.claim!,
  };
}

/**
 * Records how far the job got and renews its lease. False when the claim is no longer this
 * runner's (its lease passed and another took the job): the work should stop.
 */
export async function reportProgress(
  db: Db,
  job: ClaimedJob,
  progress: { done: number; total: number } | null,
  { now = new Date(), leaseSeconds }: { now?: Date; leaseSeconds: number },
): Promise<boolean> {
  const at = now.toISOString();
  const { changes } = progress
    ? await db.run(
        `UPDATE jobs SET done = $3, total = $4, locked_until = $5, updated_at = $6
         WHERE id = $1 AND claim = $2 AND status = 'running'`,
        [job.id, job.claim, progress.done, progress.total, later(now, leaseSeconds), at],
      )
    : await db.run(
        `UPDATE jobs SET locked_until = $3, updated_at = $4 WHERE id = $1 AND claim = $2 AND status = 'running'`,
        [job.id, job.claim, later(now, leaseSeconds), at],
      );
  return changes > 0;
}

/** The job is done (its `done` set to its `total`). */
export async function completeJob(db: Db, job: ClaimedJob, now = new Date()) {
  const at = now.toISOString();
  await db.run(
    `UPDATE jobs SET status = 'done', done = total, claim = NULL, locked_until = NULL, last_error = NULL,
       finished_at = $3, updated_at = $3
     WHERE id = $1 AND claim = $2`,
    [job.id, job.claim, at],
  );
}

/**
 * The job's work failed: tried again after its back-off, or failed for good with its Korean reason
 * (a JobFailure, or its last attempt). Answers which.
 */
export async function failJob(
  db: Db,
  job: ClaimedJob,
  error: unknown,
  {
    now = new Date(),
    maxAttempts = JOB_MAX_ATTEMPTS,
    backoffSeconds,
    reasons = MEDIA_REASONS,
  }: {
    now?: Date;
    maxAttempts?: number;
    backoffSeconds?: readonly number[];
    reasons?: JobReasons;
  } = {},
): Promise<"retried" | "failed"> {
  const at = now.toISOString();
  const final = error instanceof JobFailure || job.attempts >= maxAttempts;
  const reason =
    error instanceof JobFailure
      ? error.message
      : job.attempts >= maxAttempts
        ? reasons.gaveUp(job.attempts, error)
        : reasons.failed(error);
  await db.run(
    `UPDATE jobs SET status = $3, claim = NULL, locked_until = NULL, last_error = $4, next_attempt_at = $5,
       finished_at = $6, updated_at = $7
     WHERE id = $1 AND claim = $2`,
    [
      job.id,
      job.claim,
      final ? "failed" : "pending",
      reason,
      final ? at : later(now, jobBackoffSeconds(job.attempts, backoffSeconds)),
      final ? at : null,
      at,
    ],
  );
  return final ? "failed" : "retried";
}

/** The job goes back to waiting, its claim not counted (the server stops while it runs). */
async function releaseJob(db: Db, job: ClaimedJob, now = new Date()) {
  await db.run(
    `UPDATE jobs SET status = 'pending', attempts = attempts - 1, claim = NULL, locked_until = NULL,
       next_attempt_at = $3, updated_at = $3
     WHERE id = $1 AND claim = $2`,
    [job.id, job.claim, now.toISOString()],
  );
}

/**
 * With SQLite, the one process starting: every row left running was its own before it died, and is
 * due now rather than when its lease passes. With PostgreSQL another instance may hold them.
 */
export async function takeBackOrphans(db: Db, now = new Date()): Promise<number> {
  if (db.dialect !== "sqlite") return 0;
  const at = now.toISOString();
  const { changes } = await db.run(
    `UPDATE jobs SET locked_until = $1, updated_at = $1 WHERE status = 'running' AND locked_until > $1`,
    [at],
  );
  return changes;
}

/** What a handler gets besides its job: a way to say how far it got, and when to stop. */
export type JobContext = {
  /** Records progress and renews the lease; throws JobLost when the claim was taken over. */
  progress(done: number, total: number): Promise<void>;
  /** Aborted when the server stops or the claim is lost. */
  signal: AbortSignal;
};

class JobLost extends Error {
  constructor() {
    super("job claim lost");
    this.name = "JobLost";
  }
}

export type JobHandler = (job: ClaimedJob, context: JobContext) => Promise<void>;

export type JobRunner = {
  /** Runs due jobs, one after another, until none is due. Answers how many it ran. */
  runOnce(): Promise<number>;
  /** Polls every pollMs, and at once when a job is queued in this process, until stop(). */
  start(): void;
  /** Stops: the job in progress is stopped and put back to wait (not counted as an attempt). */
  stop(): Promise<void>;
};

export function createJobRunner(options: {
  handlers: Partial<Record<JobKind, JobHandler>>;
  db?: Db;
  pollMs?: number;
  leaseSeconds?: number;
  maxAttempts?: number;
  /** Wait after the 1st, 2nd, … failed attempt (the last repeats); JOB_BACKOFF_SECONDS by default. */
  backoffSeconds?: readonly number[];
  /** Claims only jobs of these kinds (else any, every kind then needing its handler). */
  kinds?: readonly JobKind[];
  /** The reasons its failed jobs keep; media's (파일을 다시 올려 주세요) by default. */
  reasons?: JobReasons;
}): JobRunner {
  const leaseSeconds = () => options.leaseSeconds ?? env().JOBS_LEASE_SECONDS;
  const maxAttempts = options.maxAttempts ?? JOB_MAX_ATTEMPTS;
  let current: AbortController | undefined;
  let stopping = false;

  async function runJob(db: Db, job: ClaimedJob) {
    const handler = options.handlers[job.kind];
    const control = new AbortController();
    current = control;
    const lease = leaseSeconds();
    let lost = false;
    const renew = async (progress: { done: number; total: number } | null) => {
      if (lost) throw new JobLost();
      if (!(await reportProgress(db, job, progress, { leaseSeconds: lease }))) {
        lost = true;
        control.abort(new JobLost());
        throw new JobLost();
      }
    };
    // The lease renewed while a step takes long (a page of a notice, a panorama's width).
    const heartbeat = setInterval(
      () => void renew(null).catch(() => undefined),
      Math.max(1000, (lease * 1000) / 3),
    );
    heartbeat.unref();
    try {
      if (!handler) throw new JobFailure(JOB_MESSAGES.failed);
      await handler(job, {
        progress: (done, total) => renew({ done, total }),
        signal: control.signal,
      });
      if (control.signal.aborted) throw control.signal.reason;
      await completeJob(db, job);
    } catch (error) {
      if (lost) console.warn(`[jobs] ${job.kind} ${job.subject}: 다른 인스턴스가 넘겨받았습니다`);
      else if (stopping) await releaseJob(db, job).catch(() => undefined);
      else {
        const outcome = await failJob(db, job, error, {
          maxAttempts,
          backoffSeconds: options.backoffSeconds,
          reasons: options.reasons,
        });
        console.warn(
          `[jobs] ${job.kind} ${job.subject} ${job.attempts}회째 실패 (${outcome === "failed" ? "중단" : "재시도"}):`,
          error instanceof Error ? error.message : error,
        );
      }
    } finally {
      clearInterval(heartbeat);
      current = undefined;
    }
  }

  async function runOnce(): Promise<number> {
    const db = options.db ?? (await getDb());
    let ran = 0;
    while (!stopping) {
      const job = await claimJob(db, {
        leaseSeconds: leaseSeconds(),
        maxAttempts,
        kinds: options.kinds,
        reasons: options.reasons,
      });
      if (!job) break;
      await runJob(db, job);
      ran++;
    }
    return ran;
  }

  /** Rows this process left running when it died are due now (SQLite): taken back once, first. */
  async function takeBack() {
    try {
      const n = await takeBackOrphans(options.db ?? (await getDb()));
      if (n) console.info(`[jobs] 멈췄던 작업 ${n}개를 이어서 합니다`);
    } catch (error) {
      console.error("[jobs] 작업을 이어받지 못했습니다:", error);
    }
  }

  let loop: PeriodicTask | undefined;
  return {
    runOnce,
    start() {
      if (loop) return;
      stopping = false;
      let first = true;
      const task = periodicTask({
        intervalMs: () => options.pollMs ?? env().JOBS_POLL_MS,
        failure: "[jobs] 작업 실행 오류:",
        run: async () => {
          if (first) await takeBack();
          first = false;
          await runOnce();
        },
      });
      loop = task;
      wakers.add(task.poke);
      task.start();
    },
    async stop() {
      stopping = true;
      if (loop) wakers.delete(loop.poke);
      current?.abort(new Error("server stopping"));
      await loop?.stop();
      loop = undefined;
    },
  };
}
