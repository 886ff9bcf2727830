import { Link } from "react-router";
import { Notices } from "~/components/info/info-blocks";
import { PageShell } from "~/components/layout/page-shell";
import { StampTaxCalculator } from "~/components/sales/stamp-tax-calculator";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";

export { pageLoader as loader } from "./page-guard.server";
export const meta = pageMeta;

const E_REVENUE_STAMP_URL = "https://www.e-revenuestamp.or.kr";

export default function StampTax() {
  const site = useSite();
  const tax = site.stampTax;
  return (
    <PageShell>
      <section className="sales-section" aria-labelledby="stamp-title">
        <div className="sales-head">
          <p className="sales-eyebrow">STAMP TAX</p>
          <h2 id="stamp-title" className="sales-title">
            분양계약서 인지세, 얼마를 내나요?
          </h2>
          <p className="sales-intro">
            아파트 공급계약서는 부동산 소유권 이전에 관한 계약서로, 계약서를 작성할 때 인지세를 내야
            합니다. 금액은 계약금액(공급가격) 구간에 따라 정해집니다.
          </p>
        </div>

        <section className="stamp-block" aria-labelledby="stamp-calc-title">
          <h3 id="stamp-calc-title" className="stamp-block-title">
            인지세 계산하기
          </h3>
          <StampTaxCalculator buyerSharePercent={tax.buyerSharePercent} />
        </section>

        <div className="stamp-grid">
          <section className="stamp-block" aria-labelledby="stamp-who-title">
            <h3 id="stamp-who-title" className="stamp-block-title">
              누가 내나요?
            </h3>
            <p>{tax.shareNote}</p>
            <p className="stamp-muted">
              계산기의 계약자 부담분은 부담 비율을 {tax.buyerSharePercent}%로 가정한 금액입니다.
            </p>
          </section>
          <section className="stamp-block" aria-labelledby="stamp-how-title">
            <h3 id="stamp-how-title" className="stamp-block-title">
              납부 절차
            </h3>
            <ol className="stamp-steps">
              <li>
                계약 체결 전에 계약금액 구간에 맞는 전자수입인지를 구매합니다.{" "}
                <a href={E_REVENUE_STAMP_URL} target="_blank" rel="noopener noreferrer">
                  전자수입인지 누리집<span className="sr-only"> (새 창)</span>
                </a>
                , 시중 은행, 우체국에서 살 수 있습니다.
              </li>
              <li>출력한 전자수입인지를 계약 체결 시 공급계약서에 첨부합니다.</li>
              <li>구매 영수증과 인지 출력본은 계약서와 함께 보관합니다.</li>
            </ol>
          </section>
        </div>
      </section>
      <Notices
        id="stamp-notes-title"
        title="유의사항"
        items={[
          "인지세를 내지 않거나 늦게 내면 가산세가 부과될 수 있습니다.",
          "인지세는 공급계약서에 적힌 공급가격(계약금액)을 기준으로 정해집니다. 발코니 확장이나 유상옵션처럼 따로 맺는 계약은 계약서마다 확인하세요.",
          "이 페이지는 이해를 돕기 위한 안내이며, 정확한 금액과 부담 방법은 공급계약서와 관계 법령을 확인하세요.",
        ]}
      />
      <p className="sales-cta">
        <Link to="/SalesInfo/announcement" className="btn btn-outline">
          입주자 모집공고 확인
        </Link>
      </p>
    </PageShell>
  );
}
