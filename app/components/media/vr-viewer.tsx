import { Link } from "react-router";
import { Picture } from "~/components/layout/picture";
import type { Image, Tour } from "~/content";
import { PANORAMA_PREVIEW_WIDTH, panoramaUrl, panoramaWidths } from "~/lib/media-files";

/**
 * A VR tour of the model house from another site. The tour loads only when the visitor clicks the
 * frame (it is heavy, and this keeps the page fast): app/enhance/media.ts puts the iframe in place
 * of the link. Without JavaScript the same spot is a link that opens the tour in a new tab. Without
 * a source, a notice says the tour is not published yet.
 *
 * A tour hosted here (`tour`: rooms of 360° panoramas) shows its first room as a still picture with
 * a link to the panorama; app/enhance/tour.ts (loaded on the visitor's choice) opens the viewer in
 * its place. The still picture and the link are what a browser without JavaScript or WebGL keeps.
 */
export function VrViewer({
  src,
  tour,
  thumbnail,
  title,
  fallback,
}: {
  src: string;
  tour?: Tour;
  /**
   * The picture shown before a vendor's tour is chosen: the tab's own, else the pages pass the unit
   * type's floor plan (a drawing made from its data), else the dark start panel.
   */
  thumbnail?: Image;
  /** Accessible name, e.g. "47A 타입 VR 모델하우스". */
  title: string;
  /** Where to look meanwhile when the tour is not published (e.g. the type's floor plan page). */
  fallback?: { to: string; label: string };
}) {
  if (tour) return <TourViewer tour={tour} title={title} />;
  if (!src) {
    return (
      <div className="media-frame media-frame-vr" data-state="empty">
        <div className="media-notice media-notice-solid">
          <span className="vr-start-icon vr-start-icon-muted" aria-hidden="true">
            360°
          </span>
          <p className="media-notice-title">VR 모델하우스 준비중입니다</p>
          <p>{title} · 공개되는 대로 이곳에서 둘러보실 수 있습니다.</p>
          <p>견본주택 방문이나 전화 상담으로 먼저 안내받으실 수 있습니다.</p>
          {fallback ? (
            <p>
              <Link to={fallback.to} className="media-notice-button">
                {fallback.label}
              </Link>
            </p>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <>
      <div
        className="media-frame media-frame-vr"
        data-state="ready"
        data-media="vr"
        data-src={src}
        data-title={title}
      >
        <a className="vr-start" href={src} target="_blank" rel="noopener noreferrer">
          {thumbnail ? (
            <Picture
              image={thumbnail}
              className="vr-thumb"
              sizes="(max-width: 900px) 100vw, 1140px"
              alt=""
            />
          ) : null}
          <span className="vr-start-icon" aria-hidden="true">
            360°
          </span>
          <span className="vr-start-text">화면을 클릭하시면 VR을 보실 수 있습니다</span>
          <span className="sr-only">{title}</span>
        </a>
      </div>
      <p className="vr-links">
        <a href={src} target="_blank" rel="noopener noreferrer">
          새 창에서 보기<span className="sr-only"> ({title})</span>
        </a>
        <button type="button" className="vr-fullscreen" data-vr-fullscreen hidden>
          전체 화면으로 보기
        </button>
      </p>
    </>
  );
}

/** What the viewer needs of a tour: each room's files at the widths kept, the hotspots. */
function tourData(tour: Tour) {
  return tour.rooms.map((room) => ({
    key: room.key,
    title: room.title,
    yaw: room.yaw,
    preview: panoramaUrl(room.panorama, PANORAMA_PREVIEW_WIDTH),
    files: panoramaWidths(room.panorama.width).map((w) => [w, panoramaUrl(room.panorama, w)]),
    hotspots: room.hotspots,
  }));
}

function TourViewer({ tour, title }: { tour: Tour; title: string }) {
  const first = tour.rooms[0]!;
  const widths = panoramaWidths(first.panorama.width);
  const still = widths.find((w) => w >= 2048) ?? widths.at(-1)!;
  const largest = widths.at(-1)!;
  return (
    <div
      className="media-frame media-frame-vr media-frame-tour"
      data-state="ready"
      data-media="tour"
      data-title={title}
      data-tour={JSON.stringify(tourData(tour))}
    >
      <img
        className="tour-still"
        src={panoramaUrl(first.panorama, still)}
        width={still}
        height={still / 2}
        alt={`${title} ${first.title} 360° 사진`}
        loading="lazy"
        fetchPriority="low"
        decoding="async"
      />
      <div className="tour-cover">
        <button type="button" className="tour-start" data-tour-start hidden>
          <span className="vr-start-icon" aria-hidden="true">
            360°
          </span>
          <span className="vr-start-text">360° 투어 보기</span>
          <span className="sr-only">{title}</span>
        </button>
        <p className="tour-note" data-tour-note hidden>
          이 브라우저에서는 360° 화면을 볼 수 없어 사진으로 보여 드립니다.
        </p>
        <a
          className="tour-link"
          href={panoramaUrl(first.panorama, largest)}
          target="_blank"
          rel="noopener"
        >
          {first.title} 파노라마 사진 크게 보기
        </a>
      </div>
    </div>
  );
}
