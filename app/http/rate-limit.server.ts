/*
 * Rate limits counted in the database, so every instance behind a load balancer shares one counter
 * per complex and key (docs/decisions/002-rate-limit-in-database.md). A key's window starts at its
 * first hit, not at a clock boundary: a burst is counted in one window whatever the time of day.
 */
import type { Queryable } from "~/db/db.server";

export type RateLimitResult =
  | { allowed: true; count: number }
  | { allowed: false; count: number; retryAfterSeconds: number };

/**
 * Counts one hit for key on the complex siteId and says whether it is within limit. The key's
 * window of windowSeconds starts at its first hit; the first hit after it ended starts the next
 * one. One statement, atomic on both engines. Times are stored as ISO strings of one length, so
 * they compare as text on both engines.
 */
export async function hit(
  db: Queryable,
  siteId: string,
  key: string,
  { limit, windowSeconds, now = new Date() }: { limit: number; windowSeconds: number; now?: Date },
): Promise<RateLimitResult> {
  if (windowSeconds > LONGEST_WINDOW_SECONDS)
    throw new Error(
      `rate limit window ${windowSeconds} s is longer than ${LONGEST_WINDOW_SECONDS} s`,
    );
  const windowMs = windowSeconds * 1000;
  const current = `rate_limits.window_start > $4`;
  const row = await db.get<{ count: number; window_start: string }>(
    `INSERT INTO rate_limits (site_id, key, window_start, count) VALUES ($3, $1, $2, 1)
     ON CONFLICT (site_id, key) DO UPDATE SET
       count = CASE WHEN ${current} THEN rate_limits.count + 1 ELSE 1 END,
       window_start = CASE WHEN ${current} THEN rate_limits.window_start ELSE excluded.window_start END
     RETURNING count, window_start`,
    [key, now.toISOString(), siteId, new Date(now.getTime() - windowMs).toISOString()],
  );
  const count = Number(row?.count ?? 1);
  if (count <= limit) return { allowed: true, count };
  const start = row ? Date.parse(row.window_start) : now.getTime();
  return {
    allowed: false,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000)),
  };
}

/** The count of key's running window (0 when it has none), without counting a hit. */
export async function peek(
  db: Queryable,
  siteId: string,
  key: string,
  { windowSeconds, now = new Date() }: { windowSeconds: number; now?: Date },
): Promise<{ count: number; retryAfterSeconds: number }> {
  const row = await db.get<{ count: number; window_start: string }>(
    "SELECT count, window_start FROM rate_limits WHERE site_id = $1 AND key = $2 AND window_start > $3",
    [siteId, key, new Date(now.getTime() - windowSeconds * 1000).toISOString()],
  );
  if (!row) return { count: 0, retryAfterSeconds: 0 };
  const end = Date.parse(row.window_start) + windowSeconds * 1000;
  return {
    count: Number(row.count),
    retryAfterSeconds: Math.max(1, Math.ceil((end - now.getTime()) / 1000)),
  };
}

/** Takes back one hit of key (an attempt that turned out not to count), never below zero. */
export async function unhit(db: Queryable, siteId: string, key: string): Promise<void> {
  await db.run(
    "UPDATE rate_limits SET count = count - 1 WHERE site_id = $1 AND key = $2 AND count > 0",
    [siteId, key],
  );
}

/**
 * The longest window any counter may have. The purge forgets counters older than this, so it never
 * ends a window still running: the sign-in ceiling counts an hour, the lead limits ten minutes, and
 * the purge once pruned at the leads' window, which could clear a sign-in lock early.
 */
const LONGEST_WINDOW_SECONDS = 24 * 60 * 60;

/** Forgets counters (of every complex) whose window started more than LONGEST_WINDOW_SECONDS ago. */
export async function pruneRateLimits(db: Queryable, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - LONGEST_WINDOW_SECONDS * 1000).toISOString();
  return (await db.run("DELETE FROM rate_limits WHERE window_start < $1", [before])).changes;
}
