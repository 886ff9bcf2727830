import { PageShell } from "~/components/layout/page-shell";
import { InfoSection, Notices, PlanFigure, PlanLegend } from "~/components/info/info-blocks";
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

      <PlanLegend
        id="site-plan-legend-title"
        title={plan.legendHeading}
        items={plan.legend.map((item) => ({ ...item, key: item.label }))}
      />

      <Notices
        id="site-plan-notices-title"
        title={plan.disclaimersHeading}
        items={plan.disclaimers}
      />
    </PageShell>
  );
}
