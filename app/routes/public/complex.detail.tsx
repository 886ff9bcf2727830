import { ComingSoon, PageShell } from "~/components/layout/page-shell";
import { InfoSection, Notices, PlanFigure, PlanLegend } from "~/components/info/info-blocks";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";

export { pageLoader as loader } from "./page-guard.server";
export const meta = pageMeta;

export default function ComplexDetail() {
  const site = useSite();
  const plan = site.infoPages.unitPositions;
  const label = (key: string) => site.unitTypes.find((u) => u.key === key)?.label ?? key;
  const households = (key: string) =>
    plan.buildings
      .flatMap((b) => b.lines)
      .reduce((sum, l) => (l.type === key ? sum + l.to - l.from + 1 : sum), 0);
  const lineNumbers = [...new Set(plan.buildings.flatMap((b) => b.lines.map((l) => l.line)))].sort(
    (a, b) => a - b,
  );
  return (
    <PageShell>
      <InfoSection
        id="unit-positions-title"
        eyebrow="UNIT PLAN"
        title={plan.heading}
        intro={plan.intro}
      >
        <PlanFigure image={plan.image} />
      </InfoSection>

      {plan.buildings.length === 0 ? (
        // A complex started blank: no buildings yet (app/console/blank.server.ts).
        <InfoSection id="unit-table-title" title={plan.tableHeading}>
          <ComingSoon />
        </InfoSection>
      ) : (
        <>
          <PlanLegend
            id="unit-legend-title"
            title={plan.legendHeading}
            items={plan.typeColors.map((t) => ({
              key: t.type,
              color: t.color,
              label: (
                <>
                  {label(t.type)}
                  <span className="plan-legend-count">{households(t.type)}세대</span>
                </>
              ),
            }))}
          />

          <InfoSection id="unit-table-title" title={plan.tableHeading}>
            <div
              className="table-scroll"
              role="region"
              aria-labelledby="unit-table-title"
              tabIndex={0}
            >
              <table className="info-table unit-table">
                <caption className="sr-only">{plan.tableCaption}</caption>
                <thead>
                  <tr>
                    <th scope="col">동</th>
                    {lineNumbers.map((n) => (
                      <th key={n} scope="col">
                        {n}호 라인
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {plan.buildings.map((b) => (
                    <tr key={b.name}>
                      <th scope="row">
                        {b.name}
                        <span className="unit-table-floors">최고 {b.floors}층</span>
                      </th>
                      {lineNumbers.map((n) => {
                        const line = b.lines.find((l) => l.line === n);
                        const color = plan.typeColors.find((t) => t.type === line?.type)?.color;
                        return (
                          <td key={n}>
                            {line ? (
                              <>
                                <span
                                  className="unit-chip"
                                  style={{ "--swatch": color } as React.CSSProperties}
                                >
                                  {label(line.type)}
                                </span>
                                <span className="unit-floors">
                                  {line.from}~{line.to}층
                                </span>
                                <span className="unit-count">{line.to - line.from + 1}세대</span>
                              </>
                            ) : (
                              "-"
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </InfoSection>
        </>
      )}

      <Notices id="unit-notices-title" title={plan.disclaimersHeading} items={plan.disclaimers} />
    </PageShell>
  );
}
