import { RemainingUnitsBoard } from "~/components/live/remaining-units";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import type { Site } from "~/content";
import { getPage, SCHEDULE_PATH } from "~/content/pages";
import { LeadForm, type LeadActionData } from "~/components/forms/lead-form";
import { AccordionGroup, AccordionPicture, type AccordionPanel } from "~/components/home/accordion";
import { HeroPicture, heroPreloads } from "~/components/home/hero-picture";
import { PremiumCards } from "~/components/home/premium-cards";
import { PremiumSlider } from "~/components/home/premium-slider";
import { SectionHead } from "~/components/home/section-head";
import { UnitViewer } from "~/components/home/unit-viewer";
import { Picture } from "~/components/layout/picture";
import { VrViewer } from "~/components/media/vr-viewer";
import { ModelHouseFacts, ModelHouseMapLinks } from "~/components/visit/model-house-facts";
import { RegisterTrigger } from "~/components/registration/registration-context";
import { NextMilestoneChip, ScheduleList } from "~/components/schedule/schedule-list";
import { figure, householdsText, PENDING } from "~/lib/figures";
import { phoneLink } from "~/lib/source-phone";
import { pageMeta } from "~/lib/seo";
import { siteFrom, useSite } from "~/lib/site";
import { leadAction, leadHeaders } from "./lead-action.server";
import "~/styles/home.css";

/*
 * The home page: eight sections in the order of the specification (hero, location points, brand,
 * location-environment banner, special plan, PREMIUM cards, unit plan, visit form) and the footer.
 * Wide screens page through them one wheel step at a time; phones get the stacked layout with the
 * unit viewer, the accordions and the premium slider. The page is not hydrated: this is its markup,
 * and app/enhance/home.ts (root `[data-home]`) gives it its behaviour in the browser — paging, the
 * fade-ins, the viewer, the accordions, the cards and the slider (docs/decisions/012). The inline
 * visit form posts to this route's action (`/?index`), so without JavaScript the page answered for
 * the POST shows the result.
 */

export { pageLoader as loader } from "./page-guard.server";
/** The page's tags, and the preloads of the complex's hero (a `links` function cannot see the complex). */
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args),
  ...heroPreloads(siteFrom(args.matches).home.hero).map((link) => ({ tagName: "link", ...link })),
];
export const headers = leadHeaders;

export function action(args: Route.ActionArgs) {
  return leadAction(args, { kind: "visit", variant: "inquiry" });
}

const FORM_ID = "interestForm";

/** The paged sections' anchors, in the order of the specification. */
const SECTION_IDS = [
  "home-hero",
  "home-location",
  "home-brand",
  "home-environment",
  "home-special",
  "home-premium",
  "home-unit",
  "home-visit",
] as const;
const sectionProps = (index: number) => ({
  id: SECTION_IDS[index]!,
  "data-page-section": "",
  "aria-labelledby": titleId(index),
});
const titleId = (index: number) => `${SECTION_IDS[index]!}-title`;

/** What the home page shows of a complex: its facts, the section labels and the phones' accordions. */
function homeView(site: Site) {
  const { home, project, contact, identity } = site;
  const schedule = site.infoPages.schedule;
  const viewerUnits = home.unitPlan.viewerKeys.map(
    (key) => site.unitTypes.find((u) => u.key === key)!,
  );
  const vrTab = site.vr.tabs.find((t) => t.key === home.unitPlan.vrKey)!;
  const vrUnit = site.unitTypes.find((u) => u.key === vrTab.key);
  const vrFallback = vrUnit ? { to: vrUnit.path, label: `${vrUnit.label} 평면 보기` } : undefined;

  /** The paged sections: anchor id and the label of the side indicator. */
  const sections = [
    { id: SECTION_IDS[0], label: "HOME" },
    { id: SECTION_IDS[1], label: home.location.eyebrow },
    { id: SECTION_IDS[2], label: home.brand.eyebrow },
    { id: SECTION_IDS[3], label: home.environment.eyebrow },
    { id: SECTION_IDS[4], label: home.specialPlan.eyebrow },
    { id: SECTION_IDS[5], label: home.premium.heading },
    { id: SECTION_IDS[6], label: home.unitPlan.eyebrow },
    { id: SECTION_IDS[7], label: home.visit.eyebrow },
  ];

  /* The phone layout's accordions, one table per group. */
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
  return {
    home,
    project,
    contact,
    identity,
    schedule,
    viewerUnits,
    sections,
    overviewPanels,
    complexPanels,
    unitPanels,
  };
}

