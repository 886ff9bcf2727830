import { ComingSoon, PageShell } from "~/components/layout/page-shell";
import { Picture } from "~/components/layout/picture";
import { InfoSection, Notices, PlanFigure } from "~/components/info/info-blocks";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";

export { pageLoader as loader } from "./page-guard.server";
export const meta = pageMeta;

export default function LocationIntro() {
  const site = useSite();
  const page = site.infoPages.locationPage;
  return (
    <PageShell>
      <InfoSection id="location-title" eyebrow="LOCATION" title={page.heading} intro={page.intro}>
        <PlanFigure image={page.map} caption={page.mapHeading} />
      </InfoSection>

      <InfoSection id="location-highlights-title" title={page.highlightsHeading}>
        {site.locationHighlights.length === 0 && <ComingSoon />}
        <ul className="highlight-list" hidden={site.locationHighlights.length === 0}>
          {site.locationHighlights.map((h, i) => (
            <li
              key={h.titleText}
              className="highlight reveal"
              style={{ animationDelay: `${100 + i * 80}ms` }}
            >
              <Picture image={h.image} sizes="(max-width: 900px) 100vw, 400px" />
              <div className="highlight-text">
                <p className="highlight-no" aria-hidden="true">
                  {String(i + 1).padStart(2, "0")}
                </p>
                <h3>{h.titleText}</h3>
                <p>{h.contentText}</p>
              </div>
            </li>
          ))}
        </ul>
      </InfoSection>

      <Notices
        id="location-notices-title"
        title={page.disclaimersHeading}
        items={page.disclaimers}
      />
    </PageShell>
  );
}
