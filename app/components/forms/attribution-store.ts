import { ATTRIBUTION_STORAGE_KEY, landingAttribution, type Attribution } from "~/lib/attribution";

/*
 * First touch of the visit, kept in sessionStorage (not a cookie: it never leaves the browser except
 * as hidden fields of a lead form, and it ends with the tab). The first page of the visit writes
 * it; later pages, and later utm_* links, do not change it.
 */
const KEY = ATTRIBUTION_STORAGE_KEY;

/** True once this page load has recorded the visit's first touch: it is the visit's landing. */
let recordedHere = false;

/**
 * Records the landing's utm_* and referring host, once per visit. Safe to call on every page.
 * Answers whether this page load is the one that recorded them (the visit's landing; the same
 * answer on every call of the load), which the channel report counts (app/enhance/channel.ts).
 */
export function captureAttribution(): boolean {
  try {
    if (window.sessionStorage.getItem(KEY) !== null) return recordedHere;
    const first = landingAttribution(
      window.location.search,
      document.referrer,
      window.location.hostname,
    );
    window.sessionStorage.setItem(KEY, JSON.stringify(first));
    recordedHere = true;
  } catch {
    // Storage disabled (private mode, blocked): the lead is sent without it.
  }
  return recordedHere;
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
