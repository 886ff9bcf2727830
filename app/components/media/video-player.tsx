import type { Image } from "~/content/schema";
import { Picture } from "~/components/layout/picture";
import { autoplayUrl } from "~/lib/media";

/**
 * An embedded film: 400x300 on phones, up to 1300x500 on desktop, never wider than the screen.
 * The page shows the poster; the player (another site's iframe, `data-src`) is created only in the
 * browser, by app/enhance/media.ts, when the frame is on a shown tab. Without a source, the poster
 * carries a "coming soon" notice instead of an empty frame.
 */
export function VideoPlayer({
  src,
  poster,
  title,
  autoplay = true,
}: {
  src: string;
  poster: Image;
  /** Accessible name of the player, e.g. "입지 안내 영상". */
  title: string;
  autoplay?: boolean;
}) {
  const playable = src !== "";
  return (
    <div
      className="media-frame media-frame-video"
      data-state={playable ? "poster" : "empty"}
      data-media={playable ? "video" : undefined}
      data-src={playable ? (autoplay ? autoplayUrl(src) : src) : undefined}
      data-title={playable ? title : undefined}
    >
      <Picture image={poster} className="media-poster" sizes="(max-width: 900px) 100vw, 1300px" />
      <div className="media-notice">
        {playable ? (
          <>
            <p className="media-notice-title">{title}</p>
            <p>
              <a href={src} target="_blank" rel="noopener noreferrer" className="media-notice-link">
                새 창에서 영상 보기
              </a>
            </p>
          </>
        ) : (
          <>
            <p className="media-notice-title">영상 준비중입니다</p>
            <p>{title} · 공개되는 대로 이곳에서 바로 보실 수 있습니다.</p>
          </>
        )}
      </div>
    </div>
  );
}
