/*
 * Press photos: an upload is checked (size, real JPEG/PNG/WebP content that sharp can decode),
 * rendered by sharp to AVIF, WebP and JPEG at a few widths, and stored in the database beside the
 * post, so several app instances need no shared disk. A photo is named by the hash of the uploaded
 * bytes; its files are served under that name by routes/press/press.photo.ts and never change there.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import type { Queryable } from "~/db/db.server";
import { PHOTO_MAX_BYTES, PRESS_MESSAGES } from "~/press/press-form";
import { PRESS_PHOTO_FORMATS, pressPhotoWidths, type PressPhotoFormat } from "~/press/press-photo";

/** A decoded image larger than this (pixels) is refused: a small file can unpack to gigabytes. */
const MAX_PIXELS = 60_000_000;

export type RenderedPhoto = {
  id: string;
  width: number;
  height: number;
  files: { format: PressPhotoFormat; width: number; height: number; bytes: Buffer }[];
};

export type PhotoResult = { ok: true; photo: RenderedPhoto } | { ok: false; message: string };

const ENCODE: Record<PressPhotoFormat, (s: sharp.Sharp) => sharp.Sharp> = {
  avif: (s) => s.avif({ quality: 55, effort: 2 }),
  webp: (s) => s.webp({ quality: 78 }),
  jpg: (s) => s.flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true }),
};

/** Checks and renders an uploaded photo. Nothing is stored here. */
export async function renderPhoto(bytes: Buffer): Promise<PhotoResult> {
  if (bytes.length > PHOTO_MAX_BYTES) return { ok: false, message: PRESS_MESSAGES.photoTooLarge };
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    return { ok: false, message: PRESS_MESSAGES.photoBroken };
  }
  if (!meta.format || !["jpeg", "png", "webp"].includes(meta.format))
    return { ok: false, message: PRESS_MESSAGES.photoType };
  if (!meta.width || !meta.height) return { ok: false, message: PRESS_MESSAGES.photoBroken };

  // EXIF orientations 5–8 turn the picture a quarter: width and height swap.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  try {
    // failOn "error": a truncated or corrupt file is refused instead of rendered half grey.
    const source = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" }).rotate();
    const files: RenderedPhoto["files"] = [];
    for (const w of pressPhotoWidths(width)) {
      for (const format of PRESS_PHOTO_FORMATS) {
        const { data, info } = await ENCODE[format](source.clone().resize({ width: w })).toBuffer({
          resolveWithObject: true,
        });
        files.push({ format, width: info.width, height: info.height, bytes: data });
      }
    }
    const id = createHash("sha256").update(bytes).digest("hex").slice(0, 24);
    return { ok: true, photo: { id, width, height, files } };
  } catch {
    return { ok: false, message: PRESS_MESSAGES.photoBroken };
  }
}

/** Stores a rendered photo (once: the same upload twice shares one row). */
export async function storePhoto(tx: Queryable, photo: RenderedPhoto, now: Date): Promise<void> {
  await tx.run(
    `INSERT INTO press_photos (id, width, height, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO NOTHING`,
    [photo.id, photo.width, photo.height, now.toISOString()],
  );
  for (const f of photo.files) {
    await tx.run(
      `INSERT INTO press_photo_files (photo_id, format, width, height, bytes) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (photo_id, format, width) DO NOTHING`,
      [photo.id, f.format, f.width, f.height, f.bytes],
    );
  }
}

/** Deletes a photo (and its files) that no post uses any more. */
export async function deletePhotoIfUnused(tx: Queryable, photoId: string | null): Promise<void> {
  if (!photoId) return;
  await tx.run(
    "DELETE FROM press_photos WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM press_posts WHERE photo_id = $1)",
    [photoId],
  );
}

/** One stored file of a photo, or undefined. */
export async function photoFile(
  db: Queryable,
  photoId: string,
  format: PressPhotoFormat,
  width: number,
): Promise<Buffer | undefined> {
  const row = await db.get<{ bytes: Buffer | Uint8Array }>(
    "SELECT bytes FROM press_photo_files WHERE photo_id = $1 AND format = $2 AND width = $3",
    [photoId, format, width],
  );
  return row ? Buffer.from(row.bytes) : undefined;
}
