import type { Image } from "~/content/schema";
import { imageUrl, isPhoto, srcSet } from "~/lib/images";

/**
 * One image from content, with its intrinsic width and height so nothing shifts while loading.
 * Photos get AVIF and WebP sources at several widths; vector artwork is served as SVG.
 */
export function Picture({
  image,
  sizes = "100vw",
  priority = false,
  className,
  alt,
}: {
  image: Image;
  sizes?: string;
  priority?: boolean;
  className?: string;
  alt?: string;
}) {
  const common = {
    width: image.width,
    height: image.height,
    alt: alt ?? image.alt,
    className,
    loading: priority ? ("eager" as const) : ("lazy" as const),
    decoding: "async" as const,
    fetchPriority: priority ? ("high" as const) : undefined,
  };
  if (!isPhoto(image)) return <img src={imageUrl(image)} {...common} />;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(image, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image, "webp")} sizes={sizes} />
      <img src={imageUrl(image, image.width, "webp")} {...common} />
    </picture>
  );
}
