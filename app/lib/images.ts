import type { Image } from "~/content/schema";

/**
 * Widths the build renders for photo-like images (sources under assets/images/photo/). 750 is a
 * phone's full width at 1.75–2x: 375 px at 2x, and 412 px at 1.75x (721 px, Lighthouse's phone,
 * which 720 just missed): the home hero, its largest paint, is then 37 KB instead of 46 KB.
 */
export const PHOTO_WIDTHS = [480, 750, 960, 1440, 1920] as const;
export const PHOTO_FORMATS = ["avif", "webp"] as const;

/** Photo-like pictures (`photo/…`, also a complex's own `sites/<id>/photo/…`) get raster variants. */
export function isPhoto(image: Pick<Image, "src">): boolean {
  return /^((sites|art)\/[a-z0-9-]+\/)?photo\//.test(image.src);
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

/** Public URL of an image: vector files as they are, photos as a rendered width and format. */
export function imageUrl(
  image: Pick<Image, "src" | "width">,
  width?: number,
  format: "avif" | "webp" | "jpg" = "webp",
) {
  if (!isPhoto(image)) return `/img/${image.src}`;
  return `/img/${baseName(image.src)}-${width ?? image.width}.${format}`;
}

export function srcSet(image: Pick<Image, "src" | "width">, format: "avif" | "webp") {
  return photoWidths(image)
    .map((w) => `${imageUrl(image, w, format)} ${w}w`)
    .join(", ");
}
