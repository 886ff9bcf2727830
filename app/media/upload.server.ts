/*
 * A picture uploaded in the console (POST /admin/media): checked, made into the files the pages
 * use, and kept in the media store (docs/decisions/032-media-store.md).
 *
 *   - At most 20 MB; JPEG, PNG, WebP or SVG by its content (sharp reads the bytes; the file's name
 *     and declared type are never asked); a raster picture at most 34 megapixels, read from its
 *     header before anything is decoded (MEDIA_MAX_PIXELS says why).
 *   - One picture's variants are made at a time (one-at-a-time.server.ts), two encodings at once,
 *     so sign-in's password hashing keeps threads of its own.
 *   - Alt text required.
 *   - A raster picture becomes AVIF and WebP at the widths the pages ask for (photoWidths: the
 *     standard widths below its own, and its own) and a JPEG at its own width (the sharing image),
 *     turned upright by its EXIF orientation, with no metadata left (GPS, camera).
 *   - An SVG is cleaned (svg.server.ts) and kept as a drawing.
 *
 * Names come from the sha256 of the uploaded bytes: the content's `src` is
 * `media/<hash>-<W>x<H>.<ext>` (the original bytes, kept for export; for an SVG, the cleaned one),
 * the variants `media/<hash>-<w>.<avif|webp|jpg>`. The original is written last, after every
 * variant: when it is there the picture is complete, and the same bytes uploaded again store
 * nothing. Nothing is ever deleted.
 *
 * From the console (`defer`), a large picture (over LARGE_PICTURE: 4 MB or 12 megapixels; a
 * phone's photo of 12 MP takes 5–10 s of CPU for its AVIF and WebP widths) is checked from its
 * header, kept as `media/<hash>-source.<ext>` and answered at once; its variants, then its
 * original, are made by a job (app/jobs/jobs.server.ts, "picture"), whose "변환 중" the console's
 * slot shows until it is done. A smaller picture, an SVG, and every other caller (the zip
 * import, the guided start) still make them before answering.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import {
  enqueueJob,
  JobFailure,
  jobsFor,
  type ClaimedJob,
  type JobContext,
} from "~/jobs/jobs.server";
import { imageUrl, photoWidths, PHOTO_FORMATS } from "~/lib/images";
import {
  MEDIA_ALT_MAX,
  MEDIA_MAX_BYTES,
  MEDIA_MAX_PIXELS,
  MEDIA_MESSAGES,
  type MediaUploadAnswer,
} from "~/lib/media-upload";
import { pictureWork, QueueFull } from "./one-at-a-time.server";
import { mediaStore, type MediaStore } from "./store.server";
import { sanitizeSvg } from "./svg.server";

export type UploadResult =
  | (Extract<MediaUploadAnswer, { ok: true }> & {
      /** False when the same bytes were already stored (nothing was written). */
      stored: boolean;
    })
  | (Extract<MediaUploadAnswer, { ok: false }> & { status: 400 | 413 | 415 | 503 });

type Format = "jpeg" | "png" | "webp" | "svg";
const EXTENSION: Record<Format, string> = { jpeg: "jpg", png: "png", webp: "webp", svg: "svg" };
const CONTENT_TYPE: Record<Format | "avif", string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  svg: "image/svg+xml",
  avif: "image/avif",
};

/** What sharp calls the formats it reads that we refuse, as a person knows them. */
const FORMAT_NAMES: Record<string, string> = {
  gif: "GIF",
  heif: "HEIC/AVIF",
  tiff: "TIFF",
  pdf: "PDF",
  jp2k: "JPEG 2000",
  jxl: "JPEG XL",
  raw: "RAW",
};

/**
 * Encoder effort: up to 1920 px (the widths pages pick) AVIF at 2 (half the bytes of effort 1) and
 * WebP at its default 4; above (an own width past 1920 px, for the widest screens only) AVIF at 1
 * and WebP at 2. On a 4000 px picture, effort 2 took 2.3 s of CPU for its AVIF alone, effort 1
 * 1.2 s; WebP 0.85 s at 4, 0.37 s at 2 for 10 % more bytes (docs/decisions/032).
 */
const LARGE = 1920;
const encode = (image: sharp.Sharp, format: "avif" | "webp", width: number) =>
  format === "avif"
    ? image.avif({ quality: 50, effort: width <= LARGE ? 2 : 1 })
    : image.webp({ quality: 78, effort: width <= LARGE ? 4 : 2 });

/**
 * A picture from the console over either is made by a job (`defer`): 4 MB, or 12 megapixels (a
 * phone's photo, 4000×3000: its AVIF and WebP at every width take 5–10 s of CPU).
 */
export const LARGE_PICTURE = { bytes: 4 * 1024 * 1024, pixels: 12_000_000 } as const;

