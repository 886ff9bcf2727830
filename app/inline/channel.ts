import { TEL_TAP_EVENT, TEL_TAPS_ATTR } from "~/lib/before-script";
import { CHANNEL_PATH, type ChannelKind } from "~/channels/channels";

/*
 * The channel report's counts (채널 성과, routes/endpoints/api.channel.ts): the visit's landing when it came
 * with a utm_source, and every tap on a phone link, with the visit's utm_source ("" for none). Sent
 * by navigator.sendBeacon (never waited for, sent even as the page goes away), else by a keepalive
 * fetch. Nothing is kept in the browser for it beyond the visit's first touch (visit.ts).
 */

function send(kind: ChannelKind, source: string) {
  const body = JSON.stringify({ kind, source });
  try {
    if (navigator.sendBeacon(CHANNEL_PATH, body)) return;
  } catch {
    // No beacon here: the fetch below.
  }
  try {
    void fetch(CHANNEL_PATH, { method: "POST", body, keepalive: true }).catch(() => undefined);
  } catch {
    // Neither: this one is not counted.
  }
}

/**
 * Counts the landing once, when the page has loaded or, if the visitor leaves or hides it first,
 * then (a landing left after a second is an ad click paid for); counts each `tel:` tap at once.
 */
export function countVisit(landing: boolean, source: string): void {
  let pending = landing && source !== "";
  const sendLanding = () => {
    if (!pending) return;
    pending = false;
    send("landing", source);
  };
  if (pending) {
    addEventListener("load", sendLanding, { once: true });
    addEventListener("pagehide", sendLanding, { once: true });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") sendLanding();
    });
  }
  // Capture: a tap counts even where a handler of the link stops the event.
  document.addEventListener(
    "click",
    (event) => {
      if (!(event.target as Element | null)?.closest?.('a[href^="tel:"]')) return;
      send("tel", source);
      const root = document.documentElement;
      root.setAttribute(TEL_TAPS_ATTR, String(Number(root.getAttribute(TEL_TAPS_ATTR) ?? 0) + 1));
      document.dispatchEvent(new Event(TEL_TAP_EVENT));
    },
    true,
  );
}
