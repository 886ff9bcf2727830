/*
 * Where a lead came from: the landing page's utm_* parameters and the referring site's host, first
 * touch of the visit. The browser keeps them in sessionStorage (app/components/forms/attribution-store.ts)
 * and sends them with every lead form as hidden fields; the server cleans them with the same rules.
 * A value that is too long or holds anything but plain text is dropped, never a failure.
 */

export const UTM_FIELDS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const;
/** Hidden field with the referring site's host name. */
export const REFERRER_FIELD = "referrer";
export const ATTRIBUTION_FIELDS = [...UTM_FIELDS, REFERRER_FIELD] as const;
/** The sessionStorage key of the visit's first touch (app/components/forms/attribution-store.ts). */
export const ATTRIBUTION_STORAGE_KEY = "leadAttribution";
export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];

/** Cleaned attribution: a field is absent when it was missing or dropped. */
export type Attribution = Partial<Record<AttributionField, string>>;

/** Longest utm value kept; campaign names are short, anything longer is not one. */
const UTM_MAX = 100;
// Letters and digits of any script, space, and the punctuation campaign tools put in names.
const UTM_VALUE = /^[\p{L}\p{N}\p{M} _.,:;/|()+~!#%&=-]+$/u;
const HOST =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

function cleanUtm(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const v = value.normalize("NFC").replace(/\s+/g, " ").trim();
  if (!v || v.length > UTM_MAX || !UTM_VALUE.test(v)) return undefined;
  return v;
}

function cleanHost(value: unknown, ownHost?: string): string | undefined {
  if (typeof value !== "string" || value.length > 2048) return undefined;
  let host = value.trim().toLowerCase();
  if (host.includes("/")) {
    try {
      host = new URL(host).hostname;
    } catch {
      return undefined;
    }
  }
  host = host.replace(/\.$/, "");
  if (!HOST.test(host) || host === ownHost?.toLowerCase()) return undefined;
  return host;
}

/** Keeps the known fields whose values are plain and short; `ownHost` is never a referrer. */
export function cleanAttribution(raw: Record<string, unknown>, ownHost?: string): Attribution {
  const out: Attribution = {};
  for (const field of UTM_FIELDS) {
    const v = cleanUtm(raw[field]);
    if (v) out[field] = v;
  }
  const host = cleanHost(raw[REFERRER_FIELD], ownHost);
  if (host) out[REFERRER_FIELD] = host;
  return out;
}

/** Attribution of a landing: its query string and the referrer the browser reports. */
export function landingAttribution(search: string, referrer: string, ownHost: string): Attribution {
  const params = new URLSearchParams(search);
  const raw: Record<string, string> = {};
  for (const field of UTM_FIELDS) {
    const v = params.get(field);
    if (v) raw[field] = v;
  }
  if (referrer) raw[REFERRER_FIELD] = referrer;
  return cleanAttribution(raw, ownHost);
}

/**
 * Where a lead came from as one line for people (staff alerts, lead desk):
 * "naver · cpc · open_day (/Brand/intro)", else the referring site and the page, else the page.
 */
export function originLine(
  a: {
    utmSource?: string | null;
    utmMedium?: string | null;
    utmCampaign?: string | null;
    referrerHost?: string | null;
  },
  page: string,
): string {
  const campaign =
    [a.utmSource, a.utmMedium, a.utmCampaign].filter(Boolean).join(" · ") || a.referrerHost;
  return campaign ? `${campaign} (${page})` : page;
}
