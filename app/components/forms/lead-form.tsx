import { useId, type ReactNode } from "react";
import {
  HONEYPOT_FIELD,
  MESSAGE_MAX,
  type LeadFieldErrors,
  type LeadKind,
} from "~/leads/lead-form";
import {
  leadsApiPath,
  resultMessage,
  type LeadActionData,
  type LeadOutcome,
  type LeadVariant,
} from "~/leads/lead-result";
import { useSite } from "~/lib/site";
import { ATTRIBUTION_FIELDS } from "~/lib/attribution";
import { SHOWN_PHONE_FIELD } from "~/lib/before-script";
import { VisitSlotPicker } from "./visit-slot-picker";

export type { LeadActionData, LeadVariant };

/*
 * The one lead form, used three times: the registration popup (and its no-JavaScript page,
 * /register), the customer-page inquiry, and the home page's inline visit form. Visit forms
 * (kind "visit") carry the optional visit slot picker.
 *
 * This is its markup only. It is a native <form method="post"> to a route action, so it works
 * without JavaScript: the page rendered for the POST shows the action's answer (`serverResult`).
 * In the browser, app/enhance/lead-form.ts finds it by `data-lead-form` and does the rest: instant
 * Korean messages with the action's rules, sending without leaving the page (to the JSON twin of
 * the action, `data-json-action`), the idempotency key, the fill time, where the visit came from,
 * the result views and the live slot picker. `data-field` marks where a field's message goes.
 */

type FieldName = keyof LeadFieldErrors;

