import { createHash } from "node:crypto";
import sharp from "sharp";
import { HERO_CROPS } from "~/console/guided-start";
import { MEDIA_PATH } from "~/lib/images";
import { MEDIA_MAX_PIXELS, MEDIA_MESSAGES } from "~/lib/media-upload";
import { checkPicture, processUpload, type UploadResult } from "./upload.server";
import { mediaStore, type MediaStore } from "./store.server";

/*
 * The home hero from one picture and a focal point (the guided start's 첫 화면 사진, decision 044):
 * the picture is checked as any upload is (size, type, megapixels), kept whole under
 * `start/<hash>.<ext>` so that another focal point needs no second upload, and cut around the
 * point to the two slots' shapes (wide for screens over 900 px, tall for phones), each then stored
 * as an upload (its AVIF and WebP widths, its alt text).
 */

/** A focal point: percentages of the picture's width and height (0–100). */
export type Focus = { x: number; y: number };

type Image = { src: string; width: number; height: number; alt: string };
export type HeroCrops = { wide: Image; tall: Image; original: string; previewUrl: string };

const ORIGINAL = /^start\/[0-9a-f]{16}\.(jpg|png|webp|svg)$/;
const EXTENSION = { jpeg: "jpg", png: "png", webp: "webp", svg: "svg" } as const;

/** The part of a `width`×`height` picture of `aspect` (w/h) centred on `focus`, inside it. */
export function cropBox(width: number, height: number, aspect: number, focus: Focus) {
  const w = width / height > aspect ? Math.round(height * aspect) : width;
  const h = width / height > aspect ? height : Math.round(width / aspect);
  const clamp = (v: number, max: number) => Math.min(Math.max(Math.round(v), 0), max);
  return {
    left: clamp((focus.x / 100) * width - w / 2, width - w),
    top: clamp((focus.y / 100) * height - h / 2, height - h),
    width: w,
    height: h,
  };
}

/** The whole picture's preview, 960 px wide, named apart from any upload's files. */
const previewKey = (original: string) =>
  `media/${createHash("sha256").update(`guided-start:${original}`).digest("hex").slice(0, 16)}-960.webp`;

/** The address of a kept picture's preview (to aim the focal point at), or null for another name. */
export const previewUrl = (original: string) =>
  ORIGINAL.test(original) ? `${MEDIA_PATH}${previewKey(original).slice("media/".length)}` : null;

type Refusal = Extract<UploadResult, { ok: false }>;

/**
 * Both crops of `bytes` (a new picture) or of the kept `original` around `focus`, stored; or the
 * upload's refusal at its field ("file" or "alt").
 */
export async function heroCrops(
  input: { bytes: Uint8Array } | { original: string },
  focus: Focus,
  alt: string,
  store: MediaStore = mediaStore(),
): Promise<({ ok: true } & HeroCrops) | Refusal> {
  let bytes: Uint8Array;
  let original: string;
  if ("bytes" in input) {
    const checked = await checkPicture(input.bytes);
    if (!checked.ok) return checked;
    bytes = input.bytes;
    const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
    original = `start/${hash}.${EXTENSION[checked.format]}`;
  } else {
    const kept = ORIGINAL.test(input.original) ? await store.get(input.original) : null;
    if (!kept) return { ok: false, status: 400, field: "file", message: MEDIA_MESSAGES.noFile };
    bytes = kept.bytes;
    original = input.original;
  }
  if (!alt.trim())
    return { ok: false, status: 400, field: "alt", message: MEDIA_MESSAGES.altMissing };
  let decoded: { data: Buffer; info: sharp.OutputInfo };
  try {
    decoded = await sharp(bytes, { limitInputPixels: MEDIA_MAX_PIXELS, failOn: "error" })
      .rotate()
      .flatten({ background: "#ffffff" })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { ok: false, status: 400, field: "file", message: MEDIA_MESSAGES.broken };
  }
  const { width, height, channels } = decoded.info;
  const raw = () => sharp(decoded.data, { raw: { width, height, channels } });
  const made: Partial<Record<keyof typeof HERO_CROPS, Image>> = {};
  for (const [slot, size] of Object.entries(HERO_CROPS) as [
    keyof typeof HERO_CROPS,
    { width: number; height: number },
  ][]) {
    const box = cropBox(width, height, size.width / size.height, focus);
    const crop = await raw()
      .extract(box)
      .resize({ width: Math.min(box.width, size.width) })
      .jpeg({ quality: 88 })
      .toBuffer();
    const stored = await processUpload(crop, { alt, store });
    if (!stored.ok) return stored;
    made[slot] = stored.image;
  }
  if ("bytes" in input && !(await store.has(original)))
    await store.put(original, bytes, "application/octet-stream");
  // The whole picture to aim at, 960 px wide.
  const preview = previewKey(original);
  if (!(await store.has(preview))) {
    const bytes = await raw().resize({ width: 960 }).webp({ quality: 75 }).toBuffer();
    await store.put(preview, bytes, "image/webp");
  }
  return {
    ok: true,
    wide: made.wide!,
    tall: made.tall!,
    original,
    previewUrl: previewUrl(original)!,
  };
}
