import {
  pressPhotoSrcSet,
  pressPhotoUrl,
  pressPhotoWidths,
  type PressPhoto,
} from "~/press/press-photo";

/** A press photo in AVIF, WebP and JPEG at the widths it was rendered at. */
export function PressPicture({
  photo,
  alt,
  sizes,
  className,
  priority = false,
}: {
  photo: PressPhoto;
  alt: string;
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  const widths = pressPhotoWidths(photo.width);
  const fallback = widths.find((w) => w >= 640) ?? widths[widths.length - 1]!;
  return (
    <picture>
      <source type="image/avif" srcSet={pressPhotoSrcSet(photo, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={pressPhotoSrcSet(photo, "webp")} sizes={sizes} />
      <img
        src={pressPhotoUrl(photo, fallback, "jpg")}
        srcSet={pressPhotoSrcSet(photo, "jpg")}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={alt}
        className={className}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
      />
    </picture>
  );
}
