/*
 * The site header (app/components/layout/site-header.tsx), once the page's script has arrived. The
 * dropdown opens by CSS alone from the first paint (layout.css), and the scrolled look, the to-top
 * button and the phone menu drawer run inline from the first paint (app/inline/header.ts). This
 * adds what CSS cannot: the dropdown stays open while the pointer is anywhere over the header
 * (moving from a menu item to the logo or across the panel's edge), Escape closes it, and the
 * to-top button scrolls smoothly and moves the focus to the top. Listeners sit on the document and
 * find the markup when an event comes, so they keep working where React owns it (the
 * administrator's pages).
 */

const header = () => document.querySelector<HTMLElement>(".site-header");
const desktop = () => document.querySelector<HTMLElement>(".header-desktop");

let dropdownOpen = false;

function toTop(event: MouseEvent, link: HTMLElement) {
  if (!link.matches(".to-top")) return false;
  event.preventDefault();
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({ top: 0, behavior: still ? "auto" : "smooth" });
  document.getElementById("main")?.focus({ preventScroll: true });
  return true;
}

// ——— Desktop dropdown: every column opens at once. ———

function setDropdown(open: boolean) {
  if (dropdownOpen === open) return;
  dropdownOpen = open;
  const el = header();
  if (!el) return;
  for (const sub of el.querySelectorAll<HTMLElement>(".gnb-sub, .gnb-backdrop"))
    sub.dataset.open = String(open);
  // The panel is as tall as the longest column (--gnb-rows), or taller where a label wraps.
  const backdrop = el.querySelector<HTMLElement>(".gnb-backdrop");
  if (open && backdrop) {
    const columns = [...el.querySelectorAll<HTMLElement>(".gnb-sub")];
    backdrop.style.minHeight = `${Math.max(0, ...columns.map((c) => c.offsetHeight))}px`;
  }
}

/** After Escape, CSS keeps the dropdown closed under the pointer and the focus until they move. */
function dismiss(dismissed: boolean) {
  const el = desktop();
  if (!el) return;
  if (dismissed) el.dataset.dismissed = "";
  else delete el.dataset.dismissed;
}

// ——— Wiring ———

function onClick(event: MouseEvent) {
  const target = event.target as Element | null;
  const link = target?.closest?.<HTMLElement>("a[href]");
  if (!link || toTop(event, link)) return;
  // A menu link leads to another page: the dropdown closes behind it (Back may show this page
  // again from the browser's cache).
  if (link.closest(".gnb")) {
    setDropdown(false);
    dismiss(true);
  }
}

/**
 * Escape closes the dropdown wherever the focus is (content shown on hover must be dismissible
 * without moving the pointer, WCAG 1.4.13).
 */
function onKeyDown(event: KeyboardEvent) {
  if (event.key !== "Escape") return;
  const target = event.target as Element | null;
  // A focused sub-link is about to be hidden: keep focus on its top menu item (first, so the
  // focus handler's "not dismissed" is overridden by the dismissal below).
  target?.closest?.(".gnb-item")?.querySelector<HTMLElement>(".gnb-link")?.focus();
  setDropdown(false);
  dismiss(true);
}

function onFocusIn(event: FocusEvent) {
  const target = event.target as Element | null;
  if (!target?.closest?.("nav.gnb")) return;
  dismiss(false);
  // Opens on keyboard focus; a mouse click on a top item opens it by hover already.
  if (target.matches(":focus-visible")) setDropdown(true);
}

function onFocusOut(event: FocusEvent) {
  const nav = (event.target as Element | null)?.closest?.("nav.gnb");
  if (nav && !nav.contains(event.relatedTarget as Node | null)) setDropdown(false);
}

function onMouseOver(event: MouseEvent) {
  if (!(event.target as Element | null)?.closest?.(".gnb-item")) return;
  dismiss(false);
  setDropdown(true);
}

function onMouseOut(event: MouseEvent) {
  const from = (event.target as Element | null)?.closest?.(".site-header");
  if (from && !from.contains(event.relatedTarget as Node | null)) {
    setDropdown(false);
    dismiss(false);
  }
}

export function enhanceHeader() {
  document.addEventListener("click", onClick);
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("focusin", onFocusIn);
  document.addEventListener("focusout", onFocusOut);
  document.addEventListener("mouseover", onMouseOver);
  document.addEventListener("mouseout", onMouseOut);
  // Back to a page kept in the browser's cache: as it was left, but with the dropdown closed.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    setDropdown(false);
    dismiss(false);
  });
  // A pointer already over a menu item when the script arrived (CSS has the dropdown open).
  if (document.querySelector(".gnb-item:hover")) setDropdown(true);
}