/** The longest side a picture may have (as JPEG's; it names the picture, `MEDIA_SRC`). */
const MAX_SIDE = 65_535;

const refuse = (
  status: 400 | 413 | 415 | 503,
  field: "file" | "alt",
  message: string,
): Extract<UploadResult, { ok: false }> => ({ ok: false, status, field, message });

function hashOf(bytes: Uint8Array) {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 16);
}

/** The picture's size and format by its content, or a refusal. */
async function inspect(
  bytes: Uint8Array,
): Promise<
  { ok: true; format: Format; width: number; height: number } | Extract<UploadResult, { ok: false }>
> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refuse(415, "file", MEDIA_MESSAGES.type());
  }
  const format = meta.format as string | undefined;
  if (format !== "jpeg" && format !== "png" && format !== "webp" && format !== "svg")
    return refuse(415, "file", MEDIA_MESSAGES.type(format && FORMAT_NAMES[format]));
  if (!meta.width || !meta.height) return refuse(400, "file", MEDIA_MESSAGES.broken);
  if (
    format !== "svg" &&
    (meta.width * meta.height > MEDIA_MAX_PIXELS || Math.max(meta.width, meta.height) > MAX_SIDE)
  )
    return refuse(400, "file", MEDIA_MESSAGES.tooManyPixels(meta.width, meta.height));
  // EXIF orientations 5–8 turn the picture a quarter: width and height swap.
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    ok: true,
    format,
    width: turned ? meta.height : meta.width,
    height: turned ? meta.width : meta.height,
  };
}

type StoredFile = { key: string; bytes: Uint8Array; type: string };

/**
 * The picture to make variants from, turned upright. A JPEG is read again for each (libjpeg
 * decodes straight at 1/2, 1/4 or 1/8 of its size for the smaller widths); a PNG or WebP has no
 * such shortcut and is decoded once (a 4000×3000 PNG: 4.2 s of CPU instead of 4.9 s).
 */
async function sourceOf(bytes: Uint8Array, format: Format) {
  // failOn "error": a truncated or corrupt file is refused instead of rendered half grey.
  const input = sharp(bytes, { limitInputPixels: MEDIA_MAX_PIXELS, failOn: "error" }).rotate();
  if (format === "jpeg") return input;
  const { data, info } = await input.raw().toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

/** The variants of a raster picture the pages use: how many. */
const variantCount = (width: number) => photoWidths({ width }).length * PHOTO_FORMATS.length + 1;

/** The variants of a raster picture the pages use; `onFile` as each is made. */
async function variants(
  bytes: Uint8Array,
  format: Format,
  hash: string,
  width: number,
  onFile?: (file: StoredFile) => Promise<void>,
): Promise<StoredFile[]> {
  const source = await sourceOf(bytes, format);
  const jobs: (() => Promise<StoredFile>)[] = [];
  // The largest first: they take longest, and the small ones fill the threads around them.
  for (const w of photoWidths({ width }).reverse()) {
    for (const format of PHOTO_FORMATS) {
      jobs.push(async () => ({
        key: `media/${hash}-${w}.${format}`,
        bytes: await encode(source.clone().resize({ width: w }), format, w).toBuffer(),
        type: CONTENT_TYPE[format],
      }));
    }
  }
  // The sharing image (og:image): a JPEG, which every service reads, at its own width.
  jobs.push(async () => ({
    key: `media/${hash}-${width}.jpg`,
    bytes: await source.clone().flatten({ background: "#ffffff" }).jpeg({ quality: 82 }).toBuffer(),
    type: CONTENT_TYPE.jpeg,
  }));
  // Two encodings at a time: two of libuv's four threads (an AVIF encoder keeps one core), the
  // other two free for sign-in's hashing and the file system.
  const files: StoredFile[] = [];
  const next = async (): Promise<void> => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      const made = await job();
      files.push(made);
      await onFile?.(made);
    }
  };
  await Promise.all([next(), next()]);
  return files;
}

/**
 * The upload's checks of a picture's file alone (size, type by content, megapixels), before any
 * work on it: the guided start crops a picture first (hero-crop.server.ts), then uploads the crops.
 */
export async function checkPicture(
  bytes: Uint8Array,
): Promise<{ ok: true; format: Format } | Extract<UploadResult, { ok: false }>> {
  if (bytes.length > MEDIA_MAX_BYTES)
    return refuse(413, "file", MEDIA_MESSAGES.tooLarge(bytes.length));
  if (bytes.length === 0) return refuse(400, "file", MEDIA_MESSAGES.noFile);
  const found = await inspect(bytes);
  return found.ok ? { ok: true, format: found.format } : found;
}

