import type { Tracking } from "~/content/schema";

/*
 * Conversion events for the ad platforms a complex buys (content `tracking`): which vendor tags
 * exist, where each loads from (the complex's Content-Security-Policy names exactly these hosts),
 * and what the privacy page says of each (PIPA art. 30: the tools, what they collect, how to
 * refuse). The browser side is app/enhance/tracking.ts; nothing here runs without a configured tag.
 */

export type Vendor = keyof Tracking;

type VendorFacts = {
  /** The tool as the privacy page names it. */
  tool: string;
  company: string;
  /** The script the browser loads (the Google tag takes its id in the query string). */
  script: (tracking: Required<Tracking>) => string;
  /** Hosts the tag loads scripts from, sends its beacons to (connect and images), and frames. */
  scripts: string[];
  beacons: string[];
  frames?: string[];
  /** How a visitor refuses it at the vendor (besides the browser's own settings), and where. */
  refuse: string;
  settings?: string;
};

/** In the order the privacy page lists them and the page loads them. */
export const VENDORS: Record<Vendor, VendorFacts> = {
  naver: {
    tool: "네이버 광고 전환추적(프리미엄 로그분석)",
    company: "네이버㈜",
    script: () => "https://wcs.naver.net/wcslog.js",
    scripts: ["https://wcs.naver.net"],
    beacons: ["https://wcs.naver.com"],
    refuse: "네이버 맞춤형 광고 설정(네이버 > 내정보 > 맞춤형 광고)에서 끌 수 있습니다.",
  },
  kakao: {
    tool: "카카오 픽셀",
    company: "㈜카카오",
    script: () => "https://t1.daumcdn.net/kas/static/kp.js",
    scripts: ["https://t1.daumcdn.net"],
    beacons: ["https://bc.ad.daum.net"],
    refuse: "카카오 맞춤형 광고 설정(카카오계정 > 맞춤형 광고)에서 끌 수 있습니다.",
  },
  meta: {
    tool: "메타 픽셀",
    company: "Meta Platforms, Inc.",
    script: () => "https://connect.facebook.net/en_US/fbevents.js",
    scripts: ["https://connect.facebook.net"],
    beacons: ["https://www.facebook.com"],
    refuse: "페이스북·인스타그램의 광고 기본 설정에서 끌 수 있습니다.",
    settings: "https://www.facebook.com/adpreferences",
  },
  google: {
    tool: "구글 광고 전환추적(Google 태그)",
    company: "Google LLC",
    script: (t) =>
      `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(googleTagId(t.google.sendTo))}`,
    scripts: ["https://www.googletagmanager.com", "https://www.googleadservices.com"],
    beacons: [
      "https://www.google.com",
      "https://googleads.g.doubleclick.net",
      "https://www.googleadservices.com",
    ],
    frames: ["https://td.doubleclick.net"],
    refuse: "Google 광고 설정에서 끌 수 있습니다.",
    settings: "https://adssettings.google.com",
  },
};

/** The Google tag's id of a conversion's `send_to` ("AW-123/abc" → "AW-123"). */
function googleTagId(sendTo: string): string {
  return sendTo.split("/")[0] ?? sendTo;
}

/** The configured vendors, in VENDORS' order. */
export function configuredVendors(tracking: Tracking | undefined): Vendor[] {
  if (!tracking) return [];
  return (Object.keys(VENDORS) as Vendor[]).filter((v) => tracking[v] !== undefined);
}

/** What the page's script needs: each configured vendor's id and script address. */
export type PageTracking = Partial<Record<Vendor, { id: string; script: string }>>;

export function pageTracking(tracking: Tracking | undefined): PageTracking | null {
  const vendors = configuredVendors(tracking);
  if (!tracking || vendors.length === 0) return null;
  const full = tracking as Required<Tracking>;
  const ids: Record<Vendor, () => string> = {
    naver: () => full.naver.wa,
    kakao: () => full.kakao.trackId,
    meta: () => full.meta.pixelId,
    google: () => full.google.sendTo,
  };
  return Object.fromEntries(
    vendors.map((v) => [v, { id: ids[v](), script: VENDORS[v].script(full) }]),
  );
}

/** The Content-Security-Policy sources the configured tags need (none without tags). */
export function trackingSources(tracking: Tracking | undefined) {
  const vendors = configuredVendors(tracking).map((v) => VENDORS[v]);
  const unique = (hosts: string[]) => [...new Set(hosts)];
  return {
    scripts: unique(vendors.flatMap((v) => v.scripts)),
    connect: unique(vendors.flatMap((v) => v.beacons)),
    images: unique(vendors.flatMap((v) => v.beacons)),
    frames: unique(vendors.flatMap((v) => v.frames ?? [])),
  };
}

/** The page's attribute that carries the configuration (app/root.tsx writes it on <html>). */
export const TRACKING_ATTR = "data-tracking";
