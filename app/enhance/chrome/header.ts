/*
 * The site header (app/components/layout/site-header.tsx): the desktop dropdown, the phone menu
 * drawer, the solid background once scrolled and the to-top button. Listeners sit on the document
 * and find the markup when an event comes, so they keep working where React owns it (the
 * administrator's pages).
 */

const header = () => document.querySelector<HTMLElement>(".site-header");

let dropdownOpen = false;
let drawerOpen = false;
let scrolled = false;

function paintHeader() {
  const el = header();
  if (!el) return;
  el.dataset.scrolled = String(scrolled);
  el.dataset.solid = String(scrolled || dropdownOpen || drawerOpen);
}

// ——— Scroll: the header turns solid above 0, the to-top button shows above 200 px. ———

function onScroll() {
  const y = window.scrollY;
  if (scrolled !== y > 0) {
    scrolled = y > 0;
    paintHeader();
  }
  const toTop = document.querySelector<HTMLElement>(".to-top");
  const deep = y > 200;
  if (!toTop || toTop.dataset.visible === String(deep)) return;
  toTop.dataset.visible = String(deep);
  if (deep) {
    toTop.removeAttribute("aria-hidden");
    toTop.removeAttribute("tabindex");
  } else {
    toTop.setAttribute("aria-hidden", "true");
    toTop.tabIndex = -1;
  }
}

function toTop(event: MouseEvent, link: HTMLElement) {
  if (!link.matches(".to-top")) return false;
  event.preventDefault();
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({ top: 0, behavior: still ? "auto" : "smooth" });
  document.getElementById("main")?.focus({ preventScroll: true });
  return true;
}

// ——— Desktop dropdown: every column opens at once, on hover or keyboard focus. ———

export function setDropdown(open: boolean) {
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
  for (const link of el.querySelectorAll<HTMLElement>(".gnb-sub-link")) {
    if (open) link.removeAttribute("tabindex");
    else link.tabIndex = -1;
  }
  paintHeader();
}

// ——— Phone drawer: a hamburger toggle, one accordion section open at a time. ———

function drawerParts() {
  const toggle = document.querySelector<HTMLButtonElement>(".header-mobile .menu-toggle");
  const drawer = toggle && document.getElementById(toggle.getAttribute("aria-controls") ?? "");
  return toggle && drawer ? { toggle, drawer } : null;
}

export function setDrawer(open: boolean) {
  const parts = drawerParts();
  if (!parts || drawerOpen === open) return;
  drawerOpen = open;
  const { toggle, drawer } = parts;
  toggle.setAttribute("aria-expanded", String(open));
  const label = toggle.querySelector(".sr-only");
  if (label) label.textContent = open ? "메뉴 닫기" : "메뉴 열기";
  toggle.querySelector<HTMLElement>(".menu-toggle-icon")?.setAttribute("data-open", String(open));
  drawer.dataset.open = String(open);
  drawer.hidden = !open;
  const backdrop = document.querySelector<HTMLElement>(".header-mobile .drawer-backdrop");
  if (backdrop) backdrop.hidden = !open;
  if (open) {
    document.body.dataset.menuOpen = "true";
    drawer.querySelector<HTMLElement>("a,button")?.focus();
  } else {
    delete document.body.dataset.menuOpen;
  }
  paintHeader();
}

function toggleSection(head: HTMLElement) {
  const expand = head.getAttribute("aria-expanded") !== "true";
  for (const other of head.closest(".accordion")?.querySelectorAll(".accordion-head") ?? []) {
    const open = expand && other === head;
    other.setAttribute("aria-expanded", String(open));
    const panel = document.getElementById(other.getAttribute("aria-controls") ?? "");
    if (panel) panel.hidden = !open;
  }
}

// ——— Wiring ———

function onClick(event: MouseEvent) {
  const target = event.target as Element | null;
  if (!target?.closest) return;
  const link = target.closest<HTMLElement>("a[href]");
  if (link && toTop(event, link)) return;
  if (target.closest(".header-mobile .menu-toggle")) {
    setDrawer(!drawerOpen);
    return;
  }
  const head = target.closest<HTMLElement>(".drawer .accordion-head");
  if (head) {
    toggleSection(head);
    return;
  }
  if (target.closest(".drawer-backdrop")) setDrawer(false);
  // A menu link leads to another page: leave the menus closed behind it (Back may show this page
  // again from the browser's cache).
  else if (link?.closest(".drawer")) setDrawer(false);
  else if (link?.closest(".gnb")) setDropdown(false);
}

function onKeyDown(event: KeyboardEvent) {
  if (event.key !== "Escape") return;
  if (drawerOpen) {
    setDrawer(false);
    drawerParts()?.toggle.focus();
    return;
  }
  const target = event.target as Element | null;
  if (!dropdownOpen || !target?.closest?.(".site-header")) return;
  // A focused sub-link is about to be hidden: keep focus on its top menu item (first, so the focus
  // handler's "open" is overridden by the "close" below).
  target.closest(".gnb-item")?.querySelector<HTMLElement>(".gnb-link")?.focus();
  setDropdown(false);
}

function onFocusIn(event: FocusEvent) {
  const target = event.target as Element | null;
  // Opens on keyboard focus; a mouse click on a top item opens it by hover already.
  if (target?.closest?.("nav.gnb") && target.matches(":focus-visible")) setDropdown(true);
}

function onFocusOut(event: FocusEvent) {
  const nav = (event.target as Element | null)?.closest?.("nav.gnb");
  if (nav && !nav.contains(event.relatedTarget as Node | null)) setDropdown(false);
}

function onMouseOver(event: MouseEvent) {
  if ((event.target as Element | null)?.closest?.(".gnb-item")) setDropdown(true);
}

function onMouseOut(event: MouseEvent) {
  const from = (event.target as Element | null)?.closest?.(".site-header");
  if (from && !from.contains(event.relatedTarget as Node | null)) setDropdown(false);
}

export function enhanceHeader() {
  document.addEventListener("click", onClick);
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("focusin", onFocusIn);
  document.addEventListener("focusout", onFocusOut);
  document.addEventListener("mouseover", onMouseOver);
  document.addEventListener("mouseout", onMouseOut);
  window.addEventListener("scroll", onScroll, { passive: true });
  // Back to a page kept in the browser's cache: as it was left, but with the menus closed.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    setDrawer(false);
    setDropdown(false);
  });
  onScroll();
}
