/**
 * Build-time image pipeline: assets/images/**, each complex's sites/<id>/images/** and the drawings
 * made from each complex's data (.artwork/<id>/**) → public/img/**.
 * Vector artwork (everything outside photo/) is copied, with any <text> turned into outlines
 * (scripts/svg-outline.ts: an <img> cannot use the web font, and a device without a Korean font
 * would show boxes); photo-like images (photo/**, any source format including SVG renderings,
 * outlined the same way first) become AVIF and WebP at the widths the <Picture> component asks
 * for, plus one JPEG at full width for social previews.
 * Every image named in any complex's content (sites/<id>/site.yaml) must exist, or the build stops.
 * A file is made again only when the hash of what it is made from changed (public/img/.sources.json):
 * a complex whose data and pictures did not change costs nothing here.
 */
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, relative } from "node:path";
import sharp from "sharp";
import { generatedImagesRoot, sitesRoot } from "../app/sites/folders.server";
import { loadSites, shownSite, resetSites } from "../app/sites/registry.server";
import { heroOf, imageSource } from "../app/sites/site-pictures.server";
import { imageUrl, isMedia, isPhoto, photoWidths, PHOTO_FORMATS, slotOf } from "../app/lib/images";
import type { Image, Site } from "../app/content/schema";
import { homeArtwork } from "./artwork/home-art";
import { NOTICE_FILE, noticePdf } from "./artwork/notice-pdf";
import { drawPdf } from "../app/media/pdf.server";
import { drawPanoramas } from "./artwork/panorama";
import { outlineSvgText, pretendardFonts } from "./svg-outline";
import { shareJpeg, wordmarkSvg } from "../app/media/drawn.server";
import { DRAWN_FILES, drawnSrc, wordmarkFacts } from "../app/sites/drawn-pictures.server";

const SRC = "assets/images";
const OUT = "public";

