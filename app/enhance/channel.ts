/*
 * The beacons of the channel report (채널 성과, app/routes/api.channel.ts): the visit's landing when
 * it came with a utm_source, and each tap on a phone link (tel:) with the visit's utm_source ("" for
 * none). navigator.sendBeacon: never waited for, sent even as the page goes away. Nothing is kept in
 * the browser for it beyond the visit's first touch the lead forms keep (attribution-store.ts), which
 * also makes a landing count once per visit (the tab's session), not on a reload or the next page.
 */
import { captureAttribution, visitAttribution } from "~/components/forms/attribution-store";
import { CHANNEL_PATH, type ChannelKind } from "~/lib/channels";

function send(kind: ChannelKind, source: string) {
  try {
    navigator.sendBeacon(CHANNEL_PATH, JSON.stringify({ kind, source }));
  } catch {
    // A browser that refuses the beacon: this one is not counted.
  }
}

let listening = false;

/** Counts this page load if it is the visit's landing with a utm_source; counts phone taps. */
export function enhanceChannel(): void {
  // The administrator's pages are not visits (their tel: links are the leads' numbers).
  if (listening || window.location.pathname.startsWith("/admin")) return;
  listening = true;
  const landing = captureAttribution();
  const source = visitAttribution().utm_source;
  if (landing && source) send("landing", source);
  document.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest('a[href^="tel:"]'))
      send("tel", visitAttribution().utm_source ?? "");
  });
}
