import { PageShell } from "~/components/layout/page-shell";
import { InfoSection } from "~/components/info/info-blocks";
import { figure, PENDING } from "~/lib/figures";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";

export { pageLoader as loader } from "./page-guard.server";
export const meta = pageMeta;

export default function BusinessIntro() {
  const site = useSite();
  const { project, overviewRows } = site;
  const page = site.infoPages.overviewPage;
  const areas = [...project.exclusiveAreas].sort((a, b) => a - b);
  const highlights = [
    {
      label: page.highlightLabels.households,
      value: figure(project.households, (n) => n.toLocaleString("ko-KR")),
      unit: project.households === undefined ? "" : "세대",
    },
    {
      label: page.highlightLabels.floors,
      value: project.floors
        ? `지하 ${project.floors.basement} ~ 지상 ${project.floors.above}`
        : PENDING,
      unit: project.floors ? "층" : "",
    },
    {
      label: page.highlightLabels.areas,
      value: areas.length ? `${areas[0]} ~ ${areas[areas.length - 1]}` : PENDING,
      unit: areas.length ? "㎡" : "",
    },
  ];
  return (
    <PageShell>
      <InfoSection id="overview-highlights-title" title={page.heading} titleHidden>
        <ul className="overview-strip">
          {highlights.map((h, i) => (
            <li key={h.label} className="reveal" style={{ animationDelay: `${100 + i * 120}ms` }}>
              <span className="overview-strip-label">{h.label}</span>
              <span className="overview-strip-value">
                {h.value}
                <small>{h.unit}</small>
              </span>
            </li>
          ))}
        </ul>
      </InfoSection>

      <InfoSection id="overview-table-title" title={page.tableCaption}>
        <table className="info-table overview-table" aria-labelledby="overview-table-title">
          <tbody>
            {overviewRows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="info-note">※ {page.note}</p>
      </InfoSection>
    </PageShell>
  );
}
