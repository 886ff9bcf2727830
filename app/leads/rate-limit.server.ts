/*
 * Fixed-window rate limits counted in the database, so every instance behind a load balancer
 * shares one counter per complex and key (docs/decisions/002-rate-limit-in-database.md).
 */
import type { Queryable } from "~/db/db.server";

export type RateLimitResult =
  | { allowed: true; count: number }
  | { allowed: false; count: number; retryAfterSeconds: number };

/**
 * Counts one hit for key on the complex siteId in the current fixed window of windowSeconds and
 * says whether it is within limit. One statement, atomic on both engines: the first hit of a new
 * window resets the count.
 */
export async function hit(
  db: Queryable,
  siteId: string,
  key: string,
  { limit, windowSeconds, now = new Date() }: { limit: number; windowSeconds: number; now?: Date },
): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const windowStart = new Date(start).toISOString();
  const row = await db.get<{ count: number }>(
    `INSERT INTO rate_limits (site_id, key, window_start, count) VALUES ($3, $1, $2, 1)
     ON CONFLICT (site_id, key) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
       window_start = excluded.window_start
     RETURNING count`,
    [key, windowStart, siteId],
  );
  const count = Number(row?.count ?? 1);
  if (count <= limit) return { allowed: true, count };
  return {
    allowed: false,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000)),
  };
}

/** Forgets counters (of every complex) whose window ended before now minus maxWindowSeconds. */
export async function pruneRateLimits(
  db: Queryable,
  maxWindowSeconds: number,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - maxWindowSeconds * 1000).toISOString();
  return (await db.run("DELETE FROM rate_limits WHERE window_start < $1", [before])).changes;
}