export function LeadForm({
  variant,
  action,
  source,
  kind,
  id,
  serverResult,
  showSmsNotice = false,
  submitLabel = "등록하기",
  collapseTerms = variant === "popup",
}: {
  variant: LeadVariant;
  /** The route whose action takes the form, e.g. "/register". */
  action: string;
  /** Where the lead came from (popup, register page, customer page, home form). */
  source: string;
  kind: LeadKind;
  /** Element id of the form (the home page's anchor `interestForm`). */
  id?: string;
  /** The action's answer when the page itself was rendered for a POST (no JavaScript). */
  serverResult?: LeadActionData | null;
  /** Show the notice that a visit registration sends an SMS. */
  showSmsNotice?: boolean;
  submitLabel?: string;
  /**
   * In the popup: what its "확인" button does. Not used in this markup: the popup's script passes
   * it to `enhanceLeadForm` (app/enhance/lead-form.ts). Kept so that callers need not change.
   */
  onClose?: () => void;
  /** Consent terms behind a "내용 보기" toggle (compact popup); open on pages. */
  collapseTerms?: boolean;
}) {
  const { privacy, legal, identity } = useSite();
  const uid = useId();
  const result = serverResult ?? null;
  const errors: LeadFieldErrors = result?.result === "invalid" ? result.errors : {};
  const outcome: LeadOutcome | null = result && result.result !== "invalid" ? result.result : null;
  const values = result && !result.ok ? result.values : undefined;
  const visit = result?.ok ? result.visit : undefined;
  const messageLength = values?.message.length ?? 0;
  const isPopup = variant === "popup";

  const errorId = (field: FieldName) => `${uid}-${field}-error`;
  const describedBy = (field: FieldName, ...more: string[]) =>
    [...more, errors[field] ? errorId(field) : ""].filter(Boolean).join(" ") || undefined;
  const fieldError = (field: FieldName) =>
    errors[field] ? (
      <p id={errorId(field)} className="field-error">
        {errors[field]}
      </p>
    ) : null;

  const name = `${uid}-name`;
  const phone = `${uid}-phone`;
  const msg = `${uid}-message`;
  const consent = `${uid}-privacyConsent`;
  const termsId = `${uid}-terms`;
  const sms = `${uid}-sms`;
  const countId = `${uid}-count`;

  const resultBox = (
    <div
      className="lead-result"
      data-lead-result=""
      data-outcome={outcome ?? undefined}
      role="status"
      tabIndex={-1}
      hidden={!outcome}
    >
      {outcome ? <p className="lead-result-message">{resultMessage(variant, outcome)}</p> : null}
      {outcome === "success" && visit ? (
        <p className="lead-result-visit">
          방문 예약 일시: <strong>{visit}</strong>
          <br />
          예약 확인과 취소는 문자로 보내 드린 링크에서 하실 수 있습니다.
        </p>
      ) : null}
      {/* Without JavaScript the popup's page has nothing to close: a way on instead. */}
      {isPopup && outcome === "success" ? (
        <a href="/" className="btn btn-outline lead-retry">
          홈으로
        </a>
      ) : null}
    </div>
  );

  return (
    <div className={`lead-form lead-form-${variant}`}>
      {isPopup ? resultBox : null}
      <form
        id={id}
        method="post"
        action={action}
        data-lead-form=""
        data-variant={variant}
        data-json-action={leadsApiPath(kind, variant)}
        data-uid={uid}
        // The popup's page after a success shows the message alone; a failure keeps the form under it.
        hidden={isPopup && outcome === "success"}
      >
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="source" value={source} />
        {/* Made in the browser: a prerendered page must never carry one key for every visitor. */}
        <input type="hidden" name="idempotencyKey" value="" />
        <input type="hidden" name="fillMs" value="" />
        {/* The number the visitor was shown: the default, or their ad source's (~/lib/source-phone). */}
        <input type="hidden" name={SHOWN_PHONE_FIELD} value={identity.phone} />
        {/* Where the visit came from, set before the first paint (app/inline/after-chrome.ts). */}
        {ATTRIBUTION_FIELDS.map((field) => (
          <input key={field} type="hidden" name={field} value="" />
        ))}
        <div className="lead-hp" aria-hidden="true">
          <label htmlFor={`${uid}-hp`}>웹사이트</label>
          <input
            id={`${uid}-hp`}
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>

        <p className="lead-required-note">
          <span className="req" aria-hidden="true">
            *
          </span>{" "}
          표시는 필수 입력 항목입니다.
        </p>

        <div className="field" data-field="name">
          <label htmlFor={name}>
            {isPopup ? "이름" : "고객명"} <Req />
          </label>
          <input
            id={name}
            name="name"
            type="text"
            autoComplete="name"
            required
            defaultValue={values?.name}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy("name")}
          />
          {fieldError("name")}
        </div>

        <div className="field" data-field="phone">
          <label htmlFor={phone}>
            연락처 <Req />
          </label>
          <input
            id={phone}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="010-0000-0000"
            required
            defaultValue={values?.phone}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={describedBy("phone")}
          />
          {fieldError("phone")}
        </div>

        {isPopup ? null : (
          <div className="field" data-field="message">
            <label htmlFor={msg}>문의내용</label>
            <textarea
              id={msg}
              name="message"
              rows={5}
              defaultValue={values?.message}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={describedBy("message", countId)}
            />
            <p
              id={countId}
              className="field-hint"
              data-lead-count={MESSAGE_MAX}
              data-over={messageLength > MESSAGE_MAX ? "true" : undefined}
            >
              {messageLength.toLocaleString("ko-KR")} / {MESSAGE_MAX.toLocaleString("ko-KR")}자
            </p>
            {fieldError("message")}
          </div>
        )}

        {kind === "visit" ? (
          <VisitSlotPicker
            id={`${uid}-visit`}
            value={{ date: values?.visitDate ?? "", time: values?.visitTime ?? "" }}
            message={fieldError("visitSlot")}
            errorId={errors.visitSlot ? errorId("visitSlot") : undefined}
          />
        ) : null}

        <fieldset className="lead-consent">
          <legend className="sr-only">개인정보 수집·이용 동의</legend>
          <div className="consent-item" data-field="privacyConsent">
            <div className="consent-check">
              <input
                id={consent}
                type="checkbox"
                name="privacyConsent"
                value="on"
                required
                defaultChecked={values?.privacyConsent}
                aria-invalid={errors.privacyConsent ? true : undefined}
                aria-describedby={describedBy("privacyConsent", termsId)}
              />
              <label htmlFor={consent}>
                개인정보 수집·이용 동의 <strong className="consent-required">(필수)</strong>
              </label>
            </div>
            {collapseTerms ? (
              <details className="consent-details">
                <summary>내용 보기</summary>
                <ConsentTerms id={termsId} />
              </details>
            ) : (
              <ConsentTerms id={termsId} />
            )}
            {fieldError("privacyConsent")}
          </div>
          <div className="consent-item">
            <div className="consent-check">
              <input
                id={sms}
                type="checkbox"
                name="smsConsent"
                value="on"
                defaultChecked={values?.smsConsent}
              />
              <label htmlFor={sms}>{privacy.smsConsentText}</label>
            </div>
            <p className="consent-hint">
              동의하지 않아도 등록할 수 있으며, 언제든{" "}
              <span className="nowrap">{privacy.optOutNumber}(무료)</span>로 수신을 거부할 수
              있습니다.
            </p>
          </div>
        </fieldset>

        {showSmsNotice ? <p className="lead-sms-notice">{legal.smsNotice}</p> : null}

        <button
          type="submit"
          className="btn btn-primary lead-submit"
          data-label={submitLabel}
          data-busy-label="등록중…"
        >
          {submitLabel}
        </button>
      </form>
      {isPopup ? null : resultBox}
    </div>
  );
}

function Req() {
  return (
    <span className="req" aria-hidden="true">
      *
    </span>
  );
}

/** What the consent covers, as Korean privacy law requires it to be stated before consent. */
function ConsentTerms({ id }: { id?: string }): ReactNode {
  const p = useSite().privacy;
  return (
    <div id={id} className="consent-terms">
      <dl>
        <div>
          <dt>수집 항목</dt>
          <dd>
            {p.items}
            <br />
            자동 수집: {p.autoCollected}
          </dd>
        </div>
        <div>
          <dt>이용 목적</dt>
          <dd>{p.purpose}</dd>
        </div>
        <div>
          <dt>보유 기간</dt>
          <dd>
            수집일로부터 {p.retentionDays.toLocaleString("ko-KR")}일 (기간이 지나면 지체 없이 파기)
          </dd>
        </div>
        <div>
          <dt>동의 거부</dt>
          <dd>{p.refusal}</dd>
        </div>
      </dl>
      <p className="consent-terms-link">
        <a href="/privacy" target="_blank" rel="noopener">
          개인정보처리방침 전문 보기<span className="sr-only"> (새 창)</span>
        </a>
      </p>
    </div>
  );
}
