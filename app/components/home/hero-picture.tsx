import type { Image } from "~/content/schema";
import { imageUrl, srcSet } from "~/lib/images";
import { NARROW_QUERY, PAGING_QUERY } from "~/lib/media-queries";

/** `<link rel="preload">` descriptors for the hero: the AVIF that each screen's <picture> will pick. */
export function heroPreloads(hero: { wide: Image; tall: Image }) {
  return [
    { image: hero.tall, media: NARROW_QUERY },
    { image: hero.wide, media: PAGING_QUERY },
  ].map(({ image, media }) => ({
    rel: "preload",
    as: "image",
    type: "image/avif",
    href: imageUrl(image, image.width, "avif"),
    imageSrcSet: srcSet(image, "avif"),
    imageSizes: "100vw",
    media,
    fetchPriority: "high" as const,
  }));
}

/**
 * The hero artwork with art direction: a portrait crop on phones, the landscape view on wider
 * screens, each as AVIF or WebP at the width the screen needs. It is the page's largest paint.
 */
export function HeroPicture({
  wide,
  tall,
  className,
}: {
  wide: Image;
  tall: Image;
  className?: string;
}) {
  return (
    <picture>
      <source media={NARROW_QUERY} type="image/avif" srcSet={srcSet(tall, "avif")} sizes="100vw" />
      <source media={NARROW_QUERY} type="image/webp" srcSet={srcSet(tall, "webp")} sizes="100vw" />
      <source type="image/avif" srcSet={srcSet(wide, "avif")} sizes="100vw" />
      <source type="image/webp" srcSet={srcSet(wide, "webp")} sizes="100vw" />
      <img
        src={imageUrl(wide, 1440, "webp")}
        width={wide.width}
        height={wide.height}
        alt={wide.alt}
        className={className}
        loading="eager"
        fetchPriority="high"
        decoding="async"
      />
    </picture>
  );
}
