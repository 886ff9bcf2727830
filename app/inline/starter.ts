/*
 * The last script of a public page: it starts the page's own module (docs/decisions/014, 025), whose
 * URL is its `data-src`, once the page's largest picture (its `fetchpriority="high"` image) has been
 * shown: when the browser reports it as the largest paint, or, if something else is larger, a
 * quarter second after the page's load event. So nothing of the script (nor the stylesheets and
 * the web font it brings in) shares the link with that picture. A visitor who touches, types,
 * scrolls or clicks first gets it at once.
 *
 * A click on a `type="button"` button that the inline code did not answer (a tab, a slider's arrow)
 * is held until the page's script has attached: its other listeners are stopped, the button is
 * marked (EARLY_TAP, shown as busy by layout.css), and app/enhance/main.ts presses it again once,
 * when the areas have attached. No tap is lost and none is handled twice.
 */
import { EARLY_TAP } from "~/lib/before-script";

const d = document;
const root = d.documentElement;
const url = d.currentScript?.getAttribute("data-src") ?? "";
let started = false;

function go() {
  if (started || !url) return;
  started = true;
  const module = d.createElement("script");
  module.type = "module";
  module.src = url;
  d.body.appendChild(module);
}

/** After the next two frames (at once in a background tab, which gets no frames). */
function soon() {
  if (d.visibilityState !== "visible") go();
  else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go, 0)));
}

for (const type of ["pointerdown", "keydown", "touchstart", "wheel", "scroll"])
  addEventListener(type, go, { once: true, passive: true, capture: true });

function hold(event: MouseEvent) {
  if (root.dataset.hydrated || event.defaultPrevented) return;
  const button = (event.target as Element | null)?.closest?.('button[type="button"]');
  if (!button) return;
  event.stopImmediatePropagation();
  for (const other of d.querySelectorAll(`[${EARLY_TAP}]`)) other.removeAttribute(EARLY_TAP);
  button.setAttribute(EARLY_TAP, "");
  go();
}
d.addEventListener("click", hold, true);

const largest = d.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
function afterLoad() {
  const quarterSecond = () => setTimeout(soon, 250);
  if (d.readyState === "complete") quarterSecond();
  else addEventListener("load", quarterSecond);
}
if (!largest?.decode) soon();
else {
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if ((entry as PerformanceEntry & { element?: Element }).element === largest)
          setTimeout(go, 0);
    }).observe({ type: "largest-contentful-paint", buffered: true });
  } catch {
    // No largest-paint entries in this browser: the load event below.
  }
  largest.decode().then(afterLoad, afterLoad);
}
