import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { busyButton } from "~/lib/busy-form";
import { formatKoreanDateTime } from "~/lib/korean-time";
import {
  BODY_MAX,
  checkPhotoFile,
  checkPressForm,
  PHOTO_TYPES,
  PRESS_MESSAGES,
  SOURCE_MAX,
  SUMMARY_MAX,
  TITLE_MAX,
  type PressFieldErrors,
  type PressFormValues,
  type PublishMode,
} from "~/press/press-form";
import type { PressPhoto } from "~/press/press-photo";
import { PressPicture } from "./press-picture";

/*
 * The press write form (on the press list) and edit form (/admin/press/:id). A native multipart form
 * posted to the route's action, so it works without JavaScript; with it, the shared rules check it
 * first (the catalogue's "제목과 요약은 필수입니다", a photo over 10 MB) and nothing is sent.
 */

type FieldName = keyof PressFormValues | "photo";
const ORDER: FieldName[] = [
  "title",
  "summary",
  "body",
  "sourceName",
  "sourceUrl",
  "pressDate",
  "publishAt",
  "photo",
];

export function PressWriteForm({
  action,
  intent,
  initial,
  errors: serverErrors,
  formError,
  photo,
  scheduledAt,
  heading,
  submitLabel,
  footer,
}: {
  action: string;
  intent: "create" | "update";
  initial: PressFormValues;
  errors?: PressFieldErrors;
  formError?: string;
  /** The post's current photo (edit). */
  photo?: PressPhoto | null;
  /** The post's scheduled time (edit), to say when it goes out. */
  scheduledAt?: string | null;
  heading: string;
  submitLabel: string;
  footer?: ReactNode;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formAction === action &&
    navigation.formMethod === "POST";
  const [hydrated, setHydrated] = useState(false);
  const [errors, setErrors] = useState<PressFieldErrors>(serverErrors ?? {});
  const [publish, setPublish] = useState(initial.publish);
  useEffect(() => setHydrated(true), []);
  useEffect(() => setErrors(serverErrors ?? {}), [serverErrors]);
  // A page the server answered with errors (without JavaScript, a new page) starts on the first.
  const firstServerError = ORDER.find((f) => serverErrors?.[f]);

  const fid = (name: FieldName) => `${id}-${name}`;
  /** Label, control, hint and error of one field; the control gets its id and ARIA from `a11y`. */
  const field = (
    name: FieldName,
    label: ReactNode,
    control: (a11y: {
      id: string;
      name: string;
      "aria-invalid"?: true;
      "aria-describedby"?: string;
      autoFocus?: true;
    }) => ReactNode,
    {
      hint,
      required = false,
      className = "",
    }: { hint?: ReactNode; required?: boolean; className?: string } = {},
  ) => {
    const error = errors[name];
    const describedBy = [hint ? `${fid(name)}-hint` : "", error ? `${fid(name)}-error` : ""]
      .filter(Boolean)
      .join(" ");
    return (
      <div className={`field ${className}`.trim()}>
        <label htmlFor={fid(name)}>
          {label}
          {required ? (
            <>
              {" "}
              <span className="req" aria-hidden="true">
                *
              </span>
            </>
          ) : null}
        </label>
        {control({
          id: fid(name),
          name,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": describedBy || undefined,
          autoFocus: name === firstServerError || undefined,
        })}
        {hint ? (
          <p id={`${fid(name)}-hint`} className="field-hint">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${fid(name)}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  const radio = (value: PublishMode, label: string) => (
    <label className="check">
      <input
        type="radio"
        name="publish"
        value={value}
        checked={publish === value}
        onChange={() => setPublish(value)}
      />{" "}
      {label}
    </label>
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // A second press while the first sending is under way sends nothing.
    if (busy) return event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(
      [...new FormData(form)].filter(([, v]) => typeof v === "string"),
    ) as Partial<PressFormValues>;
    const checked = checkPressForm(values);
    const next: PressFieldErrors = checked.ok ? {} : { ...checked.errors };
    const file = form.querySelector<HTMLInputElement>('input[name="photo"]')?.files?.[0];
    const photoError = checkPhotoFile(file);
    if (photoError) next.photo = photoError;
    setErrors(next);
    const first = ORDER.find((f) => next[f]);
    if (first) {
      event.preventDefault();
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  }

  const required =
    errors.title === PRESS_MESSAGES.required || errors.summary === PRESS_MESSAGES.required;
  const summaryMessage =
    formError ??
    (required
      ? PRESS_MESSAGES.required
      : Object.keys(errors).length
        ? "입력 내용을 확인해 주세요."
        : null);

  return (
    <section
      className="admin-card press-write"
      aria-labelledby={`${id}-heading`}
      id={intent === "create" ? "press-write" : undefined}
    >
      <h2 id={`${id}-heading`} className="admin-card-title">
        {heading}
      </h2>
      <Form
        ref={formRef}
        method="post"
        action={action}
        encType="multipart/form-data"
        className="admin-form"
        noValidate={hydrated}
        onSubmit={onSubmit}
      >
        <input type="hidden" name="intent" value={intent} />
        <p className="admin-required-note">
          <span className="req" aria-hidden="true">
            *
          </span>{" "}
          표시는 필수 항목입니다.
        </p>
        <div className="form-message-slot" aria-live="assertive">
          {summaryMessage ? (
            <p className="form-message is-error" role="alert">
              {summaryMessage}
            </p>
          ) : null}
        </div>
        {field(
          "title",
          "제목",
          (a) => (
            <input {...a} defaultValue={initial.title} maxLength={TITLE_MAX} required />
          ),
          { required: true },
        )}
        {field(
          "summary",
          "요약",
          (a) => (
            <textarea
              {...a}
              rows={3}
              defaultValue={initial.summary}
              maxLength={SUMMARY_MAX}
              required
            />
          ),
          { required: true },
        )}
        {field(
          "body",
          "본문",
          (a) => (
            <textarea {...a} rows={10} defaultValue={initial.body} maxLength={BODY_MAX} />
          ),
          { hint: "한 줄이 한 문단으로 보입니다. HTML은 글자 그대로 보입니다." },
        )}
        <div className="admin-form-row">
          {field("sourceName", "언론사", (a) => (
            <input {...a} defaultValue={initial.sourceName} maxLength={SOURCE_MAX} />
          ))}
          {field(
            "pressDate",
            "보도일",
            (a) => (
              <input {...a} type="date" defaultValue={initial.pressDate} />
            ),
            { hint: "비워 두면 오늘 날짜입니다." },
          )}
        </div>
        {field("sourceUrl", "원문 링크", (a) => (
          <input
            {...a}
            type="url"
            inputMode="url"
            placeholder="https://"
            defaultValue={initial.sourceUrl}
          />
        ))}
        {field(
          "photo",
          "사진",
          (a) => (
            <>
              {photo ? (
                <div className="press-current-photo">
                  <PressPicture
                    photo={photo}
                    alt="지금 사진"
                    sizes="160px"
                    className="press-current-photo-img"
                  />
                  <label className="check">
                    <input type="checkbox" name="removePhoto" /> 사진 삭제
                  </label>
                </div>
              ) : null}
              <input {...a} type="file" accept={PHOTO_TYPES.join(",")} />
            </>
          ),
          { hint: `JPEG, PNG, WebP · 10MB 이하${photo ? " · 새 사진을 고르면 바뀝니다" : ""}` },
        )}
        <fieldset className="field publish-choice">
          <legend>게시</legend>
          {radio(
            "now",
            intent === "update" ? "게시 (이미 게시된 글은 게시 시각 유지)" : "지금 게시",
          )}
          {radio("schedule", "예약 게시")}
          {field(
            "publishAt",
            "예약 일시 (한국 시간)",
            (a) => (
              <input
                {...a}
                type="datetime-local"
                defaultValue={initial.publishAt}
                disabled={hydrated && publish !== "schedule"}
              />
            ),
            {
              className: "publish-at",
              hint: scheduledAt ? `지금 예약: ${formatKoreanDateTime(scheduledAt)}` : undefined,
            },
          )}
          {radio("draft", "임시저장 (방문자에게 보이지 않음)")}
        </fieldset>
        <div className="admin-form-actions">
          <button type="submit" className="btn btn-primary" {...busyButton(busy)}>
            {busy ? "저장 중…" : submitLabel}
          </button>
          {footer}
        </div>
      </Form>
    </section>
  );
}
