import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Link,
  PrefetchPageLinks,
  useFetcher,
  useLocation,
} from "react-router";
import { content } from "~/content";
import { ATTRIBUTION_FIELDS, type Attribution } from "~/lib/attribution";
import {
  HONEYPOT_FIELD,
  MESSAGE_MAX,
  normalizePhone,
  parseLeadForm,
  RESULT_MESSAGES,
  type LeadFieldErrors,
  type LeadKind,
} from "~/lib/lead-form";
import { visitAttribution } from "./attribution-store";
import { VisitSlotPicker, type SlotValue } from "./visit-slot-picker";

/*
 * The one lead form, used three times: the registration popup (and its no-JavaScript page,
 * /register), the customer-page inquiry, and the home page's inline visit form. Visit forms
 * (kind "visit") carry the optional visit slot picker.
 *
 * It is a native <form method="post"> to a route action, so it works without JavaScript. With
 * JavaScript it is sent by a fetcher (no page load), checked first with the same zod rules the
 * action uses (instant Korean messages), and carries an idempotency key, the fill time and where
 * the visit came from (utm_*, referring site; first touch, from sessionStorage).
 *
 * Field messages appear when the form is sent, never while the visitor moves between fields (a
 * message appearing on blur would push the field below away from a click that is under way).
 * While the visitor corrects a field its message goes away, and its space stays until the next
 * send, so nothing below moves.
 */

export type LeadVariant = "popup" | "inquiry";

/** What the visitor typed, sent back so a page rendered without JavaScript keeps the input. */
export type LeadValues = {
  name: string;
  phone: string;
  message: string;
  privacyConsent: boolean;
  smsConsent: boolean;
  /** The visit slot's two fields (visit forms): "YYYY-MM-DD" and "HH:MM", or "". */
  visitDate: string;
  visitTime: string;
};

export type LeadOutcome = "success" | "failed" | "rateLimited" | "network";

/** The answer of a lead action (and of `leadClientAction` when the network fails). */
export type LeadActionData =
  /** `visit`: the booked slot as the visitor reads it, "11월 23일(월) 14:00". */
  | { ok: true; result: "success"; message: string; visit?: string }
  | { ok: false; result: "invalid"; errors: LeadFieldErrors; values: LeadValues }
  | { ok: false; result: Exclude<LeadOutcome, "success">; message: string; values?: LeadValues };

/** Catalogue message for an outcome in a form variant (specification section 8). */
export function resultMessage(variant: LeadVariant, outcome: LeadOutcome): string {
  if (outcome === "rateLimited") return RESULT_MESSAGES.rateLimited;
  return RESULT_MESSAGES[variant][outcome === "success" ? "success" : outcome];
}

/**
 * `clientAction` of the routes that take leads: sends the form to the server action and turns a
 * lost connection into the catalogue's network message, and an answer that is not the action's
 * (a proxy's 502, say) into its failure message, instead of an error page.
 */
export async function leadClientAction(
  serverAction: () => Promise<LeadActionData>,
  variant: LeadVariant,
): Promise<LeadActionData> {
  try {
    return await serverAction();
  } catch (error) {
    const offline = typeof navigator !== "undefined" && navigator.onLine === false;
    const network = offline || (error instanceof TypeError && !isRouteErrorResponse(error));
    const result = network ? "network" : "failed";
    return { ok: false, result, message: resultMessage(variant, result) };
  }
}

type FieldName = "name" | "phone" | "message" | "visitSlot" | "privacyConsent";
const FIELD_ORDER: FieldName[] = ["name", "phone", "message", "visitSlot", "privacyConsent"];

