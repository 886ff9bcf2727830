import { PAGING_QUERY } from "~/lib/media-queries";
import { wheelGestures } from "./wheel-gesture";

/*
 * Full-page section paging of the home page on wide screens (docs/decisions/012-home-page-paging-and-deferred-parts.md).
 *
 * The page stays an ordinary scrolling document: sections are at least one screen tall, nothing is
 * hidden or moved with transforms, so find-in-page, screen readers, anchors and focus all reach
 * every section by the browser's own scrolling. On top of that, a wheel gesture, Page Up/Down, the
 * arrow keys, Home/End and Tab into another section scroll to the next section's top. Any native
 * scroll (find-in-page, a scrollbar drag, an anchor) simply updates the position.
 *
 * Positions run 1 … n for the n sections and n + 0.5 for the footer below the last one; the page's
 * root shows it as `data-position`, and the side indicator marks the section's link as current.
 */

/** Further wheel steps are ignored for this long after a move. */
const PAGING_LOCK_MS = 500;
/** Fallback for browsers without `scrollend`: a smooth scroll is over after this. */
const SCROLL_SETTLE_MS = 1200;

/** Pages `root`'s sections while the screen is wide (attached and detached as the width changes). */
export function enhancePaging(root: HTMLElement): void {
  const wide = window.matchMedia(PAGING_QUERY);
  const links = Array.from(root.querySelectorAll<HTMLAnchorElement>(".home-pager a"));
  const show = (position: number) => {
    root.dataset.position = String(position);
    links.forEach((link, i) => {
      if (Math.floor(position) === i + 1) link.setAttribute("aria-current", "true");
      else link.removeAttribute("aria-current");
    });
  };
  let detach: (() => void) | undefined;
  const update = () => {
    detach?.();
    detach = wide.matches ? attachPaging(root, show) : undefined;
  };
  update();
  wide.addEventListener("change", update);
}

const TOLERANCE_PX = 2;

function isEditable(el: Element | null): boolean {
  return !!el?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]');
}

/** A modal or menu is open: the keys and the wheel belong to it, not to the page. */
function overlayOpen(): boolean {
  return !!document.querySelector("dialog[open]") || document.body.dataset.menuOpen === "true";
}

