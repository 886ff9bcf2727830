/*
 * The full-screen zoom viewer for drawings (PhotoSwipe 5). Loaded with its CSS by a dynamic import
 * on the first tap of a drawing (media.ts), so pages without a tap never fetch either.
 */
import PhotoSwipe from "photoswipe";
import "photoswipe/style.css";
import { DRAWING_DOUBLE_TAP_ZOOM, DRAWING_MAX_ZOOM } from "~/lib/drawing-zoom";

export type Drawing = { src: string; width: number; height: number; alt: string };
export type DrawingViewer = { close: () => void; destroy: () => void };

/** Opens `drawing` full screen; `onClose` runs once when it closes, however that happened. */
export function openDrawingViewer(drawing: Drawing, onClose: () => void): DrawingViewer {
  const pswp = new PhotoSwipe({
    dataSource: [drawing],
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
  pswp.element?.setAttribute("aria-label", `${drawing.alt} 크게 보기`);
  return pswp;
}
