import { RemainingUnitsBoard } from "~/components/live/remaining-units";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import type { Site } from "~/content";
import type { LeadActionData } from "~/components/forms/lead-form";
import { HomeHero } from "~/components/home/home-hero";
import { heroPreloads } from "~/components/home/hero-picture";
import { HomeVisit } from "~/components/home/home-visit";
import {
  ComplexAccordion,
  OverviewAccordion,
  UnitAccordion,
} from "~/components/home/phone-accordions";
import { PremiumCards } from "~/components/home/premium-cards";
import { RegisterTrigger } from "~/components/registration/registration-context";
import { SectionHead } from "~/components/home/section-head";
import { SECTION_IDS, sectionProps, titleId } from "~/components/home/sections";
import { UnitViewer } from "~/components/home/unit-viewer";
import { Picture } from "~/components/layout/picture";
import { figure } from "~/lib/figures";
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
 * the POST shows the result. The hero, the visit section and the phones' accordions are components
 * of their own (app/components/home/).
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

/** What the home page shows of a complex besides its sections: the viewer's units and the pager. */
function homeView(site: Site) {
  const { home } = site;
  const viewerUnits = home.unitPlan.viewerKeys.map(
    (key) => site.unitTypes.find((u) => u.key === key)!,
  );

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
  return { home, viewerUnits, sections };
}

export default function Home({ actionData }: Route.ComponentProps) {
  const site = useSite();
  const { home, viewerUnits, sections } = homeView(site);

  return (
    <div className="home" data-home="" data-position="1">
      {/* 1. Hero, with the key facts right under it */}
      <HomeHero site={site} />

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

      <OverviewAccordion site={site} />

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

      <ComplexAccordion site={site} />

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
            <UnitAccordion site={site} />
          </div>
        </div>
      </section>

      {/* 8. Visit: model house, schedule and the inline form */}
      <HomeVisit site={site} serverResult={actionData as LeadActionData | undefined} />

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
