/**
 * Zoom levels of the drawing viewer, in screen pixels per drawing unit (the SVG's natural size).
 * Room names and map labels are 10.5 units or more, so a double tap shows them at 13 px or more;
 * at the largest zoom every label — the 9-unit compass letter and the logo's 8-unit line included —
 * is at least 12 px (tests/e2e/drawings.test.ts measures each drawing's labels).
 */
export const DRAWING_DOUBLE_TAP_ZOOM = 1.25;
export const DRAWING_MAX_ZOOM = 2;
/** The smallest label height, in screen pixels, a phone reader gets at the largest zoom. */
export const DRAWING_MIN_LABEL_PX = 12;
