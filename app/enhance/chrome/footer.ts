/* The footer's family-site list opens and closes with its toggle (site-footer.tsx). */

export function enhanceFooter() {
  document.addEventListener("click", (event) => {
    const toggle = (event.target as Element | null)?.closest?.(".site-footer .family-toggle");
    if (!toggle) return;
    const open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    const list = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    if (list) list.hidden = !open;
  });
}
