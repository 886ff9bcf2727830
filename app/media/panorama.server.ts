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
 *   - From the console (`defer`), the widths are made by a job (app/jobs/jobs.server.ts,
 *     "panorama"): the upload is checked (its header only), kept as `media/<hash>-source.<ext>`
 *     and answered at once with the job, whose "변환 중" the console's slot shows until it is done.
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
import { FILE_LIMITS, FILE_MESSAGES, PANORAMA_MAX_PIXELS } from "~/lib/file-upload";
import type { JobView } from "~/jobs/jobs";
import { PANORAMA_PREVIEW_WIDTH, panoramaUrl, panoramaWidths } from "~/lib/media-files";
import { pictureWork, QueueFull } from "./one-at-a-time.server";
import { mediaStore, type MediaStore } from "./store.server";

type Panorama = { src: string; width: number; height: number };

export type PanoramaResult =
  | { ok: true; value: Panorama; previewUrl: string; stored: boolean; job?: JobView | null }
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
 * `defer`: the upload is kept and its widths made by a job (answered with it) instead.
 */
export async function processPanorama(
  bytes: Uint8Array,
  {
    store = mediaStore(),
    signal,
    defer = false,
    siteId = null,
  }: { store?: MediaStore; signal?: AbortSignal; defer?: boolean; siteId?: string | null } = {},
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
  const job = defer ? ((await jobsFor([value.src]))[value.src] ?? null) : null;
  if (await store.has(value.src)) return { ...answer, stored: false, job };

  if (defer) {
    const source = `media/${hash}-source.${format === "jpeg" ? "jpg" : format}`;
    if (job?.status !== "pending" && job?.status !== "running") {
      await store.put(source, bytes, `image/${format}`);
      const input: PanoramaJobInput = { source, src: value.src, hash, width, format, turned };
      const queued = await enqueueJob({
        kind: "panorama",
        subject: value.src,
        siteId,
        input,
        total: panoramaWidths(width).length + 1,
      });
      return { ...answer, stored: true, job: queued };
    }
    return { ...answer, stored: false, job };
  }

  try {
    await pictureWork(
      () => makePanorama(bytes, { src: value.src, hash, width, format, turned, store }),
      signal,
    );
  } catch (error) {
    if (error instanceof QueueFull) return refuse(503, FILE_MESSAGES.busy("panorama"));
    return refuse(400, FILE_MESSAGES.broken("panorama"));
  }
  return { ...answer, stored: true };
}

type PanoramaJobInput = {
  source: string;
  src: string;
  hash: string;
  width: number;
  format: string;
  turned: boolean;
};

/**
 * The panorama's widths and its JPEG at its own size, stored (the latter, its `src`, last); `onFile`
 * after each. Throws when the picture cannot be decoded.
 */
async function makePanorama(
  bytes: Uint8Array,
  {
    src,
    hash,
    width,
    format,
    turned,
    store,
    onFile,
  }: Omit<PanoramaJobInput, "source"> & {
    store: MediaStore;
    onFile?: (done: number) => Promise<void>;
  },
) {
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
  let done = 0;
  for (const w of panoramaWidths(width)) {
    await store.put(
      `media/${hash}-${w}.jpg`,
      await jpeg(source.clone().resize({ width: w, height: w / 2 })),
      "image/jpeg",
    );
    await onFile?.(++done);
  }
  const original = format === "jpeg" && !turned ? Buffer.from(bytes) : await jpeg(source.clone());
  await store.put(src, original, "image/jpeg");
  await onFile?.(++done);
}

/** The job "panorama": the widths of a kept upload made and stored, its `src` last. */
export async function makePanoramaWidths(
  job: ClaimedJob,
  { progress, signal }: JobContext,
  store: MediaStore = mediaStore(),
) {
  const { source, ...input } = job.input as PanoramaJobInput;
  const total = panoramaWidths(input.width).length + 1;
  if (await store.has(input.src)) return progress(total, total);
  const kept = await store.get(source);
  if (!kept) throw new JobFailure(FILE_MESSAGES.broken("panorama"));
  await progress(0, total);
  try {
    await pictureWork(
      () =>
        makePanorama(kept.bytes, {
          ...input,
          store,
          onFile: (done) => progress(done, total),
        }),
      signal,
    );
  } catch (error) {
    if (error instanceof QueueFull || signal.aborted) throw error;
    throw new JobFailure(FILE_MESSAGES.broken("panorama"));
  }
}
