import type { Site } from "~/content";
import { SCHEDULE_PATH } from "~/content/pages";
import { Link } from "react-router";
import { LeadForm, type LeadActionData } from "~/components/forms/lead-form";
import { ScheduleList } from "~/components/schedule/schedule-list";
import { ModelHouseFacts, ModelHouseMapLinks } from "~/components/visit/model-house-facts";
import { phoneLink } from "~/lib/source-phone";
import { SectionHead } from "./section-head";
import { sectionProps, titleId } from "./sections";

const FORM_ID = "interestForm";

/**
 * 8. The home page's visit section: the model house, the sale schedule and the inline visit form,
 * which posts to the home route's action (`/?index`); `serverResult` is that action's answer.
 */
export function HomeVisit({
  site,
  serverResult,
}: {
  site: Site;
  serverResult: LeadActionData | undefined;
}) {
  const { home, contact, identity } = site;
  const schedule = site.infoPages.schedule;
  return (
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
            serverResult={serverResult}
            collapseTerms
            showSmsNotice
          />
        </div>
      </div>
    </section>
  );
}