function focusFirstInvalid(form: HTMLFormElement | null, errors: LeadFieldErrors) {
  const first = FIELD_ORDER.find((f) => errors[f]);
  if (!first || !form) return;
  const target =
    first === "visitSlot"
      ? (form.querySelector<HTMLElement>('[name="visitTime"]:checked') ??
        form.querySelector<HTMLElement>('[name="visitDate"]:checked') ??
        form.querySelector<HTMLElement>('[name="visitDate"]'))
      : form.querySelector<HTMLElement>(`[name="${first}"]`);
  target?.focus();
}

const NO_SLOT: SlotValue = { date: "", time: "" };

function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === "string") values[key] = value;
  return values;
}

/** A random key for one submission; crypto.randomUUID needs a secure context, getRandomValues does not. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function" && window.isSecureContext) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function LeadForm({
  variant,
  action,
  source,
  kind,
  id,
  serverResult,
  showSmsNotice = false,
  submitLabel = "등록하기",
  onClose,
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
  /** In the popup: a button under the success message closes it. */
  onClose?: () => void;
  /** Consent terms behind a "내용 보기" toggle (compact popup); open on pages. */
  collapseTerms?: boolean;
}) {
  const fetcher = useFetcher<LeadActionData>();
  const { pathname } = useLocation();
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const fillMsRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const shownAt = useRef(0);

  const [hydrated, setHydrated] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState("");
  const [attribution, setAttribution] = useState<Attribution>({});
  const [intent, setIntent] = useState(false);
  const initial = serverResult ?? null;
  const initialErrors = initial?.result === "invalid" ? initial.errors : {};
  const [errors, setErrors] = useState<LeadFieldErrors>(initialErrors);
  // The last message of each field that had one when the form was last sent: its space is kept.
  const [reserved, setReserved] = useState<LeadFieldErrors>(initialErrors);
  const [outcome, setOutcome] = useState<LeadOutcome | null>(
    initial && initial.result !== "invalid" ? initial.result : null,
  );
  const [visit, setVisit] = useState(initial?.ok ? initial.visit : undefined);
  const [showForm, setShowForm] = useState(!(variant === "popup" && initial?.result === "success"));
  const values = initial && !initial.ok ? initial.values : undefined;
  const [messageLength, setMessageLength] = useState(values?.message.length ?? 0);
  const [slot, setSlot] = useState<SlotValue>(
    values ? { date: values.visitDate, time: values.visitTime } : NO_SLOT,
  );
  const [slotsVersion, setSlotsVersion] = useState(0);

  // After hydration only: never baked into the prerendered HTML.
  useEffect(() => {
    setHydrated(true);
    setIdempotencyKey(newIdempotencyKey());
    setAttribution(visitAttribution());
    shownAt.current = Date.now();
  }, []);

  const showErrors = (next: LeadFieldErrors) => {
    setErrors(next);
    setReserved(next);
  };

  const data = fetcher.data;
  useEffect(() => {
    if (!data) return;
    // Seats may have changed, ours or someone else's: show them as they are now.
    setSlotsVersion((v) => v + 1);
    if (data.result === "invalid") {
      showErrors(data.errors);
      setOutcome(null);
      if (data.values) setSlot({ date: data.values.visitDate, time: data.values.visitTime });
      requestAnimationFrame(() => focusFirstInvalid(formRef.current, data.errors));
      return;
    }
    showErrors({});
    setOutcome(data.result);
    setVisit(data.ok ? data.visit : undefined);
    if (data.result === "success") {
      formRef.current?.reset();
      setMessageLength(0);
      setSlot(NO_SLOT);
      setIdempotencyKey(newIdempotencyKey());
      shownAt.current = Date.now();
    }
    if (variant === "popup") {
      setShowForm(false);
      // The focused button is gone with the form: move focus to the message.
      requestAnimationFrame(() => resultRef.current?.focus());
    } else {
      requestAnimationFrame(() => resultRef.current?.scrollIntoView({ block: "nearest" }));
    }
  }, [data, variant]);

  const submitting = fetcher.state !== "idle";

  /** A field that shows a message is checked again: the message follows the correction. */
  function recheck(field: FieldName) {
    const form = formRef.current;
    if (!form || !errors[field]) return;
    const parsed = parseLeadForm(formValues(form));
    const message = parsed.ok ? undefined : parsed.errors[field];
    if (message) setReserved((prev) => ({ ...prev, [field]: message }));
    setErrors((prev) => {
      if (prev[field] === message) return prev;
      const next = { ...prev };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });
  }

  /** On leaving the phone field: write the number in its usual form. No message appears here. */
  function onBlur(field: FieldName, value: string) {
    if (field !== "phone") return;
    const normalized = normalizePhone(value);
    const input = formRef.current?.elements.namedItem("phone");
    if (normalized && input instanceof HTMLInputElement && input.value !== normalized) {
      input.value = normalized;
      recheck("phone");
    }
  }

  function onSlotChange(next: SlotValue) {
    setSlot(next);
    // The visitor is choosing again: the slot's message has done its job.
    if (errors.visitSlot)
      setErrors((prev) => {
        const rest = { ...prev };
        delete rest.visitSlot;
        return rest;
      });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (submitting) {
      event.preventDefault();
      return;
    }
    const parsed = parseLeadForm(formValues(event.currentTarget));
    if (!parsed.ok) {
      event.preventDefault();
      showErrors(parsed.errors);
      setOutcome(null);
      focusFirstInvalid(event.currentTarget, parsed.errors);
      return;
    }
    if (fillMsRef.current) fillMsRef.current.value = String(Date.now() - shownAt.current);
    showErrors({});
    setOutcome(null);
  }

  const fieldIds = (field: FieldName) => ({
    id: `${uid}-${field}`,
    errorId: `${uid}-${field}-error`,
  });
  const describedBy = (field: FieldName, ...more: string[]) =>
    [...more, errors[field] ? fieldIds(field).errorId : ""].filter(Boolean).join(" ") || undefined;
  const fieldError = (field: FieldName) =>
    errors[field] ? (
      <p id={fieldIds(field).errorId} className="field-error">
        {errors[field]}
      </p>
    ) : reserved[field] ? (
      // Corrected since the form was sent: the message is gone, its space stays until the next send.
      <p className="field-error" data-resolved="true" aria-hidden="true">
        {reserved[field]}
      </p>
    ) : null;

  const isPopup = variant === "popup";
  const message = outcome ? resultMessage(variant, outcome) : "";
  const failedOutcome = outcome !== null && outcome !== "success";
  // Without JavaScript a failed popup form stays visible under its message, as "try again" needs a button.
  const formVisible = isPopup ? showForm || (!hydrated && failedOutcome) : true;
  const name = fieldIds("name");
  const phone = fieldIds("phone");
  const msg = fieldIds("message");
  const consent = fieldIds("privacyConsent");
  const termsId = `${uid}-terms`;
  const sms = `${uid}-sms`;
  const countId = `${uid}-count`;

  const resultBox = (
    <div
      ref={resultRef}
      className="lead-result"
      data-outcome={outcome ?? undefined}
      role="status"
      tabIndex={-1}
      hidden={!outcome}
    >
      {message ? <p className="lead-result-message">{message}</p> : null}
      {outcome === "success" && visit ? (
        <p className="lead-result-visit">
          방문 예약 일시: <strong>{visit}</strong>
          <br />
          예약 확인과 취소는 문자로 보내 드린 링크에서 하실 수 있습니다.
        </p>
      ) : null}
      {isPopup && hydrated && failedOutcome && !showForm ? (
        <button
          type="button"
          className="btn btn-outline lead-retry"
          onClick={() => setShowForm(true)}
        >
          다시 입력하기
        </button>
      ) : null}
      {isPopup && hydrated && outcome === "success" && onClose ? (
        <button type="button" className="btn btn-primary lead-retry" onClick={onClose}>
          확인
        </button>
      ) : null}
      {isPopup && !hydrated && outcome === "success" ? (
        <Link to="/" className="btn btn-outline lead-retry">
          홈으로
        </Link>
      ) : null}
    </div>
  );

  const actionPath = action.split("?")[0];
  return (
    <div
      className={`lead-form lead-form-${variant}`}
      data-submitting={submitting ? "true" : undefined}
    >
      {isPopup ? resultBox : null}
      {intent && actionPath !== pathname ? <PrefetchPageLinks page={action} /> : null}
      <fetcher.Form
        ref={formRef}
        id={id}
        method="post"
        action={action}
        noValidate={hydrated}
        defaultShouldRevalidate={false}
        onSubmit={onSubmit}
        onFocus={() => setIntent(true)}
        hidden={!formVisible}
        aria-busy={submitting || undefined}
      >
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="source" value={source} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <input type="hidden" name="fillMs" ref={fillMsRef} defaultValue="" />
        {ATTRIBUTION_FIELDS.map((field) =>
          attribution[field] ? (
            <input key={field} type="hidden" name={field} value={attribution[field]} />
          ) : null,
        )}
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

        <div className="field">
          <label htmlFor={name.id}>
            {isPopup ? "이름" : "고객명"} <Req />
          </label>
          <input
            id={name.id}
            name="name"
            type="text"
            autoComplete="name"
            required
            defaultValue={values?.name}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy("name")}
            onInput={() => recheck("name")}
          />
          {fieldError("name")}
        </div>

        <div className="field">
          <label htmlFor={phone.id}>
            연락처 <Req />
          </label>
          <input
            id={phone.id}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="010-0000-0000"
            required
            defaultValue={values?.phone}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={describedBy("phone")}
            onBlur={(e) => onBlur("phone", e.currentTarget.value)}
            onInput={() => recheck("phone")}
          />
          {fieldError("phone")}
        </div>

        {isPopup ? null : (
          <div className="field">
            <label htmlFor={msg.id}>문의내용</label>
            <textarea
              id={msg.id}
              name="message"
              rows={5}
              defaultValue={values?.message}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={describedBy("message", countId)}
              onInput={(e) => {
                setMessageLength(e.currentTarget.value.length);
                recheck("message");
              }}
            />
            <p
              id={countId}
              className="field-hint"
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
            value={slot}
            onChange={onSlotChange}
            hydrated={hydrated}
            refreshKey={slotsVersion}
            message={fieldError("visitSlot")}
            errorId={errors.visitSlot ? fieldIds("visitSlot").errorId : undefined}
          />
        ) : null}

        <fieldset className="lead-consent">
          <legend className="sr-only">개인정보 수집·이용 동의</legend>
          <div className="consent-item">
            <div className="consent-check">
              <input
                id={consent.id}
                type="checkbox"
                name="privacyConsent"
                value="on"
                required
                defaultChecked={values?.privacyConsent}
                aria-invalid={errors.privacyConsent ? true : undefined}
                aria-describedby={describedBy("privacyConsent", termsId)}
                onChange={() => recheck("privacyConsent")}
              />
              <label htmlFor={consent.id}>
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
              <label htmlFor={sms}>{content.privacy.smsConsentText}</label>
            </div>
            <p className="consent-hint">
              동의하지 않아도 등록할 수 있으며, 언제든{" "}
              <span className="nowrap">{content.privacy.optOutNumber}(무료)</span>로 수신을 거부할
              수 있습니다.
            </p>
          </div>
        </fieldset>

        {showSmsNotice ? <p className="lead-sms-notice">{content.legal.smsNotice}</p> : null}

        <button type="submit" className="btn btn-primary lead-submit" disabled={submitting}>
          {submitting ? "등록중…" : submitLabel}
        </button>
      </fetcher.Form>
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
export function ConsentTerms({ id }: { id?: string }): ReactNode {
  const p = content.privacy;
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
