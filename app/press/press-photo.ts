/*
 * Addresses of press photos. A photo is named by the hash of its uploaded bytes and rendered at
 * PRESS_PHOTO_WIDTHS (never wider than the upload) in each format:
 *   /media/press/<24 hex>-<width>.<avif|webp|jpg>
 */

const PRESS_PHOTO_WIDTHS = [320, 640, 1200] as const;
export const PRESS_PHOTO_FORMATS = ["avif", "webp", "jpg"] as const;
export type PressPhotoFormat = (typeof PRESS_PHOTO_FORMATS)[number];

export type PressPhoto = { id: string; width: number; height: number };

/** The widths a photo is rendered at: the standard ones below its own width, then its width (capped). */
export function pressPhotoWidths(width: number): number[] {
  const max = PRESS_PHOTO_WIDTHS[PRESS_PHOTO_WIDTHS.length - 1]!;
  const below = PRESS_PHOTO_WIDTHS.filter((w) => w < width);
  return [...below, Math.min(width, max)].filter((w, i, all) => all.indexOf(w) === i);
}

export function pressPhotoUrl(photo: PressPhoto, width: number, format: PressPhotoFormat): string {
  return `/media/press/${photo.id}-${width}.${format}`;
}

export function pressPhotoSrcSet(photo: PressPhoto, format: PressPhotoFormat): string {
  return pressPhotoWidths(photo.width)
    .map((w) => `${pressPhotoUrl(photo, w, format)} ${w}w`)
    .join(", ");
}

/** The largest rendering (for og:image, the feed): its address and size. */
export function largestPressPhoto(photo: PressPhoto) {
  const widths = pressPhotoWidths(photo.width);
  const width = widths[widths.length - 1]!;
  return {
    url: pressPhotoUrl(photo, width, "jpg"),
    width,
    height: Math.round((photo.height * width) / photo.width),
  };
}

export const PRESS_PHOTO_FILE = /^([0-9a-f]{24})-([0-9]{1,4})\.(avif|webp|jpg)$/;

export const PHOTO_CONTENT_TYPE: Record<PressPhotoFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
};
