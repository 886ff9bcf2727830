/**
 * Build-time image pipeline: assets/images/** → public/img/**.
 * Vector artwork (everything outside photo/) is copied, with any <text> turned into outlines
 * (scripts/svg-outline.ts: an <img> cannot use the web font, and a device without a Korean font
 * would show boxes); photo-like images (photo/**, any source format including SVG renderings,
 * outlined the same way first) become AVIF and WebP at the widths the <Picture> component asks
 * for, plus one JPEG at full width for social previews.
 * Every image named in any complex's content (sites/<id>/site.yaml) must exist, or the build stops.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative } from "node:path";
import sharp from "sharp";
import { defaultSite, imageSource, loadSites, sitesRoot } from "../app/sites/registry.server";
import { imageUrl, isPhoto, photoWidths, PHOTO_FORMATS } from "../app/lib/images";
import type { Content, Image } from "../app/content/schema";
import { homeArtwork } from "./artwork/home-art";
import { outlineSvgText, pretendardFonts } from "./svg-outline";

const SRC = "assets/images";
const OUT = "public";

function collectImages(value: unknown, found: Map<string, Image>) {
  if (Array.isArray(value)) value.forEach((v) => collectImages(v, found));
  else if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (typeof o.src === "string" && typeof o.width === "number" && typeof o.height === "number" && "alt" in o) {
      const image = o as unknown as Image;
      const prev = found.get(image.src);
      if (!prev || prev.width < image.width) found.set(image.src, image);
    } else Object.values(o).forEach((v) => collectImages(v, found));
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const OUTLINER = "scripts/svg-outline.ts";
const hasText = (file: string) => file.endsWith(".svg") && readFileSync(file, "utf8").includes("<text");

/** Built from `src` after it last changed (and after the outliner last changed, for drawings with text). */
function fresh(out: string, src: string) {
  if (!existsSync(out)) return false;
  const built = statSync(out).mtimeMs;
  return built >= statSync(src).mtimeMs && (!hasText(src) || built >= statSync(OUTLINER).mtimeMs);
}

const fontFor = pretendardFonts();
/** The source as sharp or the browser should read it: SVG text outlined, anything else as is. */
function sourceOf(file: string): string | Buffer {
  return hasText(file) ? Buffer.from(outlineSvgText(readFileSync(file, "utf8"), fontFor)) : file;
}

/** Artwork drawn from content (the home page's views of the complex): written when it changed. */
function generateArtwork(content: Content) {
  for (const { path, svg } of homeArtwork(content)) {
    const file = join(SRC, path);
    if (existsSync(file) && readFileSync(file, "utf8") === svg) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, svg);
  }
}

async function main() {
  // Every complex, validated: a broken file stops the build with its Korean message.
  const sites = loadSites();
  generateArtwork(defaultSite());
  const images = new Map<string, Image>();
  collectImages(sites, images);
  const missing = [...images.keys()].filter((src) => !existsSync(imageSource(src)));
  if (missing.length) {
    console.error(`콘텐츠가 가리키는 이미지 파일이 없습니다:\n  ${missing.map((src) => imageSource(src)).join("\n  ")}`);
    process.exit(1);
  }
  let made = 0;
  // Vector artwork: every file (so artwork can reference siblings), text outlined; the shared
  // artwork, and each complex's own pictures under /img/sites/<id>/.
  const vectorFiles = [
    ...walk(SRC).map((file) => ({ file, rel: relative(SRC, file) })),
    ...sites.flatMap((site) => {
      const dir = join(sitesRoot(), site.id, "images");
      return existsSync(dir)
        ? walk(dir).map((file) => ({ file, rel: join("sites", site.id, relative(dir, file)) }))
        : [];
    }),
  ];
  for (const { file, rel } of vectorFiles) {
    if (isPhoto({ src: rel })) continue;
    const out = join(OUT, "img", rel);
    if (fresh(out, file)) continue;
    mkdirSync(dirname(out), { recursive: true });
    const source = sourceOf(file);
    if (typeof source === "string") copyFileSync(source, out);
    else writeFileSync(out, source);
    made++;
  }
  for (const image of images.values()) {
    if (!isPhoto(image)) continue;
    const file = imageSource(image.src);
    let source: string | Buffer | undefined;
    const jobs: { out: string; width: number; format: "avif" | "webp" | "jpg" }[] = [];
    for (const width of photoWidths(image)) {
      for (const format of PHOTO_FORMATS) jobs.push({ out: join(OUT, imageUrl(image, width, format)), width, format });
    }
    jobs.push({ out: join(OUT, imageUrl(image, image.width, "jpg")), width: image.width, format: "jpg" });
    for (const job of jobs) {
      if (fresh(job.out, file)) continue;
      mkdirSync(dirname(job.out), { recursive: true });
      const height = Math.round((image.height * job.width) / image.width);
      // Vector sources are rasterised at twice the output width (enough for crisp edges; a fixed
      // 300 dpi made the home page's large views take minutes), raster sources as they are.
      const density = Math.min(300, Math.max(72, (72 * 2 * job.width) / image.width));
      source ??= sourceOf(file);
      const pipeline = sharp(source, { density }).resize(job.width, height, { fit: "cover" });
      if (job.format === "avif") await pipeline.avif({ quality: 50, effort: 4 }).toFile(job.out);
      else if (job.format === "webp") await pipeline.webp({ quality: 78 }).toFile(job.out);
      else await pipeline.jpeg({ quality: 82, mozjpeg: true }).toFile(job.out);
      made++;
    }
  }
  console.log(`images: ${images.size} referenced, ${made} files written to ${OUT}/img`);
}

await main();
