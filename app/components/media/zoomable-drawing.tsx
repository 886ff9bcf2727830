import type { ReactNode } from "react";
import type { Image } from "~/content/schema";
import { imageUrl } from "~/lib/images";

/**
 * Attributes that make a link to a drawing's file open it in the full-screen zoom viewer
 * (app/enhance/media.ts, which loads the viewer on the first tap). Without JavaScript the link
 * simply leads to the file. Spread them on the drawing itself (ZoomableDrawing) and on any
 * "크게 보기" link beside it.
 */
export function drawingLink(image: Image) {
  return {
    href: imageUrl(image),
    "data-media": "drawing",
    "data-width": image.width,
    "data-height": image.height,
    "data-alt": image.alt,
  } as const;
}

/** A drawing that opens in the zoom viewer on tap; without JavaScript a plain link to the SVG file. */
export function ZoomableDrawing({ image, children }: { image: Image; children: ReactNode }) {
  return (
    <a {...drawingLink(image)} className="zoomable-drawing">
      {children}
      <span className="sr-only"> (확대해서 보기)</span>
    </a>
  );
}
