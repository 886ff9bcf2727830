/*
 * The notice bar (components/live/notice-bar.tsx): its close button appears, and a dismissed
 * notice stays hidden for the rest of the visit (sessionStorage; the bar's own script hides it
 * before paint on the next page). Focus, on the button that goes away, moves to the page's main
 * content, so a keyboard user keeps their place.
 */
import { NOTICE_STORAGE } from "~/lib/notice";

export function enhanceNotice() {
  const bar = document.getElementById("site-notice");
  const close = bar?.querySelector<HTMLButtonElement>("[data-notice-close]");
  if (!bar || !close) return;
  close.hidden = false;
  close.addEventListener("click", () => {
    try {
      sessionStorage.setItem(NOTICE_STORAGE, bar.dataset.notice ?? "");
    } catch {
      // Storage refused (private mode): hidden on this page only.
    }
    bar.hidden = true;
    document.getElementById("main")?.focus({ preventScroll: true });
  });
}
