import type { Image } from "~/content/schema";
import { imageUrl, isPhoto, srcSet } from "~/lib/images";

/**
 * One image from content, with its intrinsic width and height so nothing shifts while loading.
 * Photos get AVIF and WebP sources at several widths; vector artwork is served as SVG. A page's
 * `priority` picture (its banner or hero, the largest paint) is asked for first; every other one
 * loads lazily and at low priority, also when part of it shows on the first screen: a browser
 * raises a visible image to high priority, and a 42 KB picture peeking under a 4 KB banner then
 * shared the phone's link with it (issue 21: LCP 1.4 s instead of 0.9 s in one Lighthouse run of
 * three on /LocationEnvironment/primium).
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
    fetchPriority: priority ? ("high" as const) : ("low" as const),
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