function collectImages(value: unknown, found: Map<string, Image>) {
  if (Array.isArray(value)) value.forEach((v) => collectImages(v, found));
  else if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (typeof o.src === "string" && typeof o.width === "number" && typeof o.height === "number" && "alt" in o) {
      const image = o as unknown as Image;
      // An uploaded picture's files were made at upload, in the media store (app/media/).
      if (isMedia(image)) return;
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
/** The encoder settings below, part of every raster's hash: change it when they change. */
const ENCODER = "avif50e2 webp78 jpeg82moz density2x rasterised-once";
const sha = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

/** What each output was made from, by hash: settings, the source, and the outliner for text. */
const MANIFEST = join(OUT, "img", ".sources.json");
const made: Record<string, string> = existsSync(MANIFEST)
  ? (JSON.parse(readFileSync(MANIFEST, "utf8")) as Record<string, string>)
  : {};
const outlinerHash = sha(readFileSync(OUTLINER));
function sourceHash(file: string, settings: string) {
  const data = readFileSync(file);
  return sha(`${settings}\0${sha(data)}\0${hasText(file) ? outlinerHash : ""}`);
}
const fresh = (out: string, hash: string) => made[out] === hash && existsSync(out);
/** An output already made from the same source and settings (a copied complex's drawings). */
const byHash = new Map(Object.entries(made).map(([out, hash]) => [hash, out]));
function reuse(out: string, hash: string): boolean {
  const twin = byHash.get(hash);
  if (!twin || !existsSync(twin)) return false;
  mkdirSync(dirname(out), { recursive: true });
  copyFileSync(twin, out);
  return true;
}
function record(out: string, hash: string) {
  made[out] = hash;
  byHash.set(hash, out);
}

const fontFor = pretendardFonts();
/** The source as sharp or the browser should read it: SVG text outlined, anything else as is. */
function sourceOf(file: string): string | Buffer {
  return hasText(file) ? Buffer.from(outlineSvgText(readFileSync(file, "utf8"), fontFor)) : file;
}

/**
 * The sample recruitment notice (scripts/artwork/notice-pdf.ts) in `dir`, and its pages drawn as an
 * upload's are (app/media/pdf.server.ts): `notice.pdf`, `notice-p<n>-<w>.webp`. Drawn again only
 * when the PDF changed or a page is missing. Answers the files, to keep.
 */
async function drawNotice(site: Site, dir: string): Promise<string[]> {
  const pdf = Buffer.from(await noticePdf(site));
  const file = join(dir, NOTICE_FILE);
  const base = file.replace(/\.pdf$/, "");
  const same = existsSync(file) && readFileSync(file).equals(pdf);
  let pictures = same ? walk(dir).filter((f) => f.startsWith(`${base}-p`)) : [];
  if (!same || pictures.length === 0) {
    const drawn = await drawPdf(pdf);
    if (!drawn.ok) throw new Error(`${site.id}: 견본 모집공고를 그리지 못했습니다: ${drawn.message}`);
    mkdirSync(dir, { recursive: true });
    pictures = drawn.pages.flatMap((page, i) =>
      [...page.webp].map(([width, webp]) => {
        const out = `${base}-p${i + 1}-${width}.webp`;
        writeFileSync(out, webp);
        return out;
      }),
    );
    // The PDF last: when it is there with its bytes, its pages are too.
    writeFileSync(file, pdf);
  }
  return [file, ...pictures];
}

/**
 * The logo and share image of a complex that supplies none of its own (app/sites/drawn-pictures.server.ts):
 * drawn from its identity, the share image on its hero as this build drew it (the home page's
 * views are written first). An uploaded one is never drawn over.
 */
async function drawIdentity(site: Site): Promise<{ path: string; bytes: Buffer }[]> {
  const facts = wordmarkFacts(site);
  const drawn = (src: string, kind: "logo" | "share") =>
    src === `art/${site.id}/${DRAWN_FILES[kind]}` || src === drawnSrc(kind, facts, heroOf(site));
  const out: { path: string; bytes: Buffer }[] = [];
  if (site.identity.logo && drawn(site.identity.logo.src, "logo"))
    out.push({ path: DRAWN_FILES.logo, bytes: Buffer.from(wordmarkSvg(facts)) });
  if (drawn(site.seo.ogImage.src, "share")) {
    // The hero as the slot now resolves (this build's drawing of it, or the complex's own file).
    const hero = heroOf(site);
    const drawnHero = join(generatedImagesRoot(), site.id, slotOf(site.home.hero.wide.src));
    const file = existsSync(drawnHero) && !/^sites\//.test(hero?.src ?? "") ? drawnHero : hero?.file;
    const bytes = file && existsSync(file) ? sourceOf(file) : null;
    const source = typeof bytes === "string" ? readFileSync(bytes) : bytes;
    out.push({ path: DRAWN_FILES.share, bytes: await shareJpeg(facts, source) });
  }
  return out;
}

/**
 * The drawings made from each complex's data (the home page's views, the sample notice, the tours' panoramas), in
 * `.artwork/<id>/`: a file is written only when its drawing changed; drawings no longer made are
 * removed.
 */
async function drawFromData(sites: Site[]) {
  const root = generatedImagesRoot();
  for (const site of sites) {
    const dir = join(root, site.id);
    const keep = new Set<string>(await drawNotice(site, dir));
    /** Writes a drawing only when it changed, and keeps it. */
    const write = ({ path, bytes }: { path: string; bytes: Buffer }) => {
      const file = join(dir, path);
      keep.add(file);
      if (existsSync(file) && readFileSync(file).equals(bytes)) return;
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, bytes);
    };
    for (const { path, svg } of homeArtwork(site)) write({ path, bytes: Buffer.from(svg) });
    // After the home page's views: the share image is drawn on its hero.
    (await drawIdentity(site)).forEach(write);
    // The sample tours' 360° panoramas (JPEG already, copied as they are).
    (await drawPanoramas(site)).forEach(write);
    if (existsSync(dir)) for (const file of walk(dir)) if (!keep.has(file)) rmSync(file);
  }
  // A complex no longer served: its drawings and their variants go.
  const served = new Set(sites.map((s) => s.id));
  const variants = join(OUT, "img", "art");
  for (const dir of [root, variants]) {
    for (const name of existsSync(dir) ? readdirSync(dir) : []) {
      if (!served.has(name)) rmSync(join(dir, name), { recursive: true });
    }
  }
}

/**
 * A photo's pixels at its full size, cropped to its stated shape: a vector source rasterised at twice
 * that width (enough for crisp edges at every variant; a fixed 300 dpi made the home page's large
 * views take minutes), a raster source decoded as it is.
 */
function rasterise(file: string, image: Image) {
  return sharp(sourceOf(file), { density: 144 })
    .resize(image.width, image.height, { fit: "cover" })
    .raw()
    .toBuffer({ resolveWithObject: true });
}

/** Runs `tasks`, at most `width` at a time; the first failure stops the build. */
async function inParallel(tasks: (() => Promise<void>)[], width: number) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: Math.max(1, width) }, worker));
}

