import { useCallback, useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import {
  popOverlayEntry,
  pushOverlayEntry,
  watchOverlayHistory,
} from "~/components/layout/overlay-history";
import type { Image } from "~/content/schema";
import { imageUrl } from "~/lib/images";
import type { DrawingViewer } from "./drawing-viewer";

/** Key in `history.state` of the entry pushed while the viewer is open (Back closes it). */
const MARKER = "drawingViewer";

/**
 * A click handler that opens `image` in the full-screen zoom viewer, loading the viewer on the first
 * tap. Meant for links to the drawing's file, which is where a visitor lands without JavaScript.
 */
export function useDrawingViewer(image: Image) {
  const viewer = useRef<DrawingViewer | null>(null);
  useEffect(() => () => viewer.current?.destroy(), []);

  return useCallback(
    async (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
        return;
      event.preventDefault();
      if (viewer.current) return;
      let open: typeof import("./drawing-viewer").openDrawingViewer;
      try {
        ({ openDrawingViewer: open } = await import("./drawing-viewer"));
      } catch {
        window.location.assign(imageUrl(image)); // viewer code unreachable: show the file itself
        return;
      }
      pushOverlayEntry(MARKER);
      let stopWatching = () => {};
      const current = open(image, () => {
        stopWatching();
        viewer.current = null;
        popOverlayEntry(MARKER);
      });
      viewer.current = current;
      stopWatching = watchOverlayHistory(MARKER, (isOpen) => {
        if (!isOpen) current.close();
      });
    },
    [image],
  );
}

/**
 * A drawing that opens in the zoom viewer on tap (`openViewer` from `useDrawingViewer`, shared
 * with the figure's "크게 보기" link); without JavaScript a plain link to the SVG file.
 */
export function ZoomableDrawing({
  image,
  openViewer,
  children,
}: {
  image: Image;
  openViewer: (event: MouseEvent<HTMLAnchorElement>) => void;
  children: ReactNode;
}) {
  return (
    <a href={imageUrl(image)} className="zoomable-drawing" onClick={openViewer}>
      {children}
      <span className="sr-only"> (확대해서 보기)</span>
    </a>
  );
}
