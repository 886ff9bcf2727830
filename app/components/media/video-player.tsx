import type { Image, VideoFile } from "~/content/schema";
import { Picture } from "~/components/layout/picture";
import { imageUrl } from "~/lib/images";
import { playerUrl, watchUrl } from "~/lib/media";
import { fileUrl } from "~/lib/media-files";

/**
 * A film: 400x300 on phones, up to 1300x500 on desktop, never wider than the screen. Nothing of it
 * loads before the visitor plays it (or chooses its tab, app/enhance/media.ts):
 * - a film kept here (`file`): the browser's own player, `preload="none"` behind the poster, with
 *   Korean captions; it works without JavaScript;
 * - a YouTube film or another site's player (`src`): the poster with a play button, which the
 *   script replaces with the player's iframe on click; without JavaScript the button is a link to
 *   the film (YouTube's page), in a new tab. No request to the other site before that.
 * Without either, the poster carries a "coming soon" notice instead of an empty frame.
 */
export function VideoPlayer({
  src,
  file,
  poster,
  title,
}: {
  src: string;
  file?: VideoFile;
  poster: Image;
  /** Accessible name of the player, e.g. "입지 안내 영상". */
  title: string;
}) {
  if (file) {
    return (
      <div className="media-frame media-frame-video" data-media="video" data-kind="file">
        <video
          className="media-video"
          controls
          preload="none"
          playsInline
          poster={imageUrl(poster)}
          width={file.width}
          height={file.height}
          aria-label={title}
        >
          <source src={fileUrl(file.src)} type="video/mp4" />
          {file.captions && (
            <track
              kind="captions"
              srcLang="ko"
              label="한국어"
              default
              src={fileUrl(file.captions)}
            />
          )}
          <a href={fileUrl(file.src)}>{title} 내려받기</a>
        </video>
      </div>
    );
  }
  if (src === "") {
    return (
      <div className="media-frame media-frame-video" data-state="empty">
        <Picture image={poster} className="media-poster" sizes="(max-width: 900px) 100vw, 1300px" />
        <div className="media-notice">
          <p className="media-notice-title">영상 준비중입니다</p>
          <p>{title} · 공개되는 대로 이곳에서 바로 보실 수 있습니다.</p>
        </div>
      </div>
    );
  }
  return (
    <div
      className="media-frame media-frame-video"
      data-media="video"
      data-state="poster"
      data-src={playerUrl(src)}
      data-title={title}
    >
      <Picture image={poster} className="media-poster" sizes="(max-width: 900px) 100vw, 1300px" />
      <a
        className="video-start"
        href={watchUrl(src)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${title} 재생`}
      >
        <span className="video-start-icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="34" height="34">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </span>
        <span className="video-start-text" aria-hidden="true">
          {title}
        </span>
      </a>
    </div>
  );
}
