/*
 * The browser code of every public page (docs/decisions/014). Public pages are rendered by React
 * on the server (prerendered where they can be) and are not hydrated: each area of behaviour is a
 * small module that attaches itself to the server-rendered markup, loaded only when its markup is
 * on the page. The administrator's pages are hydrated by React Router and load this too, for the
 * header and the popup they share with the public pages.
 */
import { bringStylesheets } from "~/inline/stylesheets";
import { EARLY_TAP } from "~/lib/before-script";
import { declareWebFont, warmWebFont } from "~/lib/web-font";
import fontUrl from "~/styles/fonts/pretendard-subset.woff2?url";
import { RENDERED_EVENT, yieldToPage } from "./events";

type AreaModule = { enhance: () => void | Promise<void> };

/** Each area's module (app/enhance/<area>.ts) and the markup that needs it. */
const AREAS: Record<string, string> = {
  chrome: "body",
  "lead-form": "form[data-lead-form]",
  home: "[data-home]",
  schedule: "[data-schedule]",
  media: "[data-media]",
  "stamp-tax": "[data-stamp-tax]",
  // A complex's ad tags, when it configures any (app/lib/tracking.ts).
  tracking: "html[data-tracking]",
};

// One chunk per module, fetched only when its markup is on the page. Only the areas' modules:
// the helpers beside them (drawing-viewer, visit-slots) are imported by their areas.
const MODULES = import.meta.glob<AreaModule>([
  "./chrome.ts",
  "./lead-form.ts",
  "./home.ts",
  "./schedule.ts",
  "./media.ts",
  "./stamp-tax.ts",
  "./tracking.ts",
]);

/** After the page's first frame (at once in a background tab, which gets no frames). */
function afterFirstFrame(): Promise<void> {
  if (document.visibilityState !== "visible") return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

async function start() {
  const present = Object.entries(AREAS).flatMap(([area, selector]) => {
    const load = MODULES[`./${area}.ts`];
    return load && document.querySelector(selector) ? [load] : [];
  });
  // All modules are fetched at once; each area starts its fetch (Vite's preload helper adds a
  // link per chunk it needs) and attaches in tasks of its own, so no single long task holds the
  // page.
  const attached = present.map(async (load) => {
    await yieldToPage();
    const area = await load();
    await yieldToPage();
    await area.enhance();
  });
  const results = await Promise.allSettled(attached);
  for (const result of results) if (result.status === "rejected") console.error(result.reason);
  // Browser tests wait for this mark: every area on the page has attached its behaviour. On the
  // administrator's pages React sets it once it has hydrated (root.tsx).
  if (!("__reactRouterContext" in window)) document.documentElement.dataset.hydrated = "true";
  // A button pressed before the areas attached was held by the page's starter script
  // (app/inline/starter.ts): it is pressed now, once.
  const early = document.querySelector<HTMLElement>(`[${EARLY_TAP}]`);
  if (early) {
    early.removeAttribute(EARLY_TAP);
    if (early.isConnected) early.click();
  }
}

// Nothing here is needed for the first paint: the page is complete without it. A public page
// asks for this module after its largest picture has been painted (or at the visitor's first
// touch), so its stylesheets and the web font it fetches come after that picture too
// (docs/decisions/025).
void afterFirstFrame()
  // The page's stylesheets, with the rules of the states the areas add (an open menu or popup).
  .then(bringStylesheets)
  .then(start)
  .then(() => {
    // The web font: declared on the administrator's pages, fetched for the next pages on a
    // public one (lib/web-font.ts).
    if ("__reactRouterContext" in window) declareWebFont(fontUrl);
    else return warmWebFont(fontUrl);
  });
// The administrator's pages render later pages in the browser (root.tsx); each area's enhance()
// attaches only to markup it has not seen.
document.addEventListener(RENDERED_EVENT, () => void start());
