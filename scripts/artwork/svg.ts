/** Small helpers shared by the artwork generators. */

/** One generated drawing: its path under assets/images/ and its SVG text. */
export type ArtworkFile = { path: string; svg: string };

/** Text set inside an SVG element: &, < and > escaped. */
export const xmlText = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Images of content that are drawings to generate (SVG), each path once. */
export function svgImages<T extends { src: string }>(images: T[]): T[] {
  const seen = new Set<string>();
  return images.filter((i) => i.src.endsWith(".svg") && !seen.has(i.src) && seen.add(i.src));
}