export default function Home({ actionData }: Route.ComponentProps) {
  const site = useSite();
  const view = homeView(site);
  const { home, project, contact, identity, schedule, viewerUnits, sections } = view;
  const { overviewPanels, complexPanels, unitPanels } = view;
  const page = getPage(site, "/");
  const areas = project.exclusiveAreas;

  return (
    <div className="home" data-home="" data-position="1">
      {/* 1. Hero, with the key facts right under it */}
      <section
        {...sectionProps(0)}
        aria-labelledby="page-heading"
        className="home-section home-hero"
      >
        <div className="home-hero-media">
          <HeroPicture wide={home.hero.wide} tall={home.hero.tall} className="home-hero-img" />
        </div>
        <div className="home-hero-inner">
          <div className="home-hero-text">
            <p className="home-hero-eyebrow">{identity.address}</p>
            <p className="home-hero-title" aria-hidden="true">
              {page.banner.title}
            </p>
            {page.banner.slogans.map((line) => (
              <p key={line} className="home-hero-slogan">
                {line}
              </p>
            ))}
            <p className="home-hero-actions">
              <RegisterTrigger className="btn btn-primary home-hero-cta">
                {home.hero.ctaLabel}
              </RegisterTrigger>
            </p>
          </div>
          <NextMilestoneChip className="home-hero-next" milestones={schedule.milestones} />
        </div>
        <h1 id="page-heading" className="sr-only">
          {page.title}
        </h1>
        <p className="sr-only">{page.srDescription}</p>
        <div className="key-facts">
          <h2 className="sr-only">{home.keyFacts.heading}</h2>
          <dl className="key-facts-list">
            <div>
              <dt>{home.keyFacts.labels.households}</dt>
              <dd>{figure(project.households, householdsText)}</dd>
            </div>
            <div>
              <dt>{home.keyFacts.labels.floors}</dt>
              <dd>
                {project.floors ? (
                  <>
                    {`B${project.floors.basement} ~ ${project.floors.above}F`}
                    <small>{`지하 ${project.floors.basement}층 ~ 지상 ${project.floors.above}층`}</small>
                  </>
                ) : (
                  PENDING
                )}
              </dd>
            </div>
            <div>
              <dt>{home.keyFacts.labels.areas}</dt>
              <dd>
                {areas.length ? (
                  <>
                    {`${Math.min(...areas)} ~ ${Math.max(...areas)}㎡`}
                    <small>{`전용 ${areas.join("·")}㎡`}</small>
                  </>
                ) : (
                  PENDING
                )}
              </dd>
            </div>
            <div>
              <dt>{home.keyFacts.labels.brandTown}</dt>
              <dd>{figure(project.brandTownHouseholds, (n) => `약 ${householdsText(n)}`)}</dd>
            </div>
            <div>
              <dt>{home.keyFacts.labels.moveIn}</dt>
              <dd>{project.moveIn}</dd>
            </div>
          </dl>
        </div>
      </section>

      {/* 2. Location points */}
      <section {...sectionProps(1)} className="home-section home-location">
        <div className="home-wrap home-location-grid">
          <SectionHead
            id={titleId(1)}
            eyebrow={home.location.eyebrow}
            title={home.location.heading}
            lead={home.location.intro}
            actions={
              <RegisterTrigger className="btn btn-primary">
                {home.location.ctaLabel}
              </RegisterTrigger>
            }
          />
          <ol className="home-points home-fade-late">
            {home.location.points.map((point, i) => (
              <li key={point.title} className="home-point">
                <span className="home-point-no" aria-hidden="true">
                  {String(i + 1).padStart(2, "0")}
                </span>
                <h3>{point.title}</h3>
                <p>{point.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {/* 3. Brand intro */}
      <section {...sectionProps(2)} className="home-section home-brand">
        <div className="home-wrap home-brand-grid">
          <div className="home-brand-media">
            <Picture image={home.brand.image} sizes="(max-width: 900px) 100vw, 50vw" />
          </div>
          <SectionHead
            id={titleId(2)}
            eyebrow={home.brand.eyebrow}
            title={home.brand.heading}
            lead={home.brand.text}
            actions={
              <Link to="/Brand/video" className="btn btn-outline">
                {home.brand.linkText}
              </Link>
            }
          />
        </div>
      </section>

      {/* Phones: the business overview accordion */}
      <section className="home-mobile" aria-labelledby="home-overview-title">
        <h2 id="home-overview-title" className="home-mobile-title">
          {home.overview.heading}
        </h2>
        <AccordionGroup group="home-overview" panels={overviewPanels} />
      </section>

      {/* 4. Location-environment banner */}
      <section {...sectionProps(3)} className="home-section home-env">
        <div className="home-env-media">
          <Picture image={home.environment.image} sizes="100vw" className="home-env-img" />
        </div>
        <SectionHead
          id={titleId(3)}
          className="home-env-text"
          eyebrow={home.environment.eyebrow}
          title={home.environment.heading}
          lead={home.environment.text}
          actions={
            <Link to="/LocationEnvironment/intro" className="btn btn-light">
              {home.environment.linkText}
            </Link>
          }
        />
      </section>

      {/* 5. Special plan */}
      <section {...sectionProps(4)} className="home-section home-special">
        <div className="home-wrap home-special-grid">
          <div className="home-special-media">
            <Picture image={home.specialPlan.image} sizes="45vw" />
          </div>
          <div>
            <SectionHead
              id={titleId(4)}
              eyebrow={home.specialPlan.eyebrow}
              title={home.specialPlan.heading}
              lead={home.specialPlan.intro}
            />
            <ul className="home-special-list home-fade-late">
              {home.specialPlan.items.map((item) => (
                <li key={item.title}>
                  <h3>{item.title}</h3>
                  <p>{item.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      {/* Phones: the complex guide accordion */}
      <section className="home-mobile" aria-labelledby="home-complex-title">
        <h2 id="home-complex-title" className="home-mobile-title">
          {home.complexGuide.heading}
        </h2>
        <AccordionGroup group="home-complex" panels={complexPanels} />
      </section>

      {/* 6. PREMIUM cards */}
      <section {...sectionProps(5)} className="home-section home-premium">
        <div className="home-wrap">
          <SectionHead
            id={titleId(5)}
            className="home-head-center home-premium-head"
            title={home.premium.heading}
            lead={home.premium.intro}
          />
          <PremiumCards cards={site.premiumCards} hint={home.premium.expandHint} />
        </div>
      </section>

      {/* 7. Unit plan: the teaser, and on phones the viewer and two accordions */}
      <section {...sectionProps(6)} className="home-section home-unit">
        <div className="home-wrap home-unit-grid">
          <SectionHead
            id={titleId(6)}
            eyebrow={home.unitPlan.eyebrow}
            title={home.unitPlan.heading}
            lead={home.unitPlan.text}
            actions={
              <Link to={home.unitPlan.link} className="btn btn-primary">
                {home.unitPlan.linkText}
              </Link>
            }
          >
            <ul className="home-unit-chips">
              {site.unitTypes.map((u) => (
                <li key={u.key}>
                  <Link to={u.path}>
                    <strong>{u.label}</strong> {figure(u.exclusiveArea, (n) => `${n}㎡`)}
                  </Link>
                </li>
              ))}
            </ul>
            <RemainingUnitsBoard
              remaining={site.remainingUnits}
              unitTypes={site.unitTypes}
              className="home-remaining"
            />
          </SectionHead>
          <figure className="home-unit-plan">
            <Picture image={home.unitPlan.image} sizes="45vw" />
          </figure>
          <div className="home-unit-mobile">
            <h3 className="home-mobile-subtitle">{home.unitPlan.viewerHeading}</h3>
            <UnitViewer units={viewerUnits} label={home.unitPlan.viewerHeading} />
            <AccordionGroup group="home-unit" panels={unitPanels} />
          </div>
        </div>
      </section>

      {/* 8. Visit: model house, schedule and the inline form */}
      <section {...sectionProps(7)} className="home-section home-visit">
        <div className="home-wrap home-visit-grid">
          <SectionHead
            id={titleId(7)}
            className="home-visit-head"
            eyebrow={home.visit.eyebrow}
            title={home.visit.heading}
            lead={home.visit.intro}
          />
          <div className="home-visit-info">
            <div className="model-house">
              <h3 className="home-subtitle">{home.visit.modelHouseHeading}</h3>
              <ModelHouseFacts
                className="model-house-facts"
                hoursLabel="운영"
                after={
                  <div>
                    <dt>문의</dt>
                    <dd>
                      <a {...phoneLink(identity.phone)} className="model-house-phone">
                        {identity.phone}
                      </a>{" "}
                      <small>{contact.hours}</small>
                    </dd>
                  </div>
                }
              />
              <ModelHouseMapLinks
                className="model-house-map"
                label={<span className="model-house-map-label">{home.visit.directionsLabel}</span>}
              />
            </div>
            <div className="home-schedule">
              <h3 className="home-subtitle">{home.visit.scheduleHeading}</h3>
              <ScheduleList
                milestones={schedule.milestones}
                label={schedule.listLabel}
                variant="compact"
              />
              <Link to={SCHEDULE_PATH} className="home-schedule-link">
                {home.visit.scheduleLinkText}
              </Link>
            </div>
          </div>
          <div className="home-visit-form">
            <h3 className="home-subtitle">{home.visit.formHeading}</h3>
            <LeadForm
              variant="inquiry"
              kind="visit"
              id={FORM_ID}
              action="/?index"
              source={`/#${FORM_ID}`}
              serverResult={actionData as LeadActionData | undefined}
              collapseTerms
              showSmsNotice
            />
          </div>
        </div>
      </section>

      <nav className="home-pager" aria-label="홈 화면 섹션">
        <ol>
          {sections.map((s, i) => (
            <li key={s.id}>
              <a href={`#${s.id}`} aria-current={i === 0 ? "true" : undefined}>
                <span className="home-pager-label">{s.label}</span>
              </a>
            </li>
          ))}
        </ol>
      </nav>
    </div>
  );
}
