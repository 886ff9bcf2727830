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

/** The drawings' typeface (outlined at build time, scripts/svg-outline.ts). */
export const FONT = 'font-family="Pretendard Variable, Noto Sans KR, sans-serif"';

/** A line of text in the drawings' typeface; `extra` adds attributes such as a halo. */
export function svgText(
  x: number,
  y: number,
  s: string,
  size: number,
  weight: number,
  fill: string,
  anchor = "middle",
  extra = "",
): string {
  return `<text x="${x}" y="${y}" text-anchor="${anchor}" ${FONT} font-size="${size}" font-weight="${weight}" fill="${fill}"${extra && ` ${extra}`}>${xmlText(s)}</text>`;
}
