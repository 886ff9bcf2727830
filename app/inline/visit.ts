import {
  ATTRIBUTION_STORAGE_KEY,
  landingAttribution,
  REFERRER_FIELD,
  UTM_FIELDS,
  type Attribution,
} from "~/lib/attribution";

/*
 * The visit's first touch: the landing page's utm_* and referring host, kept in sessionStorage (not
 * a cookie: it never leaves the browser but as the lead forms' hidden fields, and ends with the
 * tab). The first page of the visit records it, in its <head> (first-seconds.ts), before any other
 * page can be opened; later pages and later utm_* links do not change it.
 */

export type FirstTouch = {
  attribution: Attribution;
  /** This page load recorded it: it is the visit's landing (the channel report counts it). */
  landing: boolean;
};

const here = () => landingAttribution(location.search, document.referrer, location.hostname);

/**
 * The visit's first touch, recorded now when none is kept yet and `record` is set. With storage
 * refused (some private modes), this page's own address stands in for it.
 */
export function firstTouch(record: boolean): FirstTouch {
  try {
    const kept = sessionStorage.getItem(ATTRIBUTION_STORAGE_KEY);
    if (kept !== null) {
      const value: unknown = JSON.parse(kept);
      return { attribution: value && typeof value === "object" ? value : {}, landing: false };
    }
    const attribution = here();
    if (record) sessionStorage.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(attribution));
    return { attribution, landing: record };
  } catch {
    return { attribution: here(), landing: record };
  }
}

/**
 * The first touch the page's <head> recorded (first-seconds.ts), for the forms' hidden fields; with
 * storage refused, this page's own utm_* and referrer as they are (the server cleans what it is
 * sent, lib/attribution.ts), without the rules' code a second time on the page.
 */
export function keptTouch(): Attribution {
  try {
    const kept = sessionStorage.getItem(ATTRIBUTION_STORAGE_KEY);
    const value: unknown = kept === null ? null : JSON.parse(kept);
    if (value && typeof value === "object") return value;
  } catch {
    // Refused: this page's own below.
  }
  const params = new URLSearchParams(location.search);
  const raw: Attribution = {};
  for (const field of UTM_FIELDS) raw[field] = params.get(field) ?? undefined;
  if (document.referrer) raw[REFERRER_FIELD] = document.referrer;
  return raw;
}
