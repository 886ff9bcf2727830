import type { Image } from "~/content/schema";

/**
 * Widths the build renders for photo-like images (sources under assets/images/photo/). 750 is a
 * phone's full width at 1.75–2x: 375 px at 2x, and 412 px at 1.75x (721 px, Lighthouse's phone,
 * which 720 just missed): the home hero, its largest paint, is then 37 KB instead of 46 KB.
 */
const PHOTO_WIDTHS = [480, 750, 960, 1440, 1920] as const;
export const PHOTO_FORMATS = ["avif", "webp"] as const;

/**
 * An uploaded picture (app/media/upload.server.ts): `media/<hash>-<W>x<H>.<ext>`, named by the hash
 * of its bytes and its size. Its files are in the media store, served under `/media/c/`: a raster
 * picture as AVIF and WebP variants `<hash>-<w>.<format>` (and a JPEG at its own width), an SVG as it is.
 */
export const MEDIA_SRC = /^media\/([0-9a-f]{16})-([0-9]{1,5})x([0-9]{1,5})\.(jpg|png|webp|svg)$/;

/** The path uploaded pictures are served under (routes/endpoints/media.file.ts). */
export const MEDIA_PATH = "/media/c/";

export function isMedia(image: Pick<Image, "src">): boolean {
  return MEDIA_SRC.test(image.src);
}

/** Photo-like pictures (`photo/…`, also a complex's own `sites/<id>/photo/…`, and uploaded raster pictures) get raster variants. */
export function isPhoto(image: Pick<Image, "src">): boolean {
  return (
    /^((sites|art)\/[a-z0-9-]+\/)?photo\//.test(image.src) ||
    (isMedia(image) && !image.src.endsWith(".svg"))
  );
}

/** The slot a resolved `src` fills (`sites/<id>/…` and `art/<id>/…` stripped), as the data names it. */
export function slotOf(src: string): string {
  return src.replace(/^(sites|art)\/[a-z0-9-]+\//, "");
}

export function photoWidths(image: Pick<Image, "width">): number[] {
  const widths: number[] = PHOTO_WIDTHS.filter((w) => w < image.width);
  return [...widths, image.width];
}

function baseName(src: string) {
  return src.replace(/\.[a-z]+$/, "");
}

/**
 * The variant of an uploaded picture that serves `width`: the smallest one at least as wide (the
 * upload made only photoWidths, and its JPEG only at its own width).
 */
function mediaWidth(image: Pick<Image, "width">, width: number, format: string) {
  if (format === "jpg") return image.width;
  return photoWidths(image).find((w) => w >= width) ?? image.width;
}

/** Public URL of an image: vector files as they are, photos as a rendered width and format. */
export function imageUrl(
  image: Pick<Image, "src" | "width">,
  width?: number,
  format: "avif" | "webp" | "jpg" = "webp",
) {
  const media = MEDIA_SRC.exec(image.src);
  if (media) {
    const file = image.src.slice("media/".length);
    if (media[4] === "svg") return `${MEDIA_PATH}${file}`;
    return `${MEDIA_PATH}${media[1]}-${mediaWidth(image, width ?? image.width, format)}.${format}`;
  }
  if (!isPhoto(image)) return `/img/${image.src}`;
  return `/img/${baseName(image.src)}-${width ?? image.width}.${format}`;
}

export function srcSet(image: Pick<Image, "src" | "width">, format: "avif" | "webp") {
  return photoWidths(image)
    .map((w) => `${imageUrl(image, w, format)} ${w}w`)
    .join(", ");
}
