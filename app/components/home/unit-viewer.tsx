import { Link } from "react-router";
import type { UnitType } from "~/content/schema";
import { Picture } from "~/components/layout/picture";
import { ZoomableDrawing } from "~/components/media/zoomable-drawing";
import { figure, householdsText } from "~/lib/figures";

/*
 * The unit-type viewer of the phone layout: tabs and previous/next arrows (disabled at the ends);
 * a new image fades in over 500 ms. The panel shows the first type; each type's panel waits in a
 * <template> (inert: its image does not load) for app/enhance/home.ts to put it in place. Without
 * JavaScript each tab is a link to that type's page.
 */

const ID = "home-unit";
const tabId = (i: number) => `${ID}-tab-${i}`;

function UnitPanel({ unit }: { unit: UnitType }) {
  return (
    <>
      <div className="unit-frame">
        <ZoomableDrawing image={unit.viewerImage}>
          <Picture image={unit.viewerImage} sizes="(max-width: 900px) 80vw, 480px" />
        </ZoomableDrawing>
      </div>
      <p className="unit-facts">
        <strong>{unit.label}</strong>{" "}
        {`전용 ${figure(unit.exclusiveArea, (n) => `${n}㎡`)} · 공급 ${figure(unit.supplyArea, (n) => `${n}㎡`)} · ${figure(unit.households, householdsText)}`}
      </p>
      <Link to={unit.path} className="unit-more">
        {unit.label} 평면 자세히 보기
      </Link>
    </>
  );
}

export function UnitViewer({ units, label }: { units: UnitType[]; label: string }) {
  const first = units[0]!;
  return (
    <div className="unit-viewer" data-unit-viewer="">
      <div className="unit-tabs" role="tablist" aria-label={label}>
        {units.map((u, i) => (
          <a
            key={u.key}
            id={tabId(i)}
            href={u.path}
            role="tab"
            className="unit-tab"
            aria-selected={i === 0}
            aria-controls={`${ID}-panel`}
            tabIndex={i === 0 ? 0 : -1}
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
          disabled
        />
        <div id={`${ID}-panel`} role="tabpanel" aria-labelledby={tabId(0)} className="unit-panel">
          <UnitPanel unit={first} />
        </div>
        <button
          type="button"
          className="unit-arrow unit-arrow-next"
          aria-label="다음 주택형"
          disabled={units.length < 2}
        />
      </div>
      {units.map((u) => (
        <template key={u.key} data-unit-panel="">
          <UnitPanel unit={u} />
        </template>
      ))}
    </div>
  );
}
