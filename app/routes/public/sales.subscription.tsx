import { Link } from "react-router";
import { Notices } from "~/components/info/info-blocks";
import { PageShell } from "~/components/layout/page-shell";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";

export { pageLoader as loader } from "./page-guard.server";
export const meta = pageMeta;

export default function SubscriptionGuide() {
  const site = useSite();
  const guide = site.subscriptionGuide;
  return (
    <PageShell>
      <section className="sales-section" aria-labelledby="sub-title">
        <div className="sales-head">
          <p className="sales-eyebrow">ONLINE SUBSCRIPTION</p>
          <h2 id="sub-title" className="sales-title">
            인터넷 청약 방법
          </h2>
          <p className="sales-intro">
            청약은 {guide.officialName}에서 인터넷으로 신청합니다. 아래 순서대로 준비하면 어렵지
            않습니다.
          </p>
        </div>
        <ol className="sales-steps">
          {guide.steps.map((step, i) => (
            <li key={step.title} className="sales-step">
              <span className="sales-step-no" aria-hidden="true">
                {String(i + 1).padStart(2, "0")}
              </span>
              <h3 className="sales-step-title">
                <span className="sr-only">{i + 1}단계: </span>
                {step.title}
              </h3>
              <p className="sales-step-text">{step.text}</p>
            </li>
          ))}
        </ol>
        <p className="sales-cta">
          <a
            href={guide.officialUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn-navy"
          >
            청약홈 바로가기<span className="sr-only"> (새 창)</span>{" "}
            <span aria-hidden="true">↗</span>
          </a>
          <Link to="/SalesInfo/guide" className="btn btn-outline">
            청약 전 체크포인트 보기
          </Link>
        </p>
      </section>
      <Notices id="sub-notes-title" title="꼭 확인하세요" items={guide.notes} />
    </PageShell>
  );
}
