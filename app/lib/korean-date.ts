/*
 * Dates in Korean time (UTC+9, no daylight saving) and the Korean locale's format, computed by hand:
 * the server's ICU data and a visitor's browser do not always agree on "오후" versus "PM", and a
 * difference would break hydration. Stored times are ISO-8601 UTC.
 */

const KST_MS = 9 * 3_600_000;

function kstParts(iso: string) {
  const d = new Date(new Date(iso).getTime() + KST_MS);
  if (Number.isNaN(d.getTime())) return null;
  return {
    y: d.getUTCFullYear(),
    m: d.getUTCMonth() + 1,
    d: d.getUTCDate(),
    h: d.getUTCHours(),
    min: d.getUTCMinutes(),
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-03-01T05:05:00Z" → "2026. 3. 1." (as ko-KR writes a date). */
export function formatKoreanDate(iso: string): string {
  const p = kstParts(iso);
  return p ? `${p.y}. ${p.m}. ${p.d}.` : "";
}

/** "2026-03-01T05:05:00Z" → "2026. 3. 1. 오후 2:05". */
export function formatKoreanDateTime(iso: string): string {
  const p = kstParts(iso);
  if (!p) return "";
  const half = p.h < 12 ? "오전" : "오후";
  const h12 = p.h % 12 === 0 ? 12 : p.h % 12;
  return `${p.y}. ${p.m}. ${p.d}. ${half} ${h12}:${pad(p.min)}`;
}

/** "2026-03-01" (a date in Korea) → "2026. 3. 1.". */
export function formatKoreanDay(day: string): string {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(day);
  return m ? `${Number(m[1])}. ${Number(m[2])}. ${Number(m[3])}.` : day;
}

/** A `datetime-local` value read as Korean time ("2026-03-01T14:05") → ISO UTC, or null. */
export function kstInputToIso(value: string): string | null {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?$/.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as number[];
  const utc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s ?? 0) - KST_MS;
  const back = new Date(utc + KST_MS);
  if (back.getUTCMonth() !== mo! - 1 || back.getUTCDate() !== d! || h! > 23 || mi! > 59)
    return null;
  return new Date(utc).toISOString();
}

/** ISO UTC → a `datetime-local` value in Korean time ("2026-03-01T14:05"). */
export function isoToKstInput(iso: string): string {
  const p = kstParts(iso);
  return p ? `${p.y}-${pad(p.m)}-${pad(p.d)}T${pad(p.h)}:${pad(p.min)}` : "";
}

/** The first instant of a day in Korea ("2026-03-01") as ISO UTC, or null for a bad date. */
export function kstDayStartIso(day: string): string | null {
  return kstInputToIso(`${day}T00:00`);
}

/** Today's date in Korea, YYYY-MM-DD. */
export function kstToday(now: Date = new Date()): string {
  return new Date(now.getTime() + KST_MS).toISOString().slice(0, 10);
}
