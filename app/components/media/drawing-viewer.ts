/*
 * The full-screen zoom viewer for drawings (PhotoSwipe 5). Loaded with its CSS by a dynamic import
 * on the first tap of a drawing (zoomable-drawing.tsx), so pages without a tap never fetch either.
 */
import PhotoSwipe from "photoswipe";
import "photoswipe/style.css";
import type { Image } from "~/content/schema";
import { imageUrl } from "~/lib/images";
import { DRAWING_DOUBLE_TAP_ZOOM, DRAWING_MAX_ZOOM } from "./drawing-zoom";

export type DrawingViewer = { close: () => void; destroy: () => void };

/** Opens `image` full screen; `onClose` runs once when it closes, however that happened. */
export function openDrawingViewer(image: Image, onClose: () => void): DrawingViewer {
  const pswp = new PhotoSwipe({
    dataSource: [
      { src: imageUrl(image), width: image.width, height: image.height, alt: image.alt },
    ],
    index: 0,
    // Zoom levels are screen pixels per drawing unit (width and height are the SVG's natural size).
    secondaryZoomLevel: (level) =>
      Math.min(DRAWING_MAX_ZOOM, Math.max(DRAWING_DOUBLE_TAP_ZOOM, level.fit * 1.5)),
    maxZoomLevel: (level) => Math.max(DRAWING_MAX_ZOOM, level.fit * 2),
    // No opening animation: PhotoSwipe ignores a close while it runs.
    showHideAnimationType: "none",
    bgOpacity: 0.92,
    closeTitle: "닫기",
    zoomTitle: "확대/축소",
    arrowPrevTitle: "이전",
    arrowNextTitle: "다음",
    errorMsg: "그림을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.",
  });
  pswp.on("close", onClose);
  pswp.init();
  pswp.element?.setAttribute("aria-label", `${image.alt} 크게 보기`);
  return pswp;
}
