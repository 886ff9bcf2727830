import { PageShell } from "~/components/layout/page-shell";
import { InfoSection, Notices, PlanFigure } from "~/components/info/info-blocks";
import { content } from "~/content";
import { pageMeta } from "~/lib/seo";

export const meta = pageMeta;

export default function ComplexIntro() {
  const plan = content.infoPages.sitePlan;
  return (
    <PageShell>
      <InfoSection id="site-plan-title" eyebrow="SITE PLAN" title={plan.heading} intro={plan.intro}>
        <PlanFigure image={plan.image} />
      </InfoSection>

      <section className="plan-legend" aria-labelledby="site-plan-legend-title">
        <h2 id="site-plan-legend-title" className="plan-legend-title">
          {plan.legendHeading}
        </h2>
        <ul>
          {plan.legend.map((item) => (
            <li key={item.label}>
              <span
                className={`swatch swatch-${item.kind ?? "area"}`}
                style={{ "--swatch": item.color } as React.CSSProperties}
                aria-hidden="true"
              />
              {item.label}
            </li>
          ))}
        </ul>
      </section>

      <Notices
        id="site-plan-notices-title"
        title={plan.disclaimersHeading}
        items={plan.disclaimers}
      />
    </PageShell>
  );
}
