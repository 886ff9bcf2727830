/*
 * The home page's screen widths (the specification's breakpoint is 900 px), shared by the markup
 * (art direction of the hero) and the browser script (app/enhance/home.ts).
 */

/** Phones and small tablets: the stacked layout with the accordions, the viewer and the slider. */
export const NARROW_QUERY = "(max-width: 900px)";
/** Wider screens: section paging. */
export const PAGING_QUERY = "(min-width: 901px)";
