import { Link } from "react-router";

/**
 * A VR tour of the model house from another site. The tour loads only when the visitor clicks the
 * frame (it is heavy, and this keeps the page fast): app/enhance/media.ts puts the iframe in place
 * of the link. Without JavaScript the same spot is a link that opens the tour in a new tab. Without
 * a source, a notice says the tour is not published yet.
 */
export function VrViewer({
  src,
  title,
  fallback,
}: {
  src: string;
  /** Accessible name, e.g. "47A 타입 VR 모델하우스". */
  title: string;
  /** Where to look meanwhile when the tour is not published (e.g. the type's floor plan page). */
  fallback?: { to: string; label: string };
}) {
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
    <div
      className="media-frame media-frame-vr"
      data-state="ready"
      data-media="vr"
      data-src={src}
      data-title={title}
    >
      <a className="vr-start" href={src} target="_blank" rel="noopener noreferrer">
        <span className="vr-start-icon" aria-hidden="true">
          360°
        </span>
        <span className="vr-start-text">화면을 클릭하시면 VR을 보실 수 있습니다</span>
        <span className="sr-only">{title}</span>
      </a>
    </div>
  );
}
