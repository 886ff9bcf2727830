import { inTurns } from "./events";
import { enhancePaging } from "./home/paging";
import { enhancePremiumCards } from "./home/premium-cards";
import { enhanceReveal } from "./home/reveal";
import { enhanceUnitViewer } from "./home/unit-viewer";

/*
 * The home page's behaviour (app/routes/public/home.tsx renders the markup, root `[data-home]`): section
 * paging on wide screens, the sections' fade-ins, and the phone layout's unit viewer, accordions,
 * PREMIUM cards and premium slider (docs/decisions/012). The carousel's code (Embla) loads the first
 * time its accordion opens. The inline form and the popup buttons are other areas' (lead-form.ts,
 * chrome.ts).
 */

/**
 * Accordions sharing a `name` close each other natively; this does it for browsers that predate
 * the attribute, and starts (then pauses and resumes) the premium slider inside one of them.
 */
function enhanceAccordions(root: HTMLElement) {
  const items = Array.from(root.querySelectorAll<HTMLDetailsElement>("details.acc"));
  for (const item of items) {
    const slider = item.querySelector<HTMLElement>("[data-premium-slider]");
    let carousel: Promise<{ update(): void } | null> | null = null;
    item.addEventListener("toggle", () => {
      const group = item.getAttribute("name");
      if (item.open && group) {
        for (const other of items)
          if (other !== item && other.open && other.getAttribute("name") === group)
            other.open = false;
      }
      if (!slider) return;
      if (item.open && !carousel) {
        carousel = import("./home/premium-slider")
          .then((m) => m.startSlider(slider, () => item.open))
          // Without its code (a lost connection) the slides stay a row that scrolls sideways.
          .catch(() => null);
      }
      void carousel?.then((c) => c?.update());
    });
  }
}

export async function enhance(): Promise<void> {
  const root = document.querySelector<HTMLElement>("[data-home]");
  if (!root || root.dataset.enhanced === "true") return;
  root.dataset.enhanced = "true";
  const cards = root.querySelector<HTMLElement>("[data-premium-cards]");
  const viewer = root.querySelector<HTMLElement>("[data-unit-viewer]");
  await inTurns([
    () => enhancePaging(root),
    () => enhanceReveal(root),
    () => enhanceAccordions(root),
    () => cards && enhancePremiumCards(cards),
    () => viewer && enhanceUnitViewer(viewer),
  ]);
}
