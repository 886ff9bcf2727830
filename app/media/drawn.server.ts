import { readFile, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import sharp from "sharp";
import type { Image, Site } from "~/content/schema";
import { imageUrl, isMedia, isPhoto, MEDIA_PATH, photoWidths } from "~/lib/images";
import {
  DRAWN_SIZE,
  drawnSrc,
  wordmarkFacts,
  type WordmarkFacts,
} from "~/sites/drawn-pictures.server";
import { heroOf } from "~/sites/site-pictures.server";
import { outlineSvgText, pretendardFonts } from "../../scripts/svg-outline";
import { mediaStore, type MediaStore } from "./store.server";

/*
 * The pictures drawn from a complex's identity (app/sites/drawn-pictures.server.ts decides which
 * slots and names them; docs/decisions/043-drawn-identity-pictures.md): the logo, a wordmark of its
 * 브랜드 and 단지명 in its colours (an SVG whose text is outlined in Pretendard, decision 013, so it
 * needs no font anywhere), and the share image, its hero picture under its name (a JPEG composed
 * with sharp). The build draws them for a folder's complex (scripts/build-images.ts); a publish,
 * a preview and a render draw them into the media store (`ensureDrawn`).
 */

const fontFor = (() => {
  let fonts: ReturnType<typeof pretendardFonts> | undefined;
  return (weight: number) => (fonts ??= pretendardFonts())(weight);
})();

const escapeText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The text without the characters Pretendard lacks (an emoji in a name is left out, not a fault). */
function drawable(text: string, weight: number): string {
  const font = fontFor(weight);
  return [...text]
    .filter((ch) => !ch.trim() || font.charToGlyphIndex(ch) !== 0)
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

/** The width of `text` set at `size` (letter-spacing `spacing`), in drawing units. */
function widthOf(text: string, weight: number, size: number, spacing = 0): number {
  return fontFor(weight).getAdvanceWidth(text, size, { letterSpacing: spacing / size });
}

/** The largest size up to `max` at which `text` fits in `width`. */
function fit(text: string, weight: number, max: number, width: number, spacing = 0): number {
  const at = widthOf(text, weight, max, spacing);
  return at <= width ? max : Math.floor(((max * width) / at) * 10) / 10;
}

/** The wordmark's two lines: the brand, then the name without the brand it begins with. */
function wordmarkLines(facts: WordmarkFacts): { brand: string; rest: string } {
  const brand = drawable(facts.brand, 800);
  const name = drawable(facts.name, 500);
  const rest = name.startsWith(brand) ? name.slice(brand.length).trim() : name;
  return { brand: brand || name, rest: brand ? rest : "" };
}

/**
 * The logo, 180×40 like the header's box: a square mark holding the brand's first letter, then the
 * brand and, below, the rest of the name. One colour per part (the header and footer tint it whole).
 */
export function wordmarkSvg(facts: WordmarkFacts): string {
  const { width, height } = DRAWN_SIZE.logo;
  const { primary, accent } = facts.colours;
  const { brand, rest } = wordmarkLines(facts);
  const initial = [...brand][0] ?? "";
  const left = 42;
  const room = width - left - 2;
  const parts = [
    `<rect x="2.5" y="4.5" width="31" height="31" rx="5" fill="none" stroke="${accent}" stroke-width="3"/>`,
    initial
      ? `<text x="18" y="26.5" text-anchor="middle" font-size="${fit(initial, 800, 17, 22)}" font-weight="800" fill="${accent}">${escapeText(initial)}</text>`
      : "",
  ];
  if (rest) {
    const big = fit(brand, 800, 19, room, 1);
    const small = fit(rest, 500, 10, room, 0.5);
    parts.push(
      `<text x="${left}" y="21" font-size="${big}" font-weight="800" letter-spacing="1" fill="${primary}">${escapeText(brand)}</text>`,
      `<text x="${left + 1}" y="34" font-size="${small}" font-weight="500" letter-spacing="0.5" fill="${primary}">${escapeText(rest)}</text>`,
    );
  } else if (brand) {
    const big = fit(brand, 800, 21, room, 1);
    parts.push(
      `<text x="${left}" y="${20 + big * 0.36}" font-size="${big}" font-weight="800" letter-spacing="1" fill="${primary}">${escapeText(brand)}</text>`,
    );
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<title>${escapeText(facts.name || facts.brand)}</title>${parts.join("")}</svg>`;
  return outlineSvgText(svg, fontFor);
}

/** The name in one line, or two split at the space nearest its middle, each fitting `width`. */
function nameLines(name: string, width: number): { lines: string[]; size: number } {
  const one = fit(name, 800, 76, width);
  if (one >= 52 || !name.includes(" ")) return { lines: [name], size: Math.max(one, 12) };
  const words = name.split(" ");
  let best = [name];
  let bestSize = one;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(" "), words.slice(i).join(" ")];
    const size = Math.min(...lines.map((l) => fit(l, 800, 68, width)));
    if (size > bestSize) [best, bestSize] = [lines, size];
  }
  return { lines: best, size: bestSize };
}

/** The overlay of the share image: the colour veil, the brand and the name, outlined. */
function shareOverlay(facts: WordmarkFacts): string {
  const { width, height } = DRAWN_SIZE.share;
  const { primary, accentLight } = facts.colours;
  const brand = drawable(facts.brand, 700);
  const { lines, size } = nameLines(drawable(facts.name, 800), 1040);
  const gap = size * 1.18;
  const nameTop = height / 2 - ((lines.length - 1) * gap) / 2 + size * 0.36 + 24;
  const brandSize = fit(brand, 700, 34, 1040, 4);
  const text = [
    `<rect x="80" y="${Math.round(nameTop - size - brandSize - 46)}" width="72" height="6" fill="${accentLight}"/>`,
    brand && !lines.join(" ").includes(brand)
      ? `<text x="80" y="${Math.round(nameTop - size - 14)}" font-size="${brandSize}" font-weight="700" letter-spacing="4" fill="${accentLight}">${escapeText(brand)}</text>`
      : "",
    ...lines.map(
      (line, i) =>
        `<text x="78" y="${Math.round(nameTop + i * gap)}" font-size="${size}" font-weight="800" fill="#ffffff">${escapeText(line)}</text>`,
    ),
  ];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="veil" x1="0" y1="0" x2="1" y2="0">` +
    `<stop offset="0" stop-color="${primary}" stop-opacity=".9"/>` +
    `<stop offset=".6" stop-color="${primary}" stop-opacity=".62"/>` +
    `<stop offset="1" stop-color="${primary}" stop-opacity=".2"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#veil)"/>${text.join("")}</svg>`;
  return outlineSvgText(svg, fontFor);
}

/** The share image (JPEG, 1200×630): the hero filling it, veiled in the main colour, the name on it. */
export async function shareJpeg(facts: WordmarkFacts, hero: Buffer | null): Promise<Buffer> {
  const { width, height } = DRAWN_SIZE.share;
  const background = hero
    ? await sharp(hero, { limitInputPixels: false })
        .rotate()
        .resize(width, height, { fit: "cover" })
        .toBuffer()
        .catch(() => null)
    : null;
  const base =
    background ??
    (await sharp({ create: { width, height, channels: 3, background: facts.colours.primary } })
      .png()
      .toBuffer());
  return sharp(base)
    .composite([{ input: Buffer.from(shareOverlay(facts)) }])
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/**
 * The build's full-width JPEG of a folder's photo (scripts/build-images.ts made it from `file`), as
 * served (`<BUILD_DIR>/client/img/…`) or as written (`public/img/…`), when it is newer than the file.
 * Drawing on it takes about 0.1 s where rasterising the sample's 1.3 MB SVG hero again took about
 * 1 s of every publish of a copy (issue 43: a publish on every instance within 5 s).
 */
async function builtRaster(image: Image, file: string): Promise<Buffer | null> {
  if (!isPhoto(image) || isMedia(image)) return null;
  const source = await stat(file).catch(() => null);
  if (!source) return null;
  const url = imageUrl(image, undefined, "jpg");
  for (const dir of [resolve(process.env.BUILD_DIR || "build", "client"), resolve("public")]) {
    const path = join(dir, url);
    const built = await stat(path).catch(() => null);
    if (built && built.mtimeMs >= source.mtimeMs) return readFile(path).catch(() => null);
  }
  return null;
}

/**
 * The hero's bytes to draw on: an upload's widest served variant, or the build's raster of its
 * file, or its file (SVG text outlined).
 */
async function heroBytes(site: Site, store: MediaStore): Promise<Buffer | null> {
  const hero = heroOf(site);
  if (!hero) return null;
  if (!hero.file) {
    const url = imageUrl(site.home.hero.wide, 1440, "webp");
    return (await store.get(`media/${url.slice(MEDIA_PATH.length)}`))?.bytes ?? null;
  }
  const built = await builtRaster(site.home.hero.wide, hero.file);
  if (built) return built;
  const bytes = await readFile(hero.file).catch(() => null);
  if (!bytes || !hero.file.endsWith(".svg")) return bytes;
  const svg = bytes.toString("utf8");
  return svg.includes("<text") ? Buffer.from(outlineSvgText(svg, fontFor)) : bytes;
}

/** The files of a drawn share image as an upload has them: WebP at each width, the JPEG at its own. */
async function shareFiles(jpeg: Buffer, src: string) {
  const hash = /^media\/([0-9a-f]{16})-/.exec(src)![1]!;
  const { width } = DRAWN_SIZE.share;
  const webp = await Promise.all(
    photoWidths({ width }).map(async (w) => ({
      key: `media/${hash}-${w}.webp`,
      bytes: await sharp(jpeg).resize({ width: w }).webp({ quality: 78 }).toBuffer(),
      type: "image/webp",
    })),
  );
  return [...webp, { key: `media/${hash}-${width}.jpg`, bytes: jpeg, type: "image/jpeg" }];
}

/**
 * Draws into the media store the pictures of `site` that are drawn from its identity and not there
 * yet (a publish, a preview and a render call it before a page names them). The picture's own key
 * is written last: when it is there, every file is.
 */
export async function ensureDrawn(site: Site, store: MediaStore = mediaStore()): Promise<void> {
  const facts = wordmarkFacts(site);
  const logo = drawnSrc("logo", facts);
  if (site.identity.logo?.src === logo && !(await store.has(logo)))
    await store.put(logo, Buffer.from(wordmarkSvg(facts)), "image/svg+xml");
  const share = drawnSrc("share", facts, heroOf(site));
  if (site.seo.ogImage.src === share && !(await store.has(share))) {
    const jpeg = await shareJpeg(facts, await heroBytes(site, store));
    for (const file of await shareFiles(jpeg, share))
      await store.put(file.key, file.bytes, file.type);
    await store.put(share, jpeg, "image/jpeg");
  }
}
