import type { Site } from "~/content/schema";
import { PHONE_ATTR } from "./before-script";
import { normalizePhone, telHref } from "./phone";

/*
 * A number per ad source (content `phoneBySource`): a visit whose first touch came with a mapped
 * utm_source sees that number instead of `identity.phone` on every page, and its lead records the
 * number shown and alerts the source's staff. Pages are prerendered with the default number; the
 * inline script after the page's chrome (app/inline/after-chrome.ts) swaps the marked elements
 * before the first paint. Without JavaScript the default number shows and is recorded.
 */

type Phones = Pick<Site, "identity" | "phoneBySource">;

/** The mapping of a utm_source (any case), or undefined. */
function sourcePhone(site: Phones, utmSource: string | null | undefined) {
  if (!utmSource) return undefined;
  const key = utmSource.trim().toLowerCase();
  return Object.hasOwn(site.phoneBySource ?? {}, key) ? site.phoneBySource?.[key] : undefined;
}

/** The number a lead records: the one the form sent when the complex shows it, else the default. */
export function recordedShownPhone(site: Phones, sent: unknown): string {
  const shown = typeof sent === "string" ? sent.trim() : "";
  const mapped = Object.values(site.phoneBySource ?? {}).map((m) => m.phone);
  return mapped.includes(shown) ? shown : site.identity.phone;
}

/** The staff phones of a utm_source's mapping (normalized as STAFF_ALERT_PHONES), or undefined. */
export function sourceStaff(site: Phones, utmSource: string | null | undefined) {
  const staff = (sourcePhone(site, utmSource)?.staff ?? []).flatMap((p) => normalizePhone(p) ?? []);
  return staff.length ? [...new Set(staff)] : undefined;
}

/** The display numbers by source for the page (never the staff phones), or null when none. */
export function displayPhones(site: Phones): Record<string, string> | null {
  const entries = Object.entries(site.phoneBySource ?? {}).map(([k, v]) => [k, v.phone] as const);
  return entries.length ? Object.fromEntries(entries) : null;
}

/** A number of the complex a caller may have dialled: 대표번호 (source null) or a source's. */
type DialledNumber = { phone: string; source: string | null; label: string };

/**
 * The complex's numbers as 전화 접수 lists them: 대표번호 first (`identity.phone`, no source), then
 * each of `phoneBySource` with its utm_source ("050-7123-4567 · naver").
 */
export function dialledNumbers(site: Phones): DialledNumber[] {
  return [
    { phone: site.identity.phone, source: null, label: `${site.identity.phone} · 대표번호` },
    ...Object.entries(site.phoneBySource ?? {}).map(([source, m]) => ({
      phone: m.phone,
      source,
      label: `${m.phone} · ${source}`,
    })),
  ];
}

/** `{ href, data-phone }` of a `tel:` link to the complex's number, swapped for a visit's source. */
export function phoneLink(phone: string) {
  return { href: telHref(phone), [PHONE_ATTR]: "" };
}
