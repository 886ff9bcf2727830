/*
 * Overlays that Back closes (the registration popup, the drawing viewer) own one history entry:
 * a copy of the router's current entry (same URL, same router key) plus a marker. Moves between an
 * entry and its marker copy are not navigations: the listener below handles them and keeps them from
 * the router. It must run before the router's own popstate listener, and listeners on window run in
 * the order they were added, so it is added when this module loads — the route modules (root among
 * them) load before the router is created (docs/decisions/003-popup-history-entry.md).
 */

type HistoryState = ({ key?: string } & Record<string, unknown>) | null;
const historyState = () => window.history.state as HistoryState;

const overlays = new Map<string, (open: boolean) => void>();
let pageKey = "default";

if (typeof window !== "undefined") {
  window.addEventListener("popstate", (event) => {
    const state = event.state as HistoryState;
    // Another page's entry: a real navigation, the router's business.
    if (!overlays.size || (state?.key ?? "default") !== pageKey) return;
    event.stopImmediatePropagation();
    for (const [marker, setOpen] of overlays) setOpen(Boolean(state?.[marker]));
  });
}

/** The router key of the page on screen (set by the root layout on every navigation). */
export function setOverlayPageKey(key: string) {
  pageKey = key;
}

/** Lets Back and Forward open and close an overlay; returns the function that stops it. */
export function watchOverlayHistory(marker: string, setOpen: (open: boolean) => void) {
  overlays.set(marker, setOpen);
  return () => {
    if (overlays.get(marker) === setOpen) overlays.delete(marker);
  };
}

/** Opening: pushes the marker copy of the current entry (once). */
export function pushOverlayEntry(marker: string) {
  if (!historyState()?.[marker]) {
    window.history.pushState({ ...historyState(), [marker]: true }, "");
  }
}

/** Closing by a button or Escape: pops the marker entry, so history is as it was before. */
export function popOverlayEntry(marker: string) {
  if (historyState()?.[marker]) window.history.back();
}