async function main() {
  // Every complex, validated: a broken file stops the build with its Korean message. Then its
  // drawings, and the complexes read again so that their slots name those drawings.
  // Drawn from each complex as shown: its texts' placeholders filled from 단지 기본 정보.
  await drawFromData(loadSites().map(shownSite));
  resetSites();
  const sites = loadSites();
  const images = new Map<string, Image>();
  collectImages(sites, images);
  const missing = [...images.keys()].filter((src) => !existsSync(imageSource(src)));
  if (missing.length) {
    console.error(`콘텐츠가 가리키는 이미지 파일이 없습니다:\n  ${missing.map((src) => imageSource(src)).join("\n  ")}`);
    process.exit(1);
  }
  let written = 0;
  // Vector artwork: every file (so artwork can reference siblings), text outlined; the shared
  // artwork, each complex's own pictures under /img/sites/<id>/ and its drawings under /img/art/<id>/.
  const vectorFiles = [
    ...walk(SRC).map((file) => ({ file, rel: relative(SRC, file) })),
    ...sites.flatMap((site) => {
      const dir = join(sitesRoot(), site.id, "images");
      return existsSync(dir)
        ? walk(dir).map((file) => ({ file, rel: join("sites", site.id, relative(dir, file)) }))
        : [];
    }),
    ...(existsSync(generatedImagesRoot())
      ? walk(generatedImagesRoot()).map((file) => ({
          file,
          rel: join("art", relative(generatedImagesRoot(), file)),
        }))
      : []),
  ];
  for (const { file, rel } of vectorFiles) {
    if (isPhoto({ src: rel })) continue;
    const out = join(OUT, "img", rel);
    const hash = sourceHash(file, "copy");
    if (fresh(out, hash)) continue;
    mkdirSync(dirname(out), { recursive: true });
    const source = sourceOf(file);
    writeFileSync(out, typeof source === "string" ? readFileSync(source) : source);
    record(out, hash);
    written++;
  }
  // Each variant is one encode; they run as many at a time as the machine has cores (an AVIF
  // encode uses one). Each photo is read (a vector one rasterised) once, at its full width, and
  // every variant is resized from that: rasterising an SVG took as long as its three encodes, and
  // was done for each variant (decision 055).
  const encodes: (() => Promise<void>)[] = [];
  for (const image of images.values()) {
    if (!isPhoto(image)) continue;
    const file = imageSource(image.src);
    const fileHash = sourceHash(file, `${image.width}x${image.height}`);
    const jobs: { out: string; width: number; format: "avif" | "webp" | "jpg" }[] = [];
    for (const width of photoWidths(image)) {
      for (const format of PHOTO_FORMATS) jobs.push({ out: join(OUT, imageUrl(image, width, format)), width, format });
    }
    jobs.push({ out: join(OUT, imageUrl(image, image.width, "jpg")), width: image.width, format: "jpg" });
    let full: ReturnType<typeof rasterise> | undefined;
    let left = 0;
    for (const job of jobs) {
      const hash = sha(`${fileHash}\0${job.width}\0${job.format}\0${ENCODER}`);
      if (fresh(job.out, hash)) continue;
      if (reuse(job.out, hash)) {
        record(job.out, hash);
        written++;
        continue;
      }
      left++;
      encodes.push(async () => {
        mkdirSync(dirname(job.out), { recursive: true });
        const { data, info } = await (full ??= rasterise(file, image));
        const height = Math.round((image.height * job.width) / image.width);
        const pipeline = sharp(data, { raw: info }).resize(job.width, height, { fit: "cover" });
        // AVIF at effort 2, as uploads are (app/media/upload.server.ts): 8× faster than effort 4
        // on the sample's photos, for 1% more bytes (decision 050).
        if (job.format === "avif") await pipeline.avif({ quality: 50, effort: 2 }).toFile(job.out);
        else if (job.format === "webp") await pipeline.webp({ quality: 78 }).toFile(job.out);
        else await pipeline.jpeg({ quality: 82, mozjpeg: true }).toFile(job.out);
        record(job.out, hash);
        written++;
        if (--left === 0) full = undefined; // this photo's pixels are no longer needed
      });
    }
  }
  await inParallel(encodes, availableParallelism());
  writeFileSync(MANIFEST, JSON.stringify(made, null, 1));
  console.log(`images: ${images.size} referenced, ${written} files written to ${OUT}/img`);
}

await main();
