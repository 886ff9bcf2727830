/*
 * Fade-ins of the home page's sections as they come into view. Only a section that is off screen
 * once the script runs is marked "waiting" (CSS then hides its fading parts until it shows up), so
 * nothing on the first screen blinks, and without JavaScript or with reduced motion the CSS neither
 * hides nor animates anything.
 */
export function enhanceReveal(root: HTMLElement): void {
  const sections = Array.from(root.querySelectorAll<HTMLElement>("[data-page-section]"));
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
}