function attachPaging(root: HTMLElement, setPosition: (p: number) => void): () => void {
  const sections = () => Array.from(root.querySelectorAll<HTMLElement>("[data-page-section]"));
  const maxScroll = () => document.documentElement.scrollHeight - window.innerHeight;

  /** Scroll offsets of the section tops, then of the page's end (the footer in view). */
  function stops(): number[] {
    const end = maxScroll();
    const tops = sections().map((s) =>
      Math.min(Math.round(s.getBoundingClientRect().top + window.scrollY), end),
    );
    return [...tops, end];
  }

  /** The section across the middle of the screen, or the footer once the page's end is reached. */
  function indexAt(y: number, st = stops()): number {
    const last = st.length - 1;
    if (y >= st[last]! - TOLERANCE_PX && st[last]! > st[last - 1]! + TOLERANCE_PX) return last;
    let index = 0;
    const middle = y + window.innerHeight / 2;
    for (let i = 0; i < last; i++) if (st[i]! <= middle) index = i;
    return index;
  }

  const positionOf = (index: number, count: number) => (index < count ? index + 1 : count + 0.5);

  let moving: { index: number; top: number; retried?: boolean } | null = null;
  let settleTimer = 0;
  let lockUntil = 0;
  /** The section the page last rested at (the browser may have scrolled already when focus moves). */
  let restingIndex = 0;

  function settle() {
    // The page changed height on the way (a part hydrated, an image loaded): land where the
    // section now is.
    if (moving && !moving.retried) {
      const top = stops()[moving.index]!;
      if (Math.abs(window.scrollY - top) > TOLERANCE_PX) {
        moving.retried = true;
        moving.top = top;
        window.scrollTo({ top, behavior: "instant" });
      }
    }
    moving = null;
    window.clearTimeout(settleTimer);
    restingIndex = indexAt(window.scrollY);
    setPosition(positionOf(restingIndex, sections().length));
  }

  function scrollToStop(top: number, index: number) {
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    moving = { index, top };
    restingIndex = index;
    setPosition(positionOf(index, sections().length));
    window.clearTimeout(settleTimer);
    if (Math.abs(window.scrollY - top) <= TOLERANCE_PX) return settle();
    window.scrollTo({ top, behavior: still ? "instant" : "smooth" });
    if (still) return settle();
    settleTimer = window.setTimeout(settle, SCROLL_SETTLE_MS);
  }

  /** One step up or down, or to the first section / the footer. */
  function move(step: 1 | -1 | "first" | "last") {
    const st = stops();
    const last = st.length - 1;
    const y = moving ? moving.top : window.scrollY;
    const from = moving ? moving.index : indexAt(y, st);
    // A section taller than the screen is paged through before leaving it.
    const section = sections()[from];
    if (typeof step === "number" && section) {
      const top = st[from]!;
      const bottom = top + section.offsetHeight;
      const screen = window.innerHeight;
      if (step > 0 && bottom > y + screen + TOLERANCE_PX && st[from + 1]! > y + screen) {
        return scrollToStop(Math.min(y + screen * 0.85, bottom - screen), from);
      }
      if (step < 0 && y > top + TOLERANCE_PX) {
        return scrollToStop(Math.max(y - screen * 0.85, top), from);
      }
    }
    const to =
      step === "first" ? 0 : step === "last" ? last : Math.max(0, Math.min(last, from + step));
    scrollToStop(st[to]!, to);
  }

  const gesture = wheelGestures();
  function onWheel(event: WheelEvent) {
    if (event.defaultPrevented || event.ctrlKey || overlayOpen()) return;
    if (Math.abs(event.deltaX) > Math.abs(event.deltaY)) return;
    if (isEditable(event.target as Element)) return;
    event.preventDefault();
    const now = event.timeStamp || performance.now();
    const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? window.innerHeight : 1;
    const step = gesture(event.deltaY * unit, now, lockUntil);
    if (!step) return;
    lockUntil = now + PAGING_LOCK_MS;
    move(step);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (overlayOpen() || isEditable(event.target as Element)) return;
    const onControl = !!(event.target as Element).closest?.("a, button, summary, [role='button']");
    let step: 1 | -1 | "first" | "last";
    switch (event.key) {
      case "PageDown":
      case "ArrowDown":
        step = 1;
        break;
      case "PageUp":
      case "ArrowUp":
        step = -1;
        break;
      case " ":
        if (onControl) return;
        step = event.shiftKey ? -1 : 1;
        break;
      case "Home":
        step = "first";
        break;
      case "End":
        step = "last";
        break;
      default:
        return;
    }
    event.preventDefault();
    if (event.repeat && performance.now() < lockUntil) return;
    lockUntil = performance.now() + PAGING_LOCK_MS;
    move(step);
  }

  /** Tab (or any focus move) into another section brings that section's top into view. */
  function onFocusIn(event: FocusEvent) {
    const target = event.target as HTMLElement;
    if (overlayOpen() || !target.getBoundingClientRect) return;
    const st = stops();
    const all = sections();
    let index = all.findIndex((s) => s.contains(target));
    if (index === -1) {
      if (!target.closest(".site-footer")) return;
      index = st.length - 1;
    }
    const current = moving ? moving.index : restingIndex;
    if (index === current) return;
    // Only if the focused element is visible with its section's top at the top of the screen.
    const offset = target.getBoundingClientRect().bottom + window.scrollY - st[index]!;
    if (index < all.length && offset > window.innerHeight) return;
    // After the browser's own scrolling of the focused element into view.
    window.requestAnimationFrame(() => scrollToStop(st[index]!, index));
  }

  let frame = 0;
  function onScroll() {
    if (frame) return;
    frame = window.requestAnimationFrame(() => {
      frame = 0;
      if (moving && Math.abs(window.scrollY - moving.top) > TOLERANCE_PX) return;
      settle();
    });
  }

  window.addEventListener("wheel", onWheel, { passive: false });
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("focusin", onFocusIn);
  window.addEventListener("scroll", onScroll, { passive: true });
  window.addEventListener("scrollend", settle);
  settle();
  return () => {
    window.removeEventListener("wheel", onWheel);
    document.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("focusin", onFocusIn);
    window.removeEventListener("scroll", onScroll);
    window.removeEventListener("scrollend", settle);
    window.clearTimeout(settleTimer);
    window.cancelAnimationFrame(frame);
  };
}
