import type { PageTracking, Vendor } from "~/lib/tracking";
import { TEL_TAP_EVENT, TEL_TAPS_ATTR } from "~/lib/before-script";
import { LEAD_EVENT, type LeadEventDetail } from "./events";

/*
 * The ad platforms' conversion tags of a complex that configures them (content `tracking`, carried
 * by <html data-tracking>; app/lib/tracking.ts). Nothing of a vendor is fetched before the page has
 * loaded (its pictures first) and the browser is idle, one vendor per idle moment, so the tags cost the first paint and the
 * largest picture nothing. A visitor whose browser asks not to be tracked (Global Privacy Control,
 * Do Not Track) gets none, as the privacy page says.
 *
 * Events, each vendor's own call: a page view per page; for a registration the server stored
 * (LEAD_EVENT, sent by ./lead-form.ts only for a new lead) Naver `lead` (and `schedule` when a slot
 * was booked), Kakao `participation`, Meta `Lead` with eventID = the lead's id, Google `conversion`
 * with transaction_id = the lead's id; Naver `call` on a tap of a `tel:` link, also one made before
 * this module arrived (the page's inline code keeps the count). Only ids and event
 * names go to a vendor: never a name, a phone number or a message.
 */

type Fn = (...args: unknown[]) => void;
type Queue = Fn & {
  queue: unknown[][];
  callMethod?: Fn;
  push: Fn;
  loaded: boolean;
  version: string;
};

declare global {
  interface Window {
    wcs_add?: Record<string, string>;
    _nasa?: Record<string, string>;
    wcs?: { inflow: (domain?: string) => void; trans: (conversion: { type: string }) => void };
    wcs_do?: (nasa?: Record<string, string>) => void;
    kakaoPixel?: (trackId: string) => Record<"pageView" | "participation", () => void>;
    fbq?: Queue;
    _fbq?: Queue;
    dataLayer?: unknown[];
    gtag?: Fn;
  }
  interface Navigator {
    globalPrivacyControl?: boolean;
  }
}

type Calls = {
  /** Once the vendor's functions exist: the page view. */
  start: (id: string) => void;
  lead: (id: string, lead: LeadEventDetail) => void;
  call?: (id: string) => void;
};

const VENDOR_CALLS: Record<Vendor, Calls> = {
  naver: {
    start() {
      window.wcs?.inflow(location.hostname);
      window.wcs_do?.((window._nasa ??= {}));
    },
    lead(_, lead) {
      window.wcs?.trans({ type: "lead" });
      if (lead.booked) window.wcs?.trans({ type: "schedule" });
    },
    call() {
      window.wcs?.trans({ type: "call" });
    },
  },
  kakao: {
    start: (id) => window.kakaoPixel?.(id).pageView(),
    lead: (id) => window.kakaoPixel?.(id).participation(),
  },
  meta: {
    start(id) {
      // Only what this page asks for: no automatic events or matching of form fields.
      window.fbq?.("set", "autoConfig", false, id);
      window.fbq?.("init", id);
      window.fbq?.("track", "PageView");
    },
    lead: (_, lead) => window.fbq?.("track", "Lead", {}, { eventID: lead.id }),
  },
  google: {
    start(sendTo) {
      window.gtag?.("js", new Date());
      // The tag id of "AW-123/label", as ~/lib/tracking googleTagId (not imported: its module
      // brings the vendor table into this chunk).
      window.gtag?.("config", sendTo.split("/")[0]);
    },
    lead: (sendTo, lead) =>
      window.gtag?.("event", "conversion", { send_to: sendTo, transaction_id: lead.id }),
  },
};

/** What a vendor's script expects before it loads (the snippets Meta and Google publish). */
function prepare(vendor: Vendor, id: string) {
  if (vendor === "naver") {
    window.wcs_add ??= {};
    window.wcs_add.wa = id;
  } else if (vendor === "meta" && !window.fbq) {
    const fbq = function (...args: unknown[]) {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    } as Queue;
    fbq.push = fbq;
    fbq.queue = [];
    fbq.loaded = true;
    fbq.version = "2.0";
    window.fbq = fbq;
    window._fbq ??= fbq;
  } else if (vendor === "google" && !window.gtag) {
    window.dataLayer ??= [];
    window.gtag = function () {
      // gtag.js reads the arguments object itself, as Google's snippet pushes it.
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer?.push(arguments);
    };
  }
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.async = true;
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`광고 태그를 불러오지 못했습니다: ${src}`));
    document.head.append(script);
  });
}

/** When the browser is idle (at the latest after 3 s). */
function idle(): Promise<void> {
  return new Promise<void>((resolve) => {
    if ("requestIdleCallback" in window) requestIdleCallback(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 500);
  });
}

/** After the page (its pictures included) has loaded, when the browser is idle. */
function afterLoad(): Promise<void> {
  if (document.readyState === "complete") return idle();
  return new Promise((resolve) =>
    window.addEventListener("load", () => void idle().then(resolve), { once: true }),
  );
}

function refused(): boolean {
  return navigator.globalPrivacyControl === true || navigator.doNotTrack === "1";
}

function readConfig(): PageTracking | null {
  try {
    const value: unknown = JSON.parse(document.documentElement.dataset.tracking ?? "null");
    return value && typeof value === "object" ? (value as PageTracking) : null;
  } catch {
    return null;
  }
}

let attached = false;

export function enhance() {
  const config = readConfig();
  if (attached || !config || refused()) return;
  attached = true;
  const vendors = Object.entries(config) as [Vendor, { id: string; script: string }][];
  // Each vendor's calls wait for its script; a script that does not load (blocked) drops them.
  const ready = new Map<Vendor, Promise<void>>();
  const whenReady = (vendor: Vendor, call: () => void) =>
    void ready
      .get(vendor)
      ?.then(call)
      .catch(() => {});
  // One vendor at a time, each in an idle moment of its own: their scripts' run never adds up
  // to one long task.
  let turn = afterLoad();
  for (const [vendor, { id, script }] of vendors) {
    const started = turn
      .then(() => prepare(vendor, id))
      .then(() => loadScript(script))
      .then(() => VENDOR_CALLS[vendor].start(id));
    ready.set(vendor, started);
    turn = started.catch(() => {}).then(idle);
  }

  const seen = new Set<string>();
  document.addEventListener(LEAD_EVENT, (event) => {
    const lead = (event as CustomEvent<LeadEventDetail>).detail;
    if (!lead?.id || seen.has(lead.id)) return;
    seen.add(lead.id);
    for (const [vendor, { id }] of vendors)
      whenReady(vendor, () => VENDOR_CALLS[vendor].lead(id, lead));
  });
  // Taps on a `tel:` link, counted by the page's inline code from the first paint
  // (app/inline/channel.ts): those made before this module arrived, then each one as it comes.
  const call = () => {
    for (const [vendor, { id }] of vendors) {
      const callOf = VENDOR_CALLS[vendor].call;
      if (callOf) whenReady(vendor, () => callOf(id));
    }
  };
  const early = Number(document.documentElement.getAttribute(TEL_TAPS_ATTR) ?? 0);
  for (let tap = 0; tap < early; tap++) call();
  document.addEventListener(TEL_TAP_EVENT, call);
}
