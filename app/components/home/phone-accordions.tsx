import type { Site } from "~/content";
import { Link } from "react-router";
import { VrViewer } from "~/components/media/vr-viewer";
import { figure, householdsText } from "~/lib/figures";
import { AccordionGroup, AccordionPicture, type AccordionPanel } from "./accordion";
import { PremiumSlider } from "./premium-slider";

/*
 * The phone layout's accordions on the home page, one table per group: the business overview, the
 * complex guide and, in the unit plan section, the type guide and the E-모델하우스. Wide screens
 * show none of them (home.css).
 */

/** A section of its own on phones: its title (`<group>-title`) and one accordion group. */
function PhoneSection({
  group,
  heading,
  panels,
}: {
  group: string;
  heading: string;
  panels: AccordionPanel[];
}) {
  return (
    <section className="home-mobile" aria-labelledby={`${group}-title`}>
      <h2 id={`${group}-title`} className="home-mobile-title">
        {heading}
      </h2>
      <AccordionGroup group={group} panels={panels} />
    </section>
  );
}

/** Phones: the business overview accordion (its facts, the location, the premium slider). */
export function OverviewAccordion({ site }: { site: Site }) {
  const { home } = site;
  const overviewPanels: AccordionPanel[] = [
    {
      title: home.overview.overviewTitle,
      body: (
        <>
          <dl className="acc-rows">
            {site.overviewRows.map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
          <Link to="/BusinessGuide/intro" className="acc-link">
            {home.overview.overviewTitle} 자세히 보기
          </Link>
        </>
      ),
    },
    {
      title: home.overview.locationTitle,
      body: (
        <AccordionPicture
          image={home.overview.location.image}
          text={home.overview.location.text}
          link={{ to: "/LocationEnvironment/intro", label: home.overview.location.linkText }}
        />
      ),
    },
    // No slider without slides: a complex started blank has no location highlights yet.
    ...(site.locationHighlights.length
      ? [
          {
            title: home.overview.premiumTitle,
            body: (
              <PremiumSlider
                label={home.overview.sliderLabel}
                slides={site.locationHighlights.map((h) => ({
                  image: h.image,
                  title: h.titleText,
                  text: h.contentText,
                }))}
              />
            ),
          },
        ]
      : []),
  ];
  return (
    <PhoneSection group="home-overview" heading={home.overview.heading} panels={overviewPanels} />
  );
}

/** Phones: the complex guide accordion, one panel per guide entry. */
export function ComplexAccordion({ site }: { site: Site }) {
  const { home } = site;
  const complexPanels: AccordionPanel[] = home.complexGuide.items.map((item) => ({
    title: item.title,
    body: (
      <AccordionPicture
        image={item.image}
        text={item.text}
        link={item.link ? { to: item.link, label: `${item.title} 자세히 보기` } : undefined}
      />
    ),
  }));
  return (
    <PhoneSection group="home-complex" heading={home.complexGuide.heading} panels={complexPanels} />
  );
}

/** Phones, in the unit plan section: the type guide table and the E-모델하우스. */
export function UnitAccordion({ site }: { site: Site }) {
  const { home } = site;
  const vrTab = site.vr.tabs.find((t) => t.key === home.unitPlan.vrKey)!;
  const vrUnit = site.unitTypes.find((u) => u.key === vrTab.key);
  const vrFallback = vrUnit ? { to: vrUnit.path, label: `${vrUnit.label} 평면 보기` } : undefined;
  const unitPanels: AccordionPanel[] = [
    {
      title: home.unitPlan.typeGuideTitle,
      body: (
        <table className="acc-table">
          <caption className="sr-only">{home.unitPlan.typeGuideTitle}</caption>
          <thead>
            <tr>
              <th scope="col">주택형</th>
              <th scope="col">전용면적</th>
              <th scope="col">세대수</th>
            </tr>
          </thead>
          <tbody>
            {site.unitTypes.map((u) => (
              <tr key={u.key}>
                <th scope="row">
                  <Link to={u.path}>{u.label}</Link>
                </th>
                <td>{figure(u.exclusiveArea, (n) => `${n}㎡`)}</td>
                <td>{figure(u.households, householdsText)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ),
    },
    {
      title: home.unitPlan.emodelTitle,
      body: (
        <>
          <p className="acc-tab" aria-hidden="true">
            <span>{vrTab.title}</span>
          </p>
          <VrViewer
            src={vrTab.src}
            tour={vrTab.tour}
            thumbnail={vrTab.thumbnail ?? vrUnit?.plan}
            title={`${vrTab.title} 타입 VR 모델하우스`}
            fallback={vrFallback}
          />
        </>
      ),
    },
  ];
  return <AccordionGroup group="home-unit" panels={unitPanels} />;
}