/**
 * Checks an uploaded picture, makes its files and stores them (once: the same bytes again store
 * nothing). Answers the image for a content slot and an address showing it, or a Korean message
 * naming the field, with the HTTP status to answer (503: too many pictures wait their turn).
 * `signal`: the upload's request; aborted while the picture waits its turn, it is never made.
 */
export async function processUpload(
  bytes: Uint8Array,
  {
    alt: rawAlt,
    store = mediaStore(),
    signal,
    defer = false,
    siteId = null,
  }: {
    alt: string;
    store?: MediaStore;
    signal?: AbortSignal;
    /** A large picture's variants made by a job (the console's upload). */
    defer?: boolean;
    siteId?: string | null;
  },
): Promise<UploadResult> {
  if (bytes.length > MEDIA_MAX_BYTES)
    return refuse(413, "file", MEDIA_MESSAGES.tooLarge(bytes.length));
  if (bytes.length === 0) return refuse(400, "file", MEDIA_MESSAGES.noFile);
  const found = await inspect(bytes);
  if (!found.ok) return found;
  const alt = rawAlt.trim();
  if (!alt) return refuse(400, "alt", MEDIA_MESSAGES.altMissing);
  if (alt.length > MEDIA_ALT_MAX) return refuse(400, "alt", MEDIA_MESSAGES.altTooLong);

  const hash = hashOf(bytes);
  const { format } = found;
  let { width, height } = found;
  let original: Uint8Array = bytes;
  if (format === "svg") {
    const clean = await sanitizeSvg(bytes);
    if (clean === null) return refuse(400, "file", MEDIA_MESSAGES.broken);
    original = Buffer.from(clean);
    // The drawing's size as the cleaned file gives it.
    const meta = await sharp(original)
      .metadata()
      .catch(() => null);
    if (!meta?.width || !meta.height || Math.max(meta.width, meta.height) > MAX_SIDE)
      return refuse(400, "file", MEDIA_MESSAGES.broken);
    ({ width, height } = meta);
  }
  const src = `media/${hash}-${width}x${height}.${EXTENSION[format]}`;
  const image = { src, width, height, alt };
  const answer = { ok: true as const, image, previewUrl: previewUrl(image) };
  const large =
    defer &&
    format !== "svg" &&
    (bytes.length > LARGE_PICTURE.bytes || width * height > LARGE_PICTURE.pixels);
  const job = large ? ((await jobsFor([src]))[src] ?? null) : undefined;
  if (await store.has(src)) return { ...answer, stored: false, ...(large ? { job } : {}) };

  if (large) {
    if (job?.status === "pending" || job?.status === "running")
      return { ...answer, stored: false, job };
    const source = `media/${hash}-source.${EXTENSION[format]}`;
    await store.put(source, bytes, CONTENT_TYPE[format]);
    const input: PictureJobInput = { source, src, hash, format, width };
    const queued = await enqueueJob({
      kind: "picture",
      subject: src,
      siteId,
      input,
      total: variantCount(width) + 1,
    });
    return { ...answer, stored: true, job: queued };
  }

  if (format !== "svg") {
    let files: StoredFile[];
    try {
      files = await pictureWork(() => variants(bytes, format, hash, width), signal);
    } catch (error) {
      if (error instanceof QueueFull) return refuse(503, "file", MEDIA_MESSAGES.busy);
      return refuse(400, "file", MEDIA_MESSAGES.broken);
    }
    await Promise.all(files.map((f) => store.put(f.key, f.bytes, f.type)));
  }
  await store.put(src, original, CONTENT_TYPE[format]);
  return { ...answer, stored: true };
}

type PictureJobInput = { source: string; src: string; hash: string; format: Format; width: number };

/** The job "picture": a kept upload's variants made and stored, then its original (`src`) last. */
export async function makePictureVariants(
  job: ClaimedJob,
  { progress, signal }: JobContext,
  store: MediaStore = mediaStore(),
) {
  const { source, src, hash, format, width } = job.input as PictureJobInput;
  const total = variantCount(width) + 1;
  if (await store.has(src)) return progress(total, total);
  const kept = await store.get(source);
  if (!kept) throw new JobFailure(MEDIA_MESSAGES.broken);
  let done = 0;
  await progress(done, total);
  try {
    await pictureWork(
      () =>
        variants(kept.bytes, format, hash, width, async (file) => {
          await store.put(file.key, file.bytes, file.type);
          await progress(++done, total);
        }),
      signal,
    );
  } catch (error) {
    if (error instanceof QueueFull || signal.aborted) throw error;
    throw new JobFailure(MEDIA_MESSAGES.broken);
  }
  await store.put(src, kept.bytes, CONTENT_TYPE[format]);
}

/** An address showing the picture in the console: a mid-sized WebP, or the SVG. */
function previewUrl(image: { src: string; width: number }) {
  return imageUrl(image, 960, "webp");
}
