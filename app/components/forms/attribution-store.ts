import { ATTRIBUTION_STORAGE_KEY, landingAttribution, type Attribution } from "~/lib/attribution";

/*
 * First touch of the visit, kept in sessionStorage (not a cookie: it never leaves the browser except
 * as hidden fields of a lead form, and it ends with the tab). The first page of the visit writes
 * it; later pages, and later utm_* links, do not change it.
 */
const KEY = ATTRIBUTION_STORAGE_KEY;

/** Records the landing's utm_* and referring host, once per visit. Safe to call on every page. */
export function captureAttribution(): void {
  try {
    if (window.sessionStorage.getItem(KEY) !== null) return;
    const first = landingAttribution(
      window.location.search,
      document.referrer,
      window.location.hostname,
    );
    window.sessionStorage.setItem(KEY, JSON.stringify(first));
  } catch {
    // Storage disabled (private mode, blocked): the lead is sent without it.
  }
}

/** The visit's first touch, for the lead form's hidden fields. */
export function visitAttribution(): Attribution {
  captureAttribution();
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? "{}");
    return value && typeof value === "object" ? (value as Attribution) : {};
  } catch {
    return {};
  }
}
