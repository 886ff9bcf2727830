/*
 * The home page's paged sections (app/routes/public/home.tsx): their anchors in the order of the
 * specification, which the side indicator links to and app/enhance/home.ts pages through.
 */

/** The paged sections' anchors, in the order of the specification. */
export const SECTION_IDS = [
  "home-hero",
  "home-location",
  "home-brand",
  "home-environment",
  "home-special",
  "home-premium",
  "home-unit",
  "home-visit",
] as const;
export const sectionProps = (index: number) => ({
  id: SECTION_IDS[index]!,
  "data-page-section": "",
  "aria-labelledby": titleId(index),
});
export const titleId = (index: number) => `${SECTION_IDS[index]!}-title`;
