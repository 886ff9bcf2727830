import { Link, useLocation } from "react-router";
import { PageShell } from "~/components/layout/page-shell";
import { Picture } from "~/components/layout/picture";
import { Notices } from "~/components/info/info-blocks";
import { drawingLink, ZoomableDrawing } from "~/components/media/zoomable-drawing";
import type { Site, UnitType } from "~/content";
import { areaText, figure, householdsText, PENDING, pyeong } from "~/lib/figures";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";
import type { Route } from "./+types/floor-plan";
import { missingPage, requirePage } from "./page-guard.server";

/** /FloorPlan/:unit: 404 for a unit type the request's complex does not have. */
export function loader({ request }: Route.LoaderArgs) {
  const { site, page } = requirePage(request);
  if (!site.unitTypes.some((u) => u.path === page.path)) missingPage(site, new URL(request.url));
  return null;
}

export const meta = pageMeta;

/** An area and its pyeong, or 준비 중 (app/lib/figures.ts). */
function Area({ m2 }: { m2: number | undefined }) {
  if (m2 === undefined) return <>{PENDING}</>;
  return (
    <>
      {areaText(m2)} <span className="fp-pyeong">(약 {pyeong(m2)}평)</span>
    </>
  );
}

function unitFor(site: Site, pathname: string): UnitType {
  const unit = site.unitTypes.find((u) => u.path === pathname);
  if (!unit) throw new Error(`콘텐츠에 주택형이 없습니다: ${pathname}`);
  return unit;
}

export default function FloorPlan() {
  const { pathname } = useLocation();
  const site = useSite();
  const unit = unitFor(site, pathname);
  const page = site.floorPlanPage;
  return (
    <PageShell path={unit.path}>
      <section className="fp-video-cta" aria-labelledby="fp-video-title">
        <p className="fp-eyebrow">UNIT GUIDE</p>
        <h2 id="fp-video-title" className="fp-video-title">
          {page.headline}
        </h2>
        <Link to="/FloorPlan/videos" className="btn btn-navy fp-video-link">
          <span aria-hidden="true">▶</span> {page.videoLinkText}
        </Link>
      </section>

      <section className="fp-unit" aria-labelledby="fp-unit-title">
        <h2 id="fp-unit-title" className="fp-unit-title">
          <span className="fp-unit-type">{unit.label}</span> 타입 평면도
        </h2>
        <div className="fp-unit-body">
          <figure className="fp-figure">
            <ZoomableDrawing image={unit.plan}>
              <Picture
                image={unit.plan}
                sizes="(max-width: 900px) 100vw, 780px"
                className="fp-plan-img"
              />
            </ZoomableDrawing>
            <figcaption>
              {unit.label} 타입 · 전용 {figure(unit.exclusiveArea, areaText)}
              <a
                {...drawingLink(unit.plan)}
                target="_blank"
                rel="noopener noreferrer"
                className="fp-zoom"
              >
                크게 보기<span className="sr-only"> (새 창)</span>
              </a>
            </figcaption>
          </figure>
          <table className="fp-spec">
            <caption>{unit.label} 타입 면적과 구성</caption>
            <tbody>
              <tr>
                <th scope="row">주택형</th>
                <td>{unit.label}</td>
              </tr>
              <tr>
                <th scope="row">전용면적</th>
                <td>
                  <Area m2={unit.exclusiveArea} />
                </td>
              </tr>
              <tr>
                <th scope="row">공급면적</th>
                <td>
                  <Area m2={unit.supplyArea} />
                </td>
              </tr>
              <tr>
                <th scope="row">세대수</th>
                <td>{figure(unit.households, householdsText)}</td>
              </tr>
              <tr>
                <th scope="row">방/욕실</th>
                <td>
                  {unit.rooms === undefined || unit.bathrooms === undefined
                    ? PENDING
                    : `방 ${unit.rooms}개 / 욕실 ${unit.bathrooms}개`}
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>

      <Notices id="fp-notices-title" title="평면 유의사항" items={page.notices} />
    </PageShell>
  );
}
