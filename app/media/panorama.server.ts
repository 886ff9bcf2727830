/*
 * A 360° panorama uploaded in the console (POST /admin/media/panorama): checked, made into the
 * widths the tour viewer loads (app/lib/media-files.ts) and kept in the media store.
 *
 *   - At most 40 MB; JPEG, PNG or WebP by its content (sharp reads the bytes); at most 64
 *     megapixels, read from its header before anything is decoded (a panorama is wider than a
 *     photo: 8192×4096 is 33.5); exactly 2:1 (an equirectangular picture covers 360° by 180°).
 *   - Decoded and encoded in the pictures' queue (one-at-a-time.server.ts), one width at a time.
 *   - Progressive JPEGs at panoramaWidths(width): the 512 px preview that shows first, 2048 for
 *     phones, 4096 for large screens, turned upright, with no metadata left (GPS, camera).
 *   - The content's `src` is `media/<hash>-<W>x<H>.jpg`, the upload as JPEG at its own size, kept
 *     for export and written last: when it is there the panorama is complete, and the same bytes
 *     uploaded again store nothing. A refused file stores nothing.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { FILE_LIMITS, FILE_MESSAGES, PANORAMA_MAX_PIXELS } from "~/lib/file-upload";
import { PANORAMA_PREVIEW_WIDTH, panoramaUrl, panoramaWidths } from "~/lib/media-files";
import { pictureWork, QueueFull } from "./one-at-a-time.server";
import { mediaStore, type MediaStore } from "./store.server";

export type Panorama = { src: string; width: number; height: number };

export type PanoramaResult =
  | { ok: true; value: Panorama; previewUrl: string; stored: boolean }
  | { ok: false; field: "file"; message: string; status: 400 | 413 | 415 | 503 };

const refuse = (status: 400 | 413 | 415 | 503, message: string): PanoramaResult => ({
  ok: false,
  field: "file",
  message,
  status,
});

const FORMAT_NAMES: Record<string, string> = {
  gif: "GIF",
  heif: "HEIC/AVIF",
  tiff: "TIFF",
  svg: "SVG",
  pdf: "PDF",
  jp2k: "JPEG 2000",
  jxl: "JPEG XL",
  raw: "RAW",
};

/** Panorama JPEGs: progressive (the viewer shows a coarse picture sooner), quality 80. */
const jpeg = (image: sharp.Sharp) =>
  image.jpeg({ quality: 80, progressive: true, mozjpeg: true }).toBuffer();

/**
 * Checks an uploaded panorama, makes its widths and stores them (once). 503: too many pictures
 * wait their turn; `signal` (the upload's request) aborted while it waits, it is never made.
 */
export async function processPanorama(
  bytes: Uint8Array,
  { store = mediaStore(), signal }: { store?: MediaStore; signal?: AbortSignal } = {},
): Promise<PanoramaResult> {
  if (bytes.length > FILE_LIMITS.panorama.maxBytes)
    return refuse(413, FILE_MESSAGES.tooLarge("panorama", bytes.length));
  if (bytes.length === 0) return refuse(400, FILE_MESSAGES.noFile("panorama"));

  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refuse(415, FILE_MESSAGES.type("panorama"));
  }
  const format = meta.format as string | undefined;
  if (format !== "jpeg" && format !== "png" && format !== "webp")
    return refuse(415, FILE_MESSAGES.type("panorama", format && FORMAT_NAMES[format]));
  if (!meta.width || !meta.height) return refuse(400, FILE_MESSAGES.broken("panorama"));
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  if (width * height > PANORAMA_MAX_PIXELS)
    return refuse(400, FILE_MESSAGES.panoramaPixels(width, height));
  if (width !== 2 * height) return refuse(400, FILE_MESSAGES.notTwoToOne(width, height));

  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  const value = { src: `media/${hash}-${width}x${height}.jpg`, width, height };
  const answer = {
    ok: true as const,
    value,
    previewUrl: panoramaUrl(value, PANORAMA_PREVIEW_WIDTH),
  };
  if (await store.has(value.src)) return { ...answer, stored: false };

  let files: { key: string; bytes: Buffer }[];
  let original: Buffer;
  try {
    ({ files, original } = await pictureWork(async () => {
      // Decoded once (a 64 MP PNG or WebP has no shortcut), then resized for each width.
      const { data, info } = await sharp(bytes, {
        limitInputPixels: PANORAMA_MAX_PIXELS,
        failOn: "error",
      })
        .rotate()
        .flatten({ background: "#ffffff" })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const source = sharp(data, {
        raw: { width: info.width, height: info.height, channels: info.channels },
        limitInputPixels: PANORAMA_MAX_PIXELS,
      });
      // One width at a time (one of libuv's threads; libvips uses every core inside it).
      const files: { key: string; bytes: Buffer }[] = [];
      for (const w of panoramaWidths(width))
        files.push({
          key: `media/${hash}-${w}.jpg`,
          bytes: await jpeg(source.clone().resize({ width: w, height: w / 2 })),
        });
      const original =
        format === "jpeg" && !turned ? Buffer.from(bytes) : await jpeg(source.clone());
      return { files, original };
    }, signal));
  } catch (error) {
    if (error instanceof QueueFull) return refuse(503, FILE_MESSAGES.busy("panorama"));
    return refuse(400, FILE_MESSAGES.broken("panorama"));
  }
  await Promise.all(files.map((f) => store.put(f.key, f.bytes, "image/jpeg")));
  await store.put(value.src, original, "image/jpeg");
  return { ...answer, stored: true };
}
