import { useId } from "react";
import { buyerShare, formatWon, STAMP_TAX_BRACKETS } from "~/lib/stamp-tax";

/**
 * Stamp tax calculator and the statutory amount table. The table is the answer without JavaScript
 * (the page is static HTML, so a submitted ?price= cannot be computed on the server); with JavaScript
 * (app/enhance/stamp-tax.ts) the result follows the input as the visitor types, bad input gets a
 * Korean message, and the matching table row is marked. The result's markup waits in a <template>.
 */
export function StampTaxCalculator({ buyerSharePercent }: { buyerSharePercent: number }) {
  const id = useId();
  const inputId = `${id}-price`;
  return (
    <div className="stamp-calc" data-stamp-tax data-buyer-share-percent={buyerSharePercent}>
      <form method="get" className="stamp-form" noValidate>
        <label htmlFor={inputId} className="stamp-label">
          분양 계약금액 (공급가격, 원)
        </label>
        <div className="stamp-row">
          <input
            id={inputId}
            name="price"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="예: 450,000,000"
            className="stamp-input"
          />
          <span className="stamp-unit" aria-hidden="true">
            원
          </span>
          <button type="submit" className="btn btn-navy stamp-submit">
            계산하기
          </button>
        </div>
        <p id={`${id}-error`} className="stamp-error" role="alert" hidden />
      </form>

      <div className="stamp-result" aria-live="polite">
        <p className="stamp-hint">
          계약금액을 입력하면 인지세와 계약자 부담분을 바로 계산해 드립니다. 계산기가 동작하지 않는
          환경에서는 아래 금액표에서 계약금액 구간의 인지세를 확인하세요.
        </p>
        <template>
          <dl className="stamp-figures">
            <div>
              <dt>계약금액</dt>
              <dd data-field="price" />
            </div>
            <div>
              <dt>적용 구간</dt>
              <dd data-field="bracket" />
            </div>
            <div className="stamp-figure-main">
              <dt>인지세</dt>
              <dd data-field="tax" data-testid="stamp-tax" />
            </div>
            <div className="stamp-figure-main">
              <dt>계약자 부담분 ({buyerSharePercent}%)</dt>
              <dd data-field="share" data-testid="stamp-share" />
            </div>
          </dl>
        </template>
      </div>

      <table className="stamp-table">
        <caption>부동산 공급계약서 인지세 금액표 (인지세법 제3조)</caption>
        <thead>
          <tr>
            <th scope="col">계약금액 (공급가격)</th>
            <th scope="col">인지세</th>
            <th scope="col">계약자 부담분 ({buyerSharePercent}%)</th>
          </tr>
        </thead>
        <tbody>
          {STAMP_TAX_BRACKETS.map((b) => (
            <tr key={b.label}>
              <th scope="row">{b.label}</th>
              <td>{b.tax === 0 ? "비과세" : formatWon(b.tax)}</td>
              <td>{b.tax === 0 ? "-" : formatWon(buyerShare(b.tax, buyerSharePercent))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
