import { useEffect, type RefObject } from "react";

/**
 * Fade-ins of the home page's sections as they come into view. Only a section that is off screen
 * once the page is live is marked "waiting" (CSS then hides its `.reveal` parts until it shows up),
 * so the HTML without JavaScript, and everything already on screen, is never hidden. With
 * reduced motion the CSS neither hides nor animates anything.
 */
export function useReveal(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const sections = Array.from(
      root.current?.querySelectorAll<HTMLElement>("[data-page-section]") ?? [],
    );
    if (!sections.length || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          (entry.target as HTMLElement).dataset.reveal = "shown";
          observer.unobserve(entry.target);
        }
      },
      // Any part of the section in the upper 88 % of the screen (a threshold ratio would never be
      // reached by a section many screens tall).
      { threshold: 0, rootMargin: "0px 0px -12% 0px" },
    );
    for (const section of sections) {
      const box = section.getBoundingClientRect();
      if (box.bottom > 0 && box.top < window.innerHeight) continue;
      section.dataset.reveal = "waiting";
      observer.observe(section);
    }
    return () => observer.disconnect();
  }, [root]);
}
