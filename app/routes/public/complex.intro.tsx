import { ComingSoon, PageShell } from "~/components/layout/page-shell";
import { InfoSection, Notices, PlanFigure, PlanLegend } from "~/components/info/info-blocks";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";

export { pageLoader as loader } from "./page-guard.server";
export const meta = pageMeta;

export default function ComplexIntro() {
  const site = useSite();
  const plan = site.infoPages.sitePlan;
  return (
    <PageShell>
      <InfoSection id="site-plan-title" eyebrow="SITE PLAN" title={plan.heading} intro={plan.intro}>
        <PlanFigure image={plan.image} />
      </InfoSection>

      {plan.legend.length > 0 ? (
        <PlanLegend
          id="site-plan-legend-title"
          title={plan.legendHeading}
          items={plan.legend.map((item) => ({ ...item, key: item.label }))}
        />
      ) : (
        <InfoSection id="site-plan-legend-title" title={plan.legendHeading}>
          <ComingSoon />
        </InfoSection>
      )}

      <Notices
        id="site-plan-notices-title"
        title={plan.disclaimersHeading}
        items={plan.disclaimers}
      />
    </PageShell>
  );
}
