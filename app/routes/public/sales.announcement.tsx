import { Link } from "react-router";
import { RemainingUnitsBoard } from "~/components/live/remaining-units";
import { PageShell } from "~/components/layout/page-shell";
import { DocumentPages, DocumentViewer } from "~/components/media/document-viewer";
import { formatKoreanLongDay } from "~/lib/korean-time";
import { phoneLink } from "~/lib/source-phone";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";

export { pageLoader as loader } from "./page-guard.server";
export const meta = pageMeta;

export default function Announcement() {
  const site = useSite();
  const notice = site.announcement;
  return (
    <PageShell>
      <RemainingUnitsBoard remaining={site.remainingUnits} unitTypes={site.unitTypes} />
      <section className="sales-section" aria-labelledby="notice-title">
        <div className="sales-head">
          <p className="sales-eyebrow">NOTICE</p>
          <h2 id="notice-title" className="sales-title">
            {notice.title}
          </h2>
          {notice.publishedAt ? (
            <p className="sales-intro">
              공고일{" "}
              <time dateTime={notice.publishedAt}>{formatKoreanLongDay(notice.publishedAt)}</time>
            </p>
          ) : null}
        </div>
        <p className="sales-caveat" role="note">
          {site.legal.adDisclaimer}
        </p>
        {notice.document ? (
          <DocumentPages document={notice.document} title={notice.title} />
        ) : notice.pdfUrl ? (
          <DocumentViewer url={notice.pdfUrl} title={notice.title} />
        ) : (
          <div className="doc-pending">
            <p className="doc-pending-badge">공고 예정</p>
            <h3 className="doc-pending-title">입주자 모집공고는 공고일에 이곳에 게시됩니다</h3>
            <p>
              공고 전에는 분양 일정과 청약 자격을 분양 상담으로 안내해 드립니다. 공고 후에는{" "}
              {site.subscriptionGuide.officialName}
              에서도 확인하실 수 있습니다.
            </p>
            <p className="sales-cta">
              <a {...phoneLink(site.identity.phone)} className="btn btn-navy">
                분양 상담 {site.identity.phone}
              </a>
              <Link to="/SalesInfo/guide" className="btn btn-outline">
                청약 전 체크포인트
              </Link>
            </p>
          </div>
        )}
      </section>
    </PageShell>
  );
}
