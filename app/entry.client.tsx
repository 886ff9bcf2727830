/*
 * React Router's default browser entry (`react-router reveal entry.client`), with hydration started
 * after the first frame: module scripts run as soon as the document is parsed, before the browser
 * has drawn anything, and hydrating first would hold the first paint (and the banner, the largest
 * paint) behind it. The prerendered HTML is complete, so the page is drawn first and hydrated a frame
 * later. See docs/decisions/009.
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// requestAnimationFrame runs just before the next frame is drawn; the timeout, just after it.
// A tab opened in the background gets no frames: it hydrates at once.
if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(hydrate, 0));
else hydrate();
