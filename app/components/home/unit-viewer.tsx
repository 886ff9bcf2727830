import { useId, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";
import type { UnitType } from "~/content";
import { Picture } from "~/components/layout/picture";
import { useDrawingViewer, ZoomableDrawing } from "~/components/media/zoomable-drawing";

/*
 * The unit-type viewer of the phone layout: tabs and previous/next arrows (disabled at the ends);
 * a new image fades in over 500 ms. Without JavaScript each tab is a link to that type's page.
 */
export function UnitViewer({ units, label }: { units: UnitType[]; label: string }) {
  const [index, setIndex] = useState(0);
  const id = useId();
  const tabs = useRef<(HTMLAnchorElement | null)[]>([]);
  const unit = units[index]!;
  const last = units.length - 1;
  const openViewer = useDrawingViewer(unit.viewerImage);
  const tabId = (i: number) => `${id}-tab-${i}`;

  function select(i: number, focus = false) {
    const next = Math.max(0, Math.min(last, i));
    setIndex(next);
    if (focus) tabs.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: last,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    select(moves[event.key]!, true);
  }

  return (
    <div className="unit-viewer">
      <div className="unit-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {units.map((u, i) => (
          <a
            key={u.key}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            id={tabId(i)}
            href={u.path}
            role="tab"
            className="unit-tab"
            aria-selected={i === index}
            aria-controls={`${id}-panel`}
            tabIndex={i === index ? 0 : -1}
            onClick={(event) => {
              event.preventDefault();
              select(i);
            }}
          >
            {u.label}
          </a>
        ))}
      </div>
      <div className="unit-stage">
        <button
          type="button"
          className="unit-arrow unit-arrow-prev"
          aria-label="이전 주택형"
          disabled={index === 0}
          onClick={() => select(index - 1)}
        />
        <div
          id={`${id}-panel`}
          role="tabpanel"
          aria-labelledby={tabId(index)}
          className="unit-panel"
        >
          <div className="unit-frame" key={unit.key}>
            <ZoomableDrawing image={unit.viewerImage} openViewer={openViewer}>
              <Picture image={unit.viewerImage} sizes="(max-width: 900px) 80vw, 480px" />
            </ZoomableDrawing>
          </div>
          <p className="unit-facts">
            <strong>{unit.label}</strong>{" "}
            {`전용 ${unit.exclusiveArea}㎡ · 공급 ${unit.supplyArea}㎡ · ${unit.households}세대`}
          </p>
          <Link to={unit.path} className="unit-more">
            {unit.label} 평면 자세히 보기
          </Link>
        </div>
        <button
          type="button"
          className="unit-arrow unit-arrow-next"
          aria-label="다음 주택형"
          disabled={index === last}
          onClick={() => select(index + 1)}
        />
      </div>
    </div>
  );
}
