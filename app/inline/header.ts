/*
 * The site header's states that must not wait for the page's script (components/layout/site-header.tsx):
 * the scrolled look, which follows the first scroll in the same frame, the to-top button past 200 px,
 * and the phone menu drawer (a hamburger toggle, one accordion section open at a time). The desktop
 * dropdown opens by CSS alone (:hover, :focus-visible; layout.css); app/enhance/chrome/header.ts
 * adds its Escape and a little patience for the pointer. Listeners sit on the document and find the
 * markup when an event comes, so they work wherever the header is (React owns it on the
 * administrator's pages).
 */

const header = () => document.querySelector<HTMLElement>(".site-header");

// ——— Scroll: the header turns solid above 0, the to-top button shows above 200 px. ———

function followScroll() {
  const y = window.scrollY;
  const bar = header();
  const scrolled = String(y > 0);
  if (bar && bar.dataset.scrolled !== scrolled) bar.dataset.scrolled = scrolled;
  const toTop = document.querySelector<HTMLElement>(".to-top");
  const deep = String(y > 200);
  if (!toTop || toTop.dataset.visible === deep) return;
  toTop.dataset.visible = deep;
  if (deep === "true") {
    toTop.removeAttribute("aria-hidden");
    toTop.removeAttribute("tabindex");
  } else {
    toTop.setAttribute("aria-hidden", "true");
    toTop.tabIndex = -1;
  }
}

// ——— Phone drawer ———

function drawerParts() {
  const toggle = document.querySelector<HTMLButtonElement>(".header-mobile .menu-toggle");
  const drawer = toggle && document.getElementById(toggle.getAttribute("aria-controls") ?? "");
  return toggle && drawer ? { toggle, drawer } : null;
}

const drawerOpen = () => drawerParts()?.toggle.getAttribute("aria-expanded") === "true";

function setDrawer(open: boolean) {
  const parts = drawerParts();
  if (!parts || drawerOpen() === open) return;
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

/**
 * A click this handles is marked `defaultPrevented` (a button has no default of its own), so the
 * starter does not hold it for the page's script (starter.ts).
 */
function onClick(event: MouseEvent) {
  const target = event.target as Element | null;
  if (!target?.closest) return;
  if (target.closest(".header-mobile .menu-toggle")) {
    event.preventDefault();
    setDrawer(!drawerOpen());
    return;
  }
  const head = target.closest<HTMLElement>(".drawer .accordion-head");
  if (head) {
    event.preventDefault();
    toggleSection(head);
    return;
  }
  // The backdrop, or a menu link leading to another page: the drawer closes behind it (Back may
  // show this page again from the browser's cache).
  if (target.closest(".drawer-backdrop") || target.closest(".drawer a[href]")) setDrawer(false);
}

function onKeyDown(event: KeyboardEvent) {
  if (event.key !== "Escape" || !drawerOpen()) return;
  setDrawer(false);
  drawerParts()?.toggle.focus();
}

export function headerFromFirstPaint(): void {
  addEventListener("scroll", followScroll, { passive: true });
  // A page opened (or reloaded) below its top, and one shown again by Back from the browser's
  // cache: as it was left, with the drawer closed.
  document.addEventListener("DOMContentLoaded", followScroll);
  addEventListener("pageshow", (event) => {
    followScroll();
    if (event.persisted) setDrawer(false);
  });
  document.addEventListener("click", onClick, true);
  document.addEventListener("keydown", onKeyDown);
}
