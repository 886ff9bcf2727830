import type { Site } from "~/content";
import { getPage } from "~/content/pages";
import { RegisterTrigger } from "~/components/registration/registration-context";
import { NextMilestoneChip } from "~/components/schedule/schedule-list";
import { figure, householdsText, PENDING } from "~/lib/figures";
import { HeroPicture } from "./hero-picture";
import { sectionProps } from "./sections";

/** 1. The home page's hero: the picture, the banner, the call to register and the key facts. */
export function HomeHero({ site }: { site: Site }) {
  const { home, project, identity } = site;
  const schedule = site.infoPages.schedule;
  const page = getPage(site, "/");
  const areas = project.exclusiveAreas;
  return (
    <section {...sectionProps(0)} aria-labelledby="page-heading" className="home-section home-hero">
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
  );
}
