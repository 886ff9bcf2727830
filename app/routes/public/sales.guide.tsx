import { Link } from "react-router";
import { RemainingUnitsBoard } from "~/components/live/remaining-units";
import { PageShell } from "~/components/layout/page-shell";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";

export { pageLoader as loader } from "./page-guard.server";
export const meta = pageMeta;

export default function SalesGuide() {
  const site = useSite();
  const guide = site.salesGuide;
  return (
    <PageShell>
      <RemainingUnitsBoard remaining={site.remainingUnits} unitTypes={site.unitTypes} />
      <section className="sales-section" aria-labelledby="guide-title">
        <div className="sales-head">
          <p className="sales-eyebrow">CHECK POINT</p>
          <h2 id="guide-title" className="sales-title">
            청약 전 체크포인트
          </h2>
          <p className="sales-intro">청약 신청 전에 아래 항목을 하나씩 확인해 보세요.</p>
        </div>
        <p className="sales-caveat" role="note">
          {guide.caveat}
        </p>
        <ul className="sales-checks">
          {guide.checkpoints.map((point, i) => (
            <li key={point.title} className="sales-check">
              <h3 className="sales-check-title">
                <span className="sales-check-no" aria-hidden="true">
                  {i + 1}
                </span>
                {point.title}
              </h3>
              <ul className="sales-check-items">
                {point.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p className="sales-cta">
          <Link to="/SalesInfo/announcement" className="btn btn-navy">
            입주자 모집공고 확인
          </Link>
          <Link to="/SalesInfo/SubscriptionGuide" className="btn btn-outline">
            인터넷 청약 방법
          </Link>
        </p>
      </section>
    </PageShell>
  );
}
