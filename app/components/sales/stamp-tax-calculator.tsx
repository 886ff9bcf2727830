import { useEffect, useId, useState, type FormEvent } from "react";
import {
  buyerShare,
  formatWon,
  parsePrice,
  STAMP_TAX_BRACKETS,
  stampTaxBracket,
  type StampTaxBracket,
} from "~/lib/stamp-tax";

type Result = { price: number; tax: number; share: number; bracket: StampTaxBracket };

function calculate(input: string, buyerSharePercent: number): { result?: Result; error?: string } {
  const parsed = parsePrice(input);
  if (!parsed.ok) return { error: parsed.message };
  const bracket = stampTaxBracket(parsed.price);
  return {
    result: {
      price: parsed.price,
      tax: bracket.tax,
      share: buyerShare(bracket.tax, buyerSharePercent),
      bracket,
    },
  };
}

/**
 * Stamp tax calculator and the statutory amount table. The table is the answer without JavaScript
 * (the page is static HTML, so a submitted ?price= cannot be computed on the server); with JavaScript
 * the result follows the input as the visitor types, and the matching table row is marked.
 */
export function StampTaxCalculator({ buyerSharePercent }: { buyerSharePercent: number }) {
  const id = useId();
  const inputId = `${id}-price`;
  const errorId = `${id}-error`;
  const [value, setValue] = useState("");
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);

  function update(text: string, { requireValue }: { requireValue: boolean }) {
    if (text.trim() === "" && !requireValue) {
      setResult(null);
      setError(null);
      return;
    }
    const next = calculate(text, buyerSharePercent);
    setResult(next.result ?? null);
    setError(next.error ?? null);
  }

  // A price submitted before the script loaded arrives as ?price=; it is computed once hydrated.
  useEffect(() => {
    const fromUrl = new URLSearchParams(window.location.search).get("price");
    if (fromUrl !== null) {
      setValue(fromUrl);
      update(fromUrl, { requireValue: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update(value, { requireValue: true });
  }

  return (
    <div className="stamp-calc">
      <form method="get" className="stamp-form" onSubmit={onSubmit} noValidate>
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
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              update(e.target.value, { requireValue: false });
            }}
          />
          <span className="stamp-unit" aria-hidden="true">
            원
          </span>
          <button type="submit" className="btn btn-navy stamp-submit">
            계산하기
          </button>
        </div>
        {error ? (
          <p id={errorId} className="stamp-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>

      <div className="stamp-result" aria-live="polite">
        {result ? (
          <dl className="stamp-figures">
            <div>
              <dt>계약금액</dt>
              <dd>{formatWon(result.price)}</dd>
            </div>
            <div>
              <dt>적용 구간</dt>
              <dd>{result.bracket.label}</dd>
            </div>
            <div className="stamp-figure-main">
              <dt>인지세</dt>
              <dd data-testid="stamp-tax">
                {result.tax === 0 ? "0원 (비과세)" : formatWon(result.tax)}
              </dd>
            </div>
            <div className="stamp-figure-main">
              <dt>계약자 부담분 ({buyerSharePercent}%)</dt>
              <dd data-testid="stamp-share">{formatWon(result.share)}</dd>
            </div>
          </dl>
        ) : (
          <p className="stamp-hint">
            계약금액을 입력하면 인지세와 계약자 부담분을 바로 계산해 드립니다. 계산기가 동작하지
            않는 환경에서는 아래 금액표에서 계약금액 구간의 인지세를 확인하세요.
          </p>
        )}
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
          {STAMP_TAX_BRACKETS.map((b) => {
            const active = result?.bracket === b;
            return (
              <tr
                key={b.label}
                className={active ? "is-active" : undefined}
                aria-current={active ? "true" : undefined}
              >
                <th scope="row">{b.label}</th>
                <td>{b.tax === 0 ? "비과세" : formatWon(b.tax)}</td>
                <td>{b.tax === 0 ? "-" : formatWon(buyerShare(b.tax, buyerSharePercent))}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
