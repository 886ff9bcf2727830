import { useEffect, useState } from "react";

/**
 * The current time in the browser, or null while prerendering and hydrating: anything counted from
 * "today" (a D-day) is computed here, so a prerendered page never shows a stale count. Refreshed
 * every minute, so a page left open overnight moves on by itself.
 */
export function useNow(intervalMs = 60_000): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
