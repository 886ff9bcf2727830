import type { Site } from "~/content/schema";
import { ATTRIBUTION_STORAGE_KEY } from "./attribution";
import { normalizePhone, telHref } from "./phone";

/*
 * A number per ad source (content `phoneBySource`): a visit whose first touch came with a mapped
 * utm_source sees that number instead of `contact.phone` on every page, and its lead records the
 * number shown and alerts the source's staff. Pages are prerendered with the default number; the
 * small script after the page's chrome (phoneSwapScript) swaps the marked elements before the
 * first paint. Without JavaScript the default number shows and is recorded.
 */

/** The lead form's hidden field with the number the visitor was shown. */
export const SHOWN_PHONE_FIELD = "shownPhone";
/** Marks an element whose `tel:` href, text and aria-label carry the complex's number. */
export const PHONE_ATTR = "data-phone";

type Phones = Pick<Site, "contact" | "phoneBySource">;

/** The mapping of a utm_source (any case), or undefined. */
export function sourcePhone(site: Phones, utmSource: string | null | undefined) {
  if (!utmSource) return undefined;
  const key = utmSource.trim().toLowerCase();
  return Object.hasOwn(site.phoneBySource ?? {}, key) ? site.phoneBySource?.[key] : undefined;
}

/** The number a lead records: the one the form sent when the complex shows it, else the default. */
export function recordedShownPhone(site: Phones, sent: unknown): string {
  const shown = typeof sent === "string" ? sent.trim() : "";
  const mapped = Object.values(site.phoneBySource ?? {}).map((m) => m.phone);
  return mapped.includes(shown) ? shown : site.contact.phone;
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

/** `{ href, data-phone }` of a `tel:` link to the complex's number, swapped for a visit's source. */
export function phoneLink(phone: string) {
  return { href: telHref(phone), [PHONE_ATTR]: "" };
}

/**
 * The inline script (the same text on every page and complex, so one CSP hash covers it; the
 * page's numbers are its data-phones and data-default attributes). It reads the visit's first
 * touch as app/components/forms/attribution-store.ts keeps it, else this landing's utm_source, and
 * swaps the number in the marked elements' href, text and aria-label (the elements stay, so focus
 * does), in the popup's <template> too, and sets the lead forms' hidden field.
 */
export const PHONE_SWAP_SCRIPT = `(function(){try{var s=document.currentScript,m=JSON.parse(s.getAttribute("data-phones")),d=s.getAttribute("data-default"),a=sessionStorage.getItem(${JSON.stringify(ATTRIBUTION_STORAGE_KEY)}),u=a===null?new URLSearchParams(location.search).get("utm_source"):(JSON.parse(a)||{}).utm_source,k=typeof u==="string"?u.trim().toLowerCase():"",p=Object.prototype.hasOwnProperty.call(m,k)?m[k]:null;if(!p||p===d)return;var t="tel:"+p.replace(/[^0-9+]/g,"");function r(x){return x.split(d).join(p)}function swap(root){root.querySelectorAll("[${PHONE_ATTR}]").forEach(function(e){if(/^tel:/.test(e.getAttribute("href")||""))e.setAttribute("href",t);var l=e.getAttribute("aria-label");if(l)e.setAttribute("aria-label",r(l));var w=document.createTreeWalker(e,4),n;while((n=w.nextNode()))if(n.data.indexOf(d)>=0)n.data=r(n.data)});root.querySelectorAll('input[name="${SHOWN_PHONE_FIELD}"]').forEach(function(i){i.value=p})}swap(document);document.querySelectorAll("template").forEach(function(x){swap(x.content)})}catch(e){}})()`;
