/*
 * A cap on the channel beacons per address, in this process's memory only: the address is never
 * written anywhere (the counts keep none), and the whole table is dropped at each window's end, so
 * it holds at most one window's addresses. Each instance counts its own: a bound on what one address
 * can add to the report, not an exact one.
 */

export type BeaconLimiter = (ip: string, now?: number) => boolean;

/** Allows `max` beacons per address in each window of `windowMs` milliseconds. */
export function createBeaconLimiter({
  max,
  windowMs,
}: {
  max: number;
  windowMs: number;
}): BeaconLimiter {
  let windowStart = 0;
  const seen = new Map<string, number>();
  return (ip, now = Date.now()) => {
    if (now - windowStart >= windowMs) {
      seen.clear();
      windowStart = now;
    }
    const n = (seen.get(ip) ?? 0) + 1;
    seen.set(ip, n);
    return n <= max;
  };
}
