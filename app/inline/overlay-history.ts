/*
 * Overlays that Back closes (the registration popup, the drawing viewer) own one history entry:
 * a copy of the current entry (same URL, same state) plus a marker. Moves between an entry and its
 * marker copy are not navigations: the listener below opens or closes the overlays and stops the
 * event there (docs/decisions/003-popup-history-entry.md).
 *
 * Public pages have no router, so every same-document entry is either one of ours or a jump to an
 * anchor (#main, #top). The check on the state's `key` keeps the listener away from the entries of
 * React Router's client, should an overlay ever open on a hydrated page: there the listener must
 * also be added before the router's, which this module, loaded late, does not promise.
 */

type HistoryState = ({ key?: unknown } & Record<string, unknown>) | null;
const historyState = () => window.history.state as HistoryState;

const overlays = new Map<string, (open: boolean) => void>();
/** The `key` of the entry the marker copies were made from (none without a router). */
let pageKey: unknown;
/** The state of the entry shown, as this module last saw it (its own pushes and every popstate). */
let shownState: HistoryState = null;

/** Whether a move from one state to the other opens or closes one of the watched overlays. */
const concernsOverlay = (from: HistoryState, to: HistoryState) =>
  [...overlays.keys()].some((marker) => Boolean(from?.[marker]) !== Boolean(to?.[marker]));

if (typeof window !== "undefined") {
  shownState = historyState();
  window.addEventListener("popstate", (event) => {
    const state = event.state as HistoryState;
    const from = shownState;
    shownState = state;
    // Only a move into or out of one of these overlays' entries is handled (and stopped) here;
    // any other Back (another overlay's own entry, an anchor) goes on to its own listeners.
    if (!concernsOverlay(from, state) || state?.key !== pageKey) return;
    event.stopImmediatePropagation();
    for (const [marker, setOpen] of overlays) setOpen(Boolean(state?.[marker]));
  });
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
  const state = historyState();
  if (state?.[marker]) return;
  pageKey = state?.key;
  window.history.pushState({ ...state, [marker]: true }, "");
  shownState = historyState();
}

/** Closing by a button or Escape: pops the marker entry, so history is as it was before. */
export function popOverlayEntry(marker: string) {
  if (historyState()?.[marker]) window.history.back();
}
