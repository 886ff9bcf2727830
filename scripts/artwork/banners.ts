/**
 * Draws the night-skyline artwork from content: the page banners (content.images) and the video
 * posters. Sizes and paths come from content; skylines are seeded, so every run is the same.
 */
import type { Content } from "../../app/content/schema";
import { f0, PyRandom } from "./py-random";
import { svgImages, type ArtworkFile } from "./svg";

/** Sky top, sky bottom, towers, lights. */
type Palette = readonly [string, string, string, string];

/** One palette per banner, in content order (the default banner, then each section's). */
const BANNER_PALETTES: Palette[] = [
  ["#0f1f3d", "#5d7bb0", "#0b1730", "#f3d39b"],
  ["#1a1030", "#8a6aa8", "#140c24", "#f6c98e"],
  ["#0f2a3d", "#4f93b0", "#0a1e2c", "#f0e0a8"],
  ["#2a1d0f", "#b58a4f", "#1e140a", "#ffe2a6"],
  ["#0f3d2e", "#5fb08f", "#0a2b20", "#f4eab0"],
  ["#123524", "#79a86a", "#0c2418", "#fff1b8"],
  ["#1d2433", "#8895b3", "#131926", "#f2d7a6"],
  ["#3d2a1f", "#c49a7a", "#2a1c14", "#ffe6c7"],
  ["#0f1f3d", "#a9834a", "#0b1730", "#ffe3b0"],
];
const POSTER_PALETTE: Palette = ["#0f1f3d", "#33507f", "#0b1730", "#f3d39b"];

/** A city skyline at dusk: far hills, towers with lit floors, a sun unless `sun` is false. */
export function skyline(w: number, h: number, seed: number, palette: Palette, sun = true): string {
  const [skyTop, skyBottom, tower, accent] = palette;
  const rnd = new PyRandom(seed);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    "<defs>",
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>`,
    `<linearGradient id="tw" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${tower}" stop-opacity=".95"/><stop offset="1" stop-color="${tower}" stop-opacity=".75"/></linearGradient>`,
    "</defs>",
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
  ];
  if (sun) {
    parts.push(
      `<circle cx="${f0(w * 0.78)}" cy="${f0(h * 0.34)}" r="${f0(h * 0.12)}" fill="${accent}" opacity=".55"/>`,
    );
  }
  const hills: string[] = [];
  for (let x = 0; x < w + 120; x += 120)
    hills.push(`${x},${f0(h * 0.72 - rnd.random() * h * 0.08)}`);
  parts.push(
    `<polygon points="0,${h} ${hills.join(" ")} ${w},${h}" fill="${tower}" opacity=".25"/>`,
  );
  for (let x = -20; x < w; ) {
    const tw = rnd.randint(Math.trunc(w * 0.035), Math.trunc(w * 0.06));
    const th = rnd.randint(Math.trunc(h * 0.25), Math.trunc(h * 0.62));
    const y = h - th;
    parts.push(`<rect x="${x}" y="${y}" width="${tw}" height="${th}" fill="url(#tw)"/>`);
    for (let wy = y + 14; wy < h - 10; wy += 18) {
      if (rnd.random() < 0.5) {
        parts.push(
          `<rect x="${x + 6}" y="${wy}" width="${tw - 12}" height="3" fill="${accent}" opacity=".35"/>`,
        );
      }
    }
    x += tw + rnd.randint(4, 24);
  }
  parts.push(`<rect y="${f0(h * 0.94)}" width="${w}" height="${f0(h * 0.06)}" fill="${tower}"/>`);
  parts.push("</svg>");
  return parts.join("\n");
}

/**
 * The page banners and the video posters. The share image (content.seo.ogImage) is no longer
 * drawn here: a complex's own file, else drawn from its identity (app/media/drawn.server.ts,
 * docs/decisions/043); sites/anyang/images/photo/og-image.svg is this generator's last drawing of it.
 */
export function drawBanners(content: Content): ArtworkFile[] {
  const banners = svgImages([
    content.images.bannerDefault,
    ...Object.values(content.images.banners),
  ]);
  const posters = svgImages([
    content.brandVideo.poster,
    ...content.videoTabs.map((t) => t.poster),
  ]).filter((p) => !banners.some((b) => b.src === p.src));
  const files: ArtworkFile[] = [
    ...banners.map((image, i) => ({
      path: image.src,
      svg: skyline(image.width, image.height, 7 + i, BANNER_PALETTES[i % BANNER_PALETTES.length]!),
    })),
    ...posters.map((image, i) => ({
      path: image.src,
      svg: skyline(image.width, image.height, 99 + i, POSTER_PALETTE, false),
    })),
  ];
  return files;
}
