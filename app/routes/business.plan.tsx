import { ComingSoon, PageShell } from "~/components/layout/page-shell";
import { InfoSection } from "~/components/info/info-blocks";
import { content } from "~/content";
import { pageMeta } from "~/lib/seo";

export const meta = pageMeta;

export default function BusinessPlan() {
  const schedule = content.infoPages.schedule;
  return (
    <PageShell>
      <InfoSection id="schedule-title" title={schedule.heading} intro={schedule.intro}>
        <table className="info-table schedule-table">
          <caption className="sr-only">{schedule.tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{schedule.columns.step}</th>
              <th scope="col">{schedule.columns.date}</th>
              <th scope="col">{schedule.columns.place}</th>
            </tr>
          </thead>
          <tbody>
            {schedule.rows.map((row) => (
              <tr key={row.step + (row.detail ?? "")}>
                <th scope="row">
                  {row.step}
                  {row.detail ? <span className="schedule-detail">{row.detail}</span> : null}
                </th>
                <td className="schedule-date">{row.date}</td>
                <td>{row.place}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </InfoSection>
      <div className="info-coming">
        <ComingSoon>{schedule.comingSoon}</ComingSoon>
      </div>
    </PageShell>
  );
}
